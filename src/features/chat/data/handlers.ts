// After the server confirms a write: a sent message becomes the server's copy (its room, its time),
// rows written to a friend before the direct room existed move into that room, and the room shows
// it as its last message; a read mark takes the server's unread count for the room.
import type { ChatRoomMute, ChatRoomRead } from '@/contract/chat';
import { db as defaultDb, type PaddockDb } from '@/lib/db';
import { createEchoWindow } from '@/lib/offline/echo';
import { type OutboxEntry, type OutboxHandlers, withKindLabels } from '@/lib/outbox';
import { CHAT_KINDS, directKey, isChatMessage, sendFields, type ChatMessageRow } from './types';

/**
 * The server pushes every message to all of its room's participants, the sender's devices too.
 * A message this device sent is not fetched again: ids sent in the last ECHO_WINDOW_MS are kept,
 * and a message still queued or already in Dexie needs no fetch either.
 */
const echoes = createEchoWindow();
export const rememberSent = (id: string): void => echoes.remember(id);
export const sentHere = (id: string): boolean => echoes.sentHere(id);

/** The room whose last message this is becomes newer (the list sorts on updatedAt). */
async function showAsLast(database: PaddockDb, message: ChatMessageRow): Promise<boolean> {
  const room = await database.chatRooms.get(message.chatRoomId);
  if (!room) return false;
  if (room.lastMessage && room.lastMessage.createdAt > message.createdAt) return true;
  const updatedAt = room.updatedAt > message.createdAt ? room.updatedAt : message.createdAt;
  await database.chatRooms.put({ ...room, lastMessage: message, updatedAt });
  return true;
}

export async function reconcileSent(
  entry: OutboxEntry,
  data: unknown,
  database: PaddockDb = defaultDb,
): Promise<void> {
  if (!isChatMessage(data)) return;
  rememberSent(data.id);
  const json = sendFields(entry.body);
  const friendId = typeof json.recipientId === 'string' ? json.recipientId : null;
  const roomKnown = await database.transaction(
    'rw',
    database.chatMessages,
    database.chatRooms,
    database.outbox,
    async () => {
      if (friendId) {
        await database.chatMessages
          .where('chatRoomId')
          .equals(directKey(friendId))
          .modify({ chatRoomId: data.chatRoomId });
      }
      const later = await database.outbox.where('entityId').equals(data.id).count();
      if (later === 0 && (await database.chatMessages.get(data.id))) {
        await database.chatMessages.put(data);
      }
      return showAsLast(database, data);
    },
  );
  // A direct room the first message just created: fetch it for the room list.
  if (!roomKnown) {
    const { syncRoom } = await import('./sync');
    await syncRoom(data.chatRoomId, database).catch(() => undefined);
  }
}

export async function reconcileRead(
  entry: OutboxEntry,
  data: unknown,
  database: PaddockDb = defaultDb,
): Promise<void> {
  const answer = data as Partial<ChatRoomRead> | null;
  if (typeof answer?.chatRoomId !== 'string' || typeof answer.unreadCount !== 'number') return;
  const unreadCount = answer.unreadCount;
  await database.transaction('rw', database.chatRooms, database.outbox, async () => {
    if (
      (await database.outbox
        .where('entityId')
        .equals(entry.entityId ?? '')
        .count()) > 0
    )
      return;
    const room = await database.chatRooms.get(answer.chatRoomId!);
    if (room && room.unreadCount !== unreadCount) {
      await database.chatRooms.put({ ...room, unreadCount });
    }
  });
}

/** A mute the server kept: the room takes its time (the server's clock), unless a later change waits. */
export async function reconcileMute(
  entry: OutboxEntry,
  data: unknown,
  database: PaddockDb = defaultDb,
): Promise<void> {
  const answer = data as Partial<ChatRoomMute> | null;
  if (typeof answer?.chatRoomId !== 'string' || answer.mutedUntil === undefined) return;
  const mutedUntil = answer.mutedUntil;
  await database.transaction('rw', database.chatRooms, database.outbox, async () => {
    if (
      (await database.outbox
        .where('entityId')
        .equals(entry.entityId ?? '')
        .count()) > 0
    )
      return;
    const room = await database.chatRooms.get(answer.chatRoomId!);
    if (room && room.mutedUntil !== mutedUntil) await database.chatRooms.put({ ...room, mutedUntil });
  });
}

/** The chat's reconciliation handlers, by entry kind (the app registers them before a replay). */
// Each kind with its label in the sync panel (the feature names its own writes).
export const chatHandlers: OutboxHandlers = withKindLabels(
  {
    // The live binding `db`: the member's database at the time the answer arrives.
    [CHAT_KINDS.send]: (entry, data) => reconcileSent(entry, data),
    [CHAT_KINDS.read]: (entry, data) => reconcileRead(entry, data),
    [CHAT_KINDS.mute]: (entry, data) => reconcileMute(entry, data),
  },
  {
    [CHAT_KINDS.send]: { label: 'SYNC.KIND_CHAT_SEND', fields: { content: 'SYNC.FIELD_CONTENT' } },
    [CHAT_KINDS.read]: 'SYNC.KIND_CHAT_READ',
    [CHAT_KINDS.mute]: 'SYNC.KIND_CHAT_MUTE',
  },
);
