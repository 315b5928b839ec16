// Test double of the chat API at the fetch boundary: an in-memory server that answers the way the
// real one does (envelopes, client ids answered once, rooms per group and per pair of friends,
// unread counts per participant, pages newest first with meta.total, 404 for non-participants),
// and records every request. The real server is tested in tests/server/chat-*.test.ts.
import type { ChatGroup, ChatMember, ChatMessage, ChatRoom } from '@/contract/chat';
import type { Friend } from '@/contract/people';
import { fakeApiState, listPage, type FakeApiRequest, type JsonHandler } from '@/testing/fake-api-server';
import { errorAnswer, okAnswer } from '@/testing/fetch';
import { API_BASE as API } from '@/contract/constants';

export type FakeRequest = FakeApiRequest;

interface StoredRoom {
  id: string;
  chatGroupId: string | null;
  participants: string[];
  createdAt: string;
  /** participant → how many of the room's messages they have read (by position). */
  readUpTo: Map<string, number>;
  /** My mute of the room's pushes (PUT /chat-rooms/{id}/mute). */
  mutedUntil?: string | null;
}
interface StoredGroup {
  id: string;
  name: string;
  description: string;
  ownerId: string;
  memberIds: string[];
  roomId: string;
  createdAt: string;
  updatedAt: string;
}

export const chatMember = (p: Partial<ChatMember> & { id: string }): ChatMember => ({
  username: 'user',
  firstName: '',
  lastName: '',
  avatar: null,
  ...p,
});

export function installChatServer(options: { me: ChatMember; friends?: Friend[]; others?: ChatMember[] }) {
  const me = options.me;
  const friends = options.friends ?? [];
  const people = new Map<string, ChatMember>([[me.id, me]]);
  for (const f of friends) people.set(f.id, chatMember(f));
  for (const o of options.others ?? []) people.set(o.id, o);
  const rooms = new Map<string, StoredRoom>();
  const groups = new Map<string, StoredGroup>();
  const messages = new Map<string, ChatMessage[]>(); // room → oldest first
  const byId = new Map<string, ChatMessage>();
  const api = fakeApiState<FakeRequest>({ refuseOnce: true });
  let clock = Date.parse('2026-03-10T09:00:00Z');
  const stamp = () => new Date((clock += 60_000)).toISOString();

  const ok = okAnswer;
  const error = errorAnswer;
  const member = (id: string) => people.get(id) ?? chatMember({ id });

  function unreadOf(room: StoredRoom, who = me.id): number {
    const list = messages.get(room.id) ?? [];
    return list.slice(room.readUpTo.get(who) ?? 0).filter((m) => m.sender.id !== who).length;
  }
  function roomView(room: StoredRoom): ChatRoom {
    const list = messages.get(room.id) ?? [];
    const last = list.at(-1) ?? null;
    return {
      id: room.id,
      chatGroupId: room.chatGroupId,
      name: room.chatGroupId ? (groups.get(room.chatGroupId)?.name ?? null) : null,
      participants: room.participants.map(member),
      lastMessage: last,
      unreadCount: unreadOf(room),
      mutedUntil: room.mutedUntil ?? null,
      createdAt: room.createdAt,
      updatedAt: last?.createdAt ?? room.createdAt,
    };
  }
  function groupView(group: StoredGroup): ChatGroup {
    return {
      id: group.id,
      name: group.name,
      description: group.description,
      owner: member(group.ownerId),
      members: group.memberIds.map(member),
      memberCount: group.memberIds.length + 1,
      chatRoomId: group.roomId,
      createdAt: group.createdAt,
      updatedAt: group.updatedAt,
    };
  }
  const mine = (room: StoredRoom | undefined) => Boolean(room?.participants.includes(me.id));

  function newRoom(participants: string[], chatGroupId: string | null): StoredRoom {
    const room: StoredRoom = {
      id: crypto.randomUUID(),
      chatGroupId,
      participants,
      createdAt: stamp(),
      readUpTo: new Map(),
    };
    rooms.set(room.id, room);
    messages.set(room.id, []);
    return room;
  }
  function directRoom(a: string, b: string): StoredRoom | undefined {
    return [...rooms.values()].find(
      (r) => !r.chatGroupId && r.participants.includes(a) && r.participants.includes(b),
    );
  }

  /** A direct room with a friend (as if created by an earlier message). */
  function addDirectRoom(friend: ChatMember): ChatRoom {
    return roomView(directRoom(me.id, friend.id) ?? newRoom([me.id, friend.id], null));
  }

  /** A group (and its room): owner and members by id. */
  function addGroup(fields: { name: string; ownerId: string; memberIds: string[]; description?: string }) {
    const at = stamp();
    const group: StoredGroup = {
      id: crypto.randomUUID(),
      name: fields.name,
      description: fields.description ?? '',
      ownerId: fields.ownerId,
      memberIds: fields.memberIds.filter((id) => id !== fields.ownerId),
      roomId: '',
      createdAt: at,
      updatedAt: at,
    };
    group.roomId = newRoom([group.ownerId, ...group.memberIds], group.id).id;
    groups.set(group.id, group);
    return groupView(group);
  }

  /** Someone (or I, from another device) writes in a room. */
  function post(
    roomId: string,
    from: ChatMember,
    content: string,
    createdAt = stamp(),
    id: string = crypto.randomUUID(),
    images: ChatMessage['images'] = [],
  ) {
    const message: ChatMessage = { id, chatRoomId: roomId, sender: from, content, images, createdAt };
    messages.get(roomId)!.push(message);
    messages
      .get(roomId)!
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
    byId.set(id, message);
    return message;
  }

  function setMembers(group: StoredGroup, ids: string[]) {
    const next = [...new Set(ids)].filter((id) => id !== group.ownerId);
    group.memberIds = next;
    rooms.get(group.roomId)!.participants = [group.ownerId, ...next];
  }

  const handle: JsonHandler = (method, path, body, query, files) => {
    let m: RegExpMatchArray | null;
    if (method === 'GET' && path === '/friends') {
      const { items, meta } = listPage(friends, query);
      return ok({ friends: items }, 200, meta);
    }
    if (method === 'GET' && (m = path.match(/^\/users\/([^/]+)$/))) {
      const person = people.get(m[1]!);
      if (!person) return error(404, 'NOT_FOUND');
      const status =
        person.id === me.id ? 'self' : friends.some((f) => f.id === person.id) ? 'friends' : 'none';
      return ok({
        ...person,
        city: null,
        bio: null,
        email: null,
        friendship: { status, requestId: null },
        createdAt: stamp(),
      });
    }
    if (method === 'GET' && path === '/chat-rooms') {
      const mineRooms = [...rooms.values()]
        .filter(mine)
        .map(roomView)
        .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1));
      const { items, meta } = listPage(mineRooms, query);
      const unreadCount = mineRooms.reduce((sum, r) => sum + r.unreadCount, 0);
      return ok(items, 200, { ...meta, unreadCount });
    }
    if (method === 'GET' && (m = path.match(/^\/chat-rooms\/([^/]+)$/))) {
      const room = rooms.get(m[1]!);
      return mine(room) ? ok(roomView(room!)) : error(404, 'NOT_FOUND');
    }
    if (method === 'GET' && (m = path.match(/^\/chat-messages\/chat-room\/([^/]+)$/))) {
      const room = rooms.get(m[1]!);
      if (!mine(room)) return error(404, 'NOT_FOUND');
      const list = [...(messages.get(room!.id) ?? [])].reverse();
      const { items, meta } = listPage(list, query);
      return ok(items, 200, { ...meta, chatRoomId: room!.id });
    }
    if (method === 'GET' && path === '/chat-messages') {
      const recipientId = query.get('recipientId');
      const groupId = query.get('chatGroupId');
      const room = recipientId
        ? directRoom(me.id, recipientId)
        : groups.get(groupId ?? '')
          ? rooms.get(groups.get(groupId!)!.roomId)
          : undefined;
      if (!room) {
        if (groupId) return error(404, 'NOT_FOUND');
        return ok([], 200, { total: 0, limit: 20, offset: 0, chatRoomId: null });
      }
      const list = [...(messages.get(room.id) ?? [])].reverse();
      const { items, meta } = listPage(list, query);
      return ok(items, 200, { ...meta, chatRoomId: room.id });
    }
    if (method === 'POST' && (path === '/chat-messages' || path === '/chat-messages/with-images')) {
      const id = body.id as string;
      const stored = byId.get(id);
      if (stored) return ok(stored);
      const content = String(body.content ?? '').trim();
      // As the server: photos (at most four) alone are a line.
      if (!content && files.length === 0) return error(400, 'VALIDATION_ERROR');
      if (files.length > 4) return error(400, 'TOO_MANY_IMAGES');
      const images = files.map(() => {
        const mediaId = crypto.randomUUID();
        return { id: mediaId, url: `${API}/chat-messages/${id}/images/${mediaId}`, width: 640, height: 480 };
      });
      let room: StoredRoom | undefined;
      if (typeof body.recipientId === 'string') {
        if (!friends.some((f) => f.id === body.recipientId)) return error(400, 'NOT_A_FRIEND');
        room = directRoom(me.id, body.recipientId) ?? newRoom([me.id, body.recipientId], null);
      } else if (typeof body.chatRoomId === 'string') room = rooms.get(body.chatRoomId);
      else if (typeof body.chatGroupId === 'string')
        room = rooms.get(groups.get(body.chatGroupId)?.roomId ?? '');
      if (!mine(room)) return error(404, 'NOT_FOUND');
      return ok(post(room!.id, me, content, stamp(), id, images), 201);
    }
    if ((method === 'PUT' || method === 'DELETE') && (m = path.match(/^\/chat-rooms\/([^/]+)\/mute$/))) {
      const room = rooms.get(m[1]!);
      if (!mine(room)) return error(404, 'NOT_FOUND');
      const duration = body.duration as string | undefined;
      room!.mutedUntil =
        method === 'DELETE'
          ? null
          : duration === 'forever'
            ? '9999-12-31T23:59:59.999Z'
            : new Date(Date.now() + (duration === '8h' ? 8 : 7 * 24) * 3600_000).toISOString();
      return ok({ chatRoomId: room!.id, mutedUntil: room!.mutedUntil });
    }
    if (method === 'POST' && (m = path.match(/^\/chat-messages\/([^/]+)\/mark-all-read$/))) {
      const room = rooms.get(m[1]!);
      if (!mine(room)) return error(404, 'NOT_FOUND');
      room!.readUpTo.set(me.id, messages.get(room!.id)!.length);
      return ok({ chatRoomId: room!.id, unreadCount: 0, lastReadAt: stamp() });
    }
    if (method === 'GET' && (m = path.match(/^\/chat-messages\/([^/]+)$/))) {
      const message = byId.get(m[1]!);
      return message && mine(rooms.get(message.chatRoomId)) ? ok(message) : error(404, 'NOT_FOUND');
    }
    if (method === 'POST' && path === '/chat-groups') {
      const id = body.id as string;
      if (groups.has(id)) return ok(groupView(groups.get(id)!));
      const memberIds = (body.memberIds as string[]) ?? [];
      if (memberIds.some((x) => !friends.some((f) => f.id === x))) return error(400, 'NOT_A_FRIEND');
      const at = stamp();
      const group: StoredGroup = {
        id,
        name: String(body.name).trim(),
        description: String(body.description ?? '').trim(),
        ownerId: me.id,
        memberIds: [],
        roomId: newRoom([me.id], id).id,
        createdAt: at,
        updatedAt: at,
      };
      groups.set(id, group);
      setMembers(group, memberIds);
      return ok(groupView(group), 201);
    }
    if ((m = path.match(/^\/chat-groups\/([^/]+)(\/leave)?$/))) {
      const group = groups.get(m[1]!);
      if (!group || (group.ownerId !== me.id && !group.memberIds.includes(me.id)))
        return error(404, 'NOT_FOUND');
      if (m[2] && method === 'POST') {
        if (group.ownerId === me.id) return error(400, 'OWNER_CANNOT_LEAVE');
        setMembers(
          group,
          group.memberIds.filter((x) => x !== me.id),
        );
        return ok({ id: group.id });
      }
      if (method === 'GET') return ok(groupView(group));
      if (group.ownerId !== me.id) return error(403, 'FORBIDDEN');
      if (method === 'PUT') {
        if (typeof body.name === 'string') group.name = body.name.trim();
        if (typeof body.description === 'string') group.description = body.description.trim();
        if (Array.isArray(body.memberIds)) {
          const ids = body.memberIds as string[];
          const added = ids.filter((x) => !group.memberIds.includes(x));
          if (added.some((x) => !friends.some((f) => f.id === x))) return error(400, 'NOT_A_FRIEND');
          setMembers(group, ids);
        }
        group.updatedAt = stamp();
        return ok(groupView(group));
      }
      if (method === 'DELETE') {
        groups.delete(group.id);
        rooms.delete(group.roomId);
        return ok({ id: group.id });
      }
    }
    return error(404, 'NOT_FOUND');
  };

  api.serveJson(handle);

  return {
    rooms,
    groups,
    messages,
    requests: api.requests,
    addDirectRoom,
    addGroup,
    post,
    groupView: (id: string) => groupView(groups.get(id)!),
    roomView: (id: string) => roomView(rooms.get(id)!),
    unread: (roomId: string) => unreadOf(rooms.get(roomId)!),
    /** `failNext`: the next request `METHOD /path` is answered with this error (once). */
    ...api.controls,
  };
}
