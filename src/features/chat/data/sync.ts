// Refreshing the local chat from the server. Local writes win until they are sent: a message with a
// queued send is never overwritten, a room with a queued read mark keeps its unread count of 0, and
// one with a queued mute change keeps the mute chosen here.
// Chat messages are never edited nor deleted on the server: merging a page only adds rows.
import { Dexie } from 'dexie';
import type { ChatMessage, ChatMessageListMeta, ChatRoom, ChatRoomListMeta } from '@/contract/chat';
import { api, apiFetch } from '@/lib/http/api-client';
import { localDb, type PaddockDb } from '@/lib/db';
import { queuedEntityIds } from '@/lib/outbox';
import {
  CHAT_LOCAL_MESSAGES_MAX,
  CHAT_MESSAGES_PAGE,
  CHAT_ROOMS_PAGE,
  directKey,
  muteEntity,
  type ChatRoomRow,
} from './types';
import { adjustChatUnread, applyServerChatUnread } from './unread';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isNotFound = (error: unknown) => (error as { status?: unknown } | null)?.status === 404;

/** Rooms dropped here (left, deleted, removed) and when: an answer asked for before must not bring them back. */
const droppedAt = new Map<string, number>();

/**
 * Puts the server's rooms, asked for at `askedAt`. A room with a queued read mark keeps its local
 * unread count. Returns how much the rooms' unread counts changed (the total follows it when the
 * server did not tell).
 */
export async function mergeRooms(
  database: PaddockDb,
  rooms: ChatRoom[],
  askedAt = Date.now(),
): Promise<number> {
  return database.transaction('rw', database.chatRooms, database.outbox, async () => {
    const queued = await queuedEntityIds(database);
    let delta = 0;
    for (const room of rooms) {
      if ((droppedAt.get(room.id) ?? -1) >= askedAt) continue;
      const local = await database.chatRooms.get(room.id);
      let row = queued.has(room.id) && local ? { ...room, unreadCount: local.unreadCount } : room;
      if (local && queued.has(muteEntity(room.id))) row = { ...row, mutedUntil: local.mutedUntil ?? null };
      if (local) delta += row.unreadCount - local.unreadCount;
      if (!same(local, row)) await database.chatRooms.put(row);
    }
    return delta;
  });
}

/** Puts the server's messages of a room, except those with queued writes. */
export async function mergeMessages(database: PaddockDb, messages: ChatMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await database.transaction('rw', database.chatMessages, database.outbox, async () => {
    const queued = await queuedEntityIds(database);
    const puts: ChatMessage[] = [];
    for (const message of messages) {
      if (queued.has(message.id)) continue;
      if (!same(await database.chatMessages.get(message.id), message)) puts.push(message);
    }
    if (puts.length) await database.chatMessages.bulkPut(puts);
  });
}

/** Keeps a room's newest CHAT_LOCAL_MESSAGES_MAX messages on this device (queued sends always stay). */
export async function trimRoomMessages(
  database: PaddockDb,
  roomId: string,
  keep = CHAT_LOCAL_MESSAGES_MAX,
): Promise<number> {
  return database.transaction('rw', database.chatMessages, database.outbox, async () => {
    const older = await database.chatMessages
      .where('[chatRoomId+createdAt]')
      .between([roomId, Dexie.minKey], [roomId, Dexie.maxKey])
      .reverse()
      .offset(keep)
      .primaryKeys();
    if (older.length === 0) return 0;
    const queued = await queuedEntityIds(database);
    const gone = older.filter((id) => !queued.has(id));
    await database.chatMessages.bulkDelete(gone);
    return gone.length;
  });
}

/** A room I am no longer in (removed, left, deleted): gone with its messages, queued ones aside. */
export async function dropRoom(roomId: string, given?: PaddockDb): Promise<void> {
  const database = given ?? (await localDb());
  droppedAt.set(roomId, Date.now());
  await database.transaction('rw', database.chatRooms, database.chatMessages, database.outbox, async () => {
    const queued = await queuedEntityIds(database);
    const room = await database.chatRooms.get(roomId);
    if (room) await database.chatRooms.delete(roomId);
    const ids = await database.chatMessages.where('chatRoomId').equals(roomId).primaryKeys();
    await database.chatMessages.bulkDelete(ids.filter((id) => !queued.has(id)));
  });
}

export interface RoomsPage {
  total: number;
  received: number;
}

/** One page of my rooms (newest activity first), with the server's unread total. */
export async function syncRooms(
  options: { offset?: number; limit?: number } = {},
  given?: PaddockDb,
): Promise<RoomsPage> {
  const database = given ?? (await localDb());
  const offset = options.offset ?? 0;
  const limit = options.limit ?? CHAT_ROOMS_PAGE;
  const askedAt = Date.now();
  const answer = await apiFetch<ChatRoom[]>('/chat-rooms', { query: { limit, offset } });
  const rooms = answer.data;
  await mergeRooms(database, rooms, askedAt);
  const meta = (answer.meta ?? {}) as Partial<ChatRoomListMeta>;
  const total = typeof meta.total === 'number' ? meta.total : offset + rooms.length;
  // Rooms the server no longer lists in the range this page covers: I left them, or was removed.
  if (offset === 0 || rooms.length > 0) {
    const last = offset + rooms.length >= total;
    const oldest = rooms.map((r) => r.updatedAt).sort()[0];
    const seen = new Set(rooms.map((r) => r.id));
    const inRange = await database.chatRooms
      .where('updatedAt')
      .between(
        last || !oldest ? Dexie.minKey : oldest,
        offset === 0 ? Dexie.maxKey : rooms[0]!.updatedAt,
        true,
        true,
      )
      .toArray();
    for (const room of inRange) {
      if (!seen.has(room.id) && Date.parse(room.updatedAt) < askedAt) await dropRoom(room.id, database);
    }
  }
  if (typeof meta.unreadCount === 'number') await applyServerChatUnread(database, meta.unreadCount, askedAt);
  return { total, received: rooms.length };
}

/** One room from the server (opened, or after a live event); dropped when no longer mine (404). */
export async function syncRoom(id: string, given?: PaddockDb): Promise<ChatRoomRow | null> {
  const database = given ?? (await localDb());
  const askedAt = Date.now();
  let room: ChatRoom;
  try {
    room = await api.get<ChatRoom>(`/chat-rooms/${encodeURIComponent(id)}`);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    await dropRoom(id, database);
    return null;
  }
  const known = await database.chatRooms.get(id);
  const delta = await mergeRooms(database, [room], askedAt);
  if (known) await database.transaction('rw', database.meta, () => adjustChatUnread(database, delta));
  return room;
}

export interface MessagesPage {
  total: number;
  received: number;
  /** The page's oldest message time (null for an empty page). */
  oldest: string | null;
}

/** One page of a room's messages, newest first (offset counts from the newest). */
export async function syncRoomMessages(
  roomId: string,
  options: { offset?: number; limit?: number } = {},
  given?: PaddockDb,
): Promise<MessagesPage> {
  const database = given ?? (await localDb());
  const offset = options.offset ?? 0;
  const answer = await apiFetch<ChatMessage[]>(`/chat-messages/chat-room/${encodeURIComponent(roomId)}`, {
    query: { limit: options.limit ?? CHAT_MESSAGES_PAGE, offset },
  });
  await mergeMessages(database, answer.data);
  // The newest page: the conversation was opened (again); what lies far back goes.
  if (offset === 0) await trimRoomMessages(database, roomId);
  const meta = (answer.meta ?? {}) as Partial<ChatMessageListMeta>;
  return {
    total: typeof meta.total === 'number' ? meta.total : offset + answer.data.length,
    received: answer.data.length,
    oldest: answer.data.map((m) => m.createdAt).sort()[0] ?? null,
  };
}

/** Rows written to a friend before the direct room existed now belong to it. */
export async function adoptDirectRows(database: PaddockDb, friendId: string, roomId: string): Promise<void> {
  await database.chatMessages.where('chatRoomId').equals(directKey(friendId)).modify({ chatRoomId: roomId });
}

/**
 * The direct chat with a friend: its newest page and its room, when one exists (null before the
 * first message). The room's id replaces the friend's placeholder on rows written offline.
 */
export async function syncDirect(friendId: string, given?: PaddockDb): Promise<string | null> {
  const database = given ?? (await localDb());
  const answer = await apiFetch<ChatMessage[]>('/chat-messages', {
    query: { recipientId: friendId, limit: CHAT_MESSAGES_PAGE, offset: 0 },
  });
  const roomId = (answer.meta as Partial<ChatMessageListMeta> | undefined)?.chatRoomId ?? null;
  if (!roomId) return null;
  await mergeMessages(database, answer.data);
  await adoptDirectRows(database, friendId, roomId);
  await syncRoom(roomId, database);
  return roomId;
}

/** One message (a live event) into Dexie; null when it is not mine to see. */
export async function syncChatMessage(id: string, given?: PaddockDb): Promise<ChatMessage | null> {
  const database = given ?? (await localDb());
  try {
    const message = await api.get<ChatMessage>(`/chat-messages/${encodeURIComponent(id)}`);
    await mergeMessages(database, [message]);
    return message;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
