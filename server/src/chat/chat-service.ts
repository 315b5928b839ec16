// Chat: the rules (groups of the owner's friends, direct chat between friends, participants only,
// plain text) and the realtime events they raise. Chat events are realtime-only (36-dash id), so
// chat does not flood the notification list; only being added to a group is stored (the bell tells
// the newcomer who added them to which group).
import { randomUUID } from 'node:crypto';
import {
  type ChatGroup,
  type ChatGroupCreate,
  type ChatGroupUpdate,
  type ChatMessage,
  type ChatMessageCreate,
  type ChatRoom,
  type ChatRoomRead,
} from '../../../src/contract/chat';
import {
  CHAT_GROUP_DESCRIPTION_MAX,
  CHAT_GROUP_NAME_MAX,
  CHAT_MESSAGE_CONTENT_MAX,
  type ChatGroupAction,
  type ChatRoomAction,
} from '../../../src/contract/constants';
import { badRequest, conflict, forbidden, notFound, foundOr404 } from '../http/errors';
import { excerptOf } from '../notifications/excerpt';
import type { NotificationsService } from '../notifications/notifications-service';
import type { ChatMessageRow, ChatRoomRow } from './chat-tables';
import type { ChatRepository } from './chat-repository';

interface Deps {
  chat: ChatRepository;
  areFriends(a: string, b: string): Promise<boolean>;
  friendIdsOf(memberId: string): Promise<string[]>;
  notifications: Pick<NotificationsService, 'createQuietly' | 'createRealtimeOnly' | 'readRelatedQuietly'>;
  now?: () => Date;
}

export const NOT_A_FRIEND = 'You can only chat with your friends.';
const INVALID = 'Some fields are missing or invalid.';

/** Plain text trimmed; 400 on the field when outside 1..max (min 0 for optional texts). */
function plainText(value: string, field: string, max: number, min = 1): string {
  const text = value.trim();
  if (text.length < min || text.length > max)
    throw badRequest(INVALID, [{ field, message: `must have ${min} to ${max} characters` }]);
  return text;
}

/** Exactly one of the given fields is set; 400 otherwise. */
function exactlyOne<K extends string>(input: Partial<Record<K, unknown>>, keys: K[], where: string): K {
  const set = keys.filter((k) => input[k] !== undefined);
  if (set.length !== 1)
    throw badRequest(INVALID, [{ field: where, message: `must have exactly one of ${keys.join(', ')}` }]);
  return set[0]!;
}

export function chatService({ chat, areFriends, friendIdsOf, notifications, now = () => new Date() }: Deps) {
  function groupEvent(memberIds: Iterable<string>, groupId: string, roomId: string, action: ChatGroupAction) {
    for (const memberId of memberIds)
      notifications.createRealtimeOnly(memberId, {
        type: 'chatgroup',
        jsonPayload: { relatedChatGroupId: groupId, relatedChatRoomId: roomId, action },
      });
  }

  function roomEvent(
    memberIds: Iterable<string>,
    roomId: string,
    groupId: string | null,
    action: ChatRoomAction,
  ) {
    for (const memberId of memberIds)
      notifications.createRealtimeOnly(memberId, {
        type: 'chatroom',
        jsonPayload: { relatedChatRoomId: roomId, relatedChatGroupId: groupId, action },
      });
  }

  /** A stored notification to each newcomer: who added them, to which group (its name). */
  async function tellAdded(memberIds: string[], byId: string, groupId: string, roomId: string, name: string) {
    for (const memberId of memberIds)
      await notifications.createQuietly(memberId, {
        type: 'chatgroup',
        jsonPayload: {
          relatedChatGroupId: groupId,
          relatedChatRoomId: roomId,
          actorId: byId,
          action: 'added',
          excerpt: excerptOf(name),
        },
      });
  }

  /** The group if the member is in it; 404 otherwise (the same as an unknown group). */
  async function groupOf(memberId: string, groupId: string) {
    const group = await chat.findGroup(groupId);
    if (!group || !(await chat.isGroupMember(groupId, memberId))) throw notFound('Chat group');
    return group;
  }

  async function groupView(groupId: string): Promise<ChatGroup> {
    return foundOr404(await chat.groupView(groupId), 'Chat group');
  }

  /** The room if the member is a participant; 404 otherwise. */
  async function roomOf(memberId: string, roomId: string): Promise<ChatRoomRow> {
    const room = await chat.findRoom(roomId);
    if (!room || !(await chat.isParticipant(roomId, memberId))) throw notFound('Chat room');
    return room;
  }

  /** Newcomers must all be the owner's friends: 400 naming the others. */
  async function checkFriends(ownerId: string, ids: string[]) {
    if (ids.length === 0) return;
    const friends = new Set(await friendIdsOf(ownerId));
    const strangers = ids.filter((id) => !friends.has(id));
    if (strangers.length > 0)
      throw badRequest(INVALID, [
        { field: 'body.memberIds', message: `must be your friends (not: ${strangers.join(', ')})` },
      ]);
  }

  const cleanIds = (ids: string[], ownerId: string) => [...new Set(ids)].filter((id) => id !== ownerId);

  async function messageView(row: ChatMessageRow): Promise<ChatMessage> {
    return foundOr404(await chat.messageView(row), 'Chat message');
  }

  /** A repeated client id: the stored message when it is this sender's, else 409. */
  async function replayed(memberId: string, id: string): Promise<ChatMessage> {
    const stored = await chat.findMessage(id);
    if (!stored || stored.sender_id !== memberId)
      throw conflict('This id is already in use.', [{ field: 'body.id', message: 'is already in use' }]);
    return messageView(stored);
  }

  /** The room a message goes to, checking the sender may write there. */
  async function destination(
    memberId: string,
    input: ChatMessageCreate,
  ): Promise<{ room: ChatRoomRow; createdDirect: boolean }> {
    const target = exactlyOne(input, ['recipientId', 'chatGroupId', 'chatRoomId'], 'body');
    if (target === 'recipientId') {
      const recipientId = input.recipientId!;
      if (recipientId === memberId)
        throw badRequest(INVALID, [{ field: 'body.recipientId', message: 'must be another member' }]);
      if (!(await areFriends(memberId, recipientId))) throw forbidden(NOT_A_FRIEND);
      const existing = await chat.findDirectRoom(memberId, recipientId);
      if (existing) return { room: existing, createdDirect: false };
      const { room, created } = await chat.ensureDirectRoom(
        memberId,
        recipientId,
        randomUUID(),
        now().toISOString(),
      );
      return { room, createdDirect: created };
    }
    // Whether the sender is a participant is checked in the message's own transaction (404).
    if (target === 'chatGroupId') {
      const room = await chat.findGroupRoom(input.chatGroupId!);
      if (!room) throw notFound('Chat group');
      return { room, createdDirect: false };
    }
    const room = await chat.findRoom(input.chatRoomId!);
    if (!room) throw notFound('Chat room');
    // A direct room: the two must still be friends to write (they keep reading their history).
    if (room.direct_key !== null && room.direct_key.split(':').includes(memberId)) {
      const other = room.direct_key.split(':').find((id) => id !== memberId);
      if (!other || !(await areFriends(memberId, other))) throw forbidden(NOT_A_FRIEND);
    }
    return { room, createdDirect: false };
  }

  return {
    // ---------- groups ----------

    async listGroups(memberId: string, query: { limit: number; offset: number; withMembers: boolean }) {
      return chat.groupPage(memberId, query);
    },

    async getGroup(memberId: string, groupId: string): Promise<ChatGroup> {
      await groupOf(memberId, groupId);
      return groupView(groupId);
    },

    /** Creates a group of the owner's friends. `created: false` answers a replayed client id. */
    async createGroup(
      ownerId: string,
      input: ChatGroupCreate,
    ): Promise<{ group: ChatGroup; created: boolean }> {
      if (input.id) {
        const stored = await chat.findGroup(input.id);
        if (stored) {
          if (stored.owner_id !== ownerId)
            throw conflict('This id is already in use.', [
              { field: 'body.id', message: 'is already in use' },
            ]);
          return { group: await groupView(stored.id), created: false };
        }
      }
      const name = plainText(input.name, 'body.name', CHAT_GROUP_NAME_MAX);
      const description = plainText(
        input.description ?? '',
        'body.description',
        CHAT_GROUP_DESCRIPTION_MAX,
        0,
      );
      const memberIds = cleanIds(input.memberIds, ownerId);
      await checkFriends(ownerId, memberIds);
      const id = input.id ?? randomUUID();
      const roomId = randomUUID();
      const created = await chat.createGroup({
        id,
        ownerId,
        name,
        description,
        memberIds,
        roomId,
        now: now().toISOString(),
      });
      if (!created) {
        const stored = await chat.findGroup(id);
        if (!stored || stored.owner_id !== ownerId) throw conflict('This id is already in use.');
        return { group: await groupView(id), created: false };
      }
      groupEvent([ownerId, ...memberIds], id, roomId, 'created');
      roomEvent([ownerId, ...memberIds], roomId, id, 'created');
      await tellAdded(memberIds, ownerId, id, roomId, name);
      return { group: await groupView(id), created: true };
    },

    /** The owner renames, describes, or sets the members (403 for other members, 404 for others). */
    async updateGroup(memberId: string, groupId: string, input: ChatGroupUpdate): Promise<ChatGroup> {
      const group = await groupOf(memberId, groupId);
      if (group.owner_id !== memberId) throw forbidden('Only the owner can change the group.');
      const name =
        input.name === undefined ? undefined : plainText(input.name, 'body.name', CHAT_GROUP_NAME_MAX);
      const description =
        input.description === undefined
          ? undefined
          : plainText(input.description, 'body.description', CHAT_GROUP_DESCRIPTION_MAX, 0);
      const before = new Set(await chat.groupMemberIds(groupId));
      let add: string[] = [];
      let remove: string[] = [];
      if (input.memberIds !== undefined) {
        const wanted = new Set(cleanIds(input.memberIds, memberId));
        add = [...wanted].filter((id) => !before.has(id));
        remove = [...before].filter((id) => id !== memberId && !wanted.has(id));
        await checkFriends(memberId, add);
      }
      await chat.updateGroup(groupId, group.room_id, {
        name,
        description,
        add,
        remove,
        now: now().toISOString(),
      });
      const stayed = [...before].filter((id) => !remove.includes(id));
      groupEvent(stayed, groupId, group.room_id, 'updated');
      await tellAdded(add, memberId, groupId, group.room_id, name ?? group.name);
      groupEvent(add, groupId, group.room_id, 'added');
      groupEvent(remove, groupId, group.room_id, 'removed');
      roomEvent(stayed, group.room_id, groupId, 'updated');
      roomEvent(add, group.room_id, groupId, 'created');
      roomEvent(remove, group.room_id, groupId, 'removed');
      return groupView(groupId);
    },

    /** The owner deletes the group, its room and its messages (403 for other members). */
    async deleteGroup(memberId: string, groupId: string): Promise<{ id: string }> {
      const group = await groupOf(memberId, groupId);
      if (group.owner_id !== memberId) throw forbidden('Only the owner can delete the group.');
      const everyone = await chat.groupMemberIds(groupId);
      await chat.deleteGroup(groupId);
      groupEvent(everyone, groupId, group.room_id, 'deleted');
      roomEvent(everyone, group.room_id, groupId, 'removed');
      return { id: groupId };
    },

    /** A member (not the owner: 403, the owner deletes instead) leaves the group and its room. */
    async leaveGroup(memberId: string, groupId: string): Promise<{ id: string }> {
      const group = await groupOf(memberId, groupId);
      if (group.owner_id === memberId)
        throw forbidden('The owner cannot leave the group; delete it or hand it over instead.');
      if (await chat.leaveGroup(groupId, group.room_id, memberId)) {
        const rest = await chat.groupMemberIds(groupId);
        groupEvent([memberId], groupId, group.room_id, 'removed');
        roomEvent([memberId], group.room_id, groupId, 'removed');
        groupEvent(rest, groupId, group.room_id, 'left');
        roomEvent(rest, group.room_id, groupId, 'updated');
      }
      return { id: groupId };
    },

    // ---------- rooms ----------

    listRooms(memberId: string, query: { limit: number; offset: number }) {
      return chat.roomPage(memberId, query);
    },

    async getRoom(memberId: string, roomId: string): Promise<ChatRoom> {
      return foundOr404(await chat.roomView(roomId, memberId), 'Chat room');
    },

    /**
     * Marks every message of the room read for me (again: no change). My other devices hear of it;
     * my stored notifications about the room (being added to its group) are read too.
     */
    async markAllRead(memberId: string, roomId: string): Promise<ChatRoomRead> {
      const at = now().toISOString();
      const room = await chat.findRoom(roomId);
      const before = room ? await chat.markAllRead(roomId, memberId, at) : undefined;
      if (!room || before === undefined) throw notFound('Chat room');
      if (before > 0) roomEvent([memberId], roomId, room.chat_group_id, 'read');
      await notifications.readRelatedQuietly(memberId, 'chatroom', roomId);
      return { chatRoomId: roomId, unreadCount: 0, lastReadAt: at };
    },

    // ---------- messages ----------

    async getMessage(memberId: string, id: string): Promise<ChatMessage> {
      const row = await chat.findMessage(id);
      if (!row || !(await chat.isParticipant(row.chat_room_id, memberId))) throw notFound('Chat message');
      return messageView(row);
    },

    async roomMessages(memberId: string, roomId: string, page: { limit: number; offset: number }) {
      const room = await roomOf(memberId, roomId);
      return { ...(await chat.messagePage(room, page)), chatRoomId: room.id };
    },

    /**
     * GET /chat-messages by recipientId (the direct room with them: empty while none exists) or
     * chatGroupId (404 when I am not in the group).
     */
    async listMessages(
      memberId: string,
      query: { limit: number; offset: number; recipientId?: string; chatGroupId?: string },
    ): Promise<{ items: ChatMessage[]; total: number; chatRoomId: string | null }> {
      const by = exactlyOne(query, ['recipientId', 'chatGroupId'], 'querystring');
      const page = { limit: query.limit, offset: query.offset };
      if (by === 'recipientId') {
        const room = await chat.findDirectRoom(memberId, query.recipientId!);
        if (!room || !(await chat.isParticipant(room.id, memberId)))
          return { items: [], total: 0, chatRoomId: null };
        return { ...(await chat.messagePage(room, page)), chatRoomId: room.id };
      }
      const group = await groupOf(memberId, query.chatGroupId!);
      const room = await chat.findRoom(group.room_id);
      if (!room) throw notFound('Chat group');
      return { ...(await chat.messagePage(room, page)), chatRoomId: room.id };
    },

    /**
     * Posts a message. `created: false` when this member already sent one with this client id:
     * the stored one, nothing new, no second push. Every participant's sockets (the sender's other
     * devices too) get a realtime-only `chatmessage` event.
     */
    async send(
      memberId: string,
      input: ChatMessageCreate,
    ): Promise<{ message: ChatMessage; created: boolean }> {
      if (input.id && (await chat.findMessage(input.id)))
        return { message: await replayed(memberId, input.id), created: false };
      const content = plainText(input.content, 'body.content', CHAT_MESSAGE_CONTENT_MAX);
      const { room, createdDirect } = await destination(memberId, input);
      const id = input.id ?? randomUUID();
      const result = await chat.insertMessage({
        id,
        roomId: room.id,
        senderId: memberId,
        content,
        now: now().toISOString(),
      });
      if (result.status === 'replayed') return { message: await replayed(memberId, id), created: false };
      if (result.status !== 'created') throw notFound(input.chatGroupId ? 'Chat group' : 'Chat room');
      const participants = result.participantIds;
      if (createdDirect) roomEvent(participants, room.id, null, 'created');
      for (const participant of participants)
        notifications.createRealtimeOnly(participant, {
          type: 'chatmessage',
          jsonPayload: {
            relatedChatRoomId: room.id,
            relatedChatMessageId: id,
            relatedChatGroupId: room.chat_group_id,
            senderId: memberId,
          },
        });
      return { message: await messageView(result.message), created: true };
    },

    /** The other participants of a room when `memberId` is one of them; null otherwise (typing). */
    async typingTargets(memberId: string, roomId: string): Promise<string[] | null> {
      const ids = await chat.participantIds(roomId);
      if (!ids.includes(memberId)) return null;
      return ids.filter((id) => id !== memberId);
    },
  };
}

export type ChatService = ReturnType<typeof chatService>;
