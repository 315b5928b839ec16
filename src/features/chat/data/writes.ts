// The chat's writes (docs/OFFLINE-FIRST.md): the local row and its outbox entry in one Dexie
// transaction. A message keeps its client id through every retry (the server answers a repeat
// with the stored message: exactly once), and the sends of one room form one chain: each depends
// on the previous queued send of that room, so a room's messages reach the server in the order
// they were written, one at a time.
import { signedInAuthor } from '@/lib/auth/signed-in-author';
import { localDb, type PaddockDb } from '@/lib/db';
import { NothingToMark, queueReadMark } from '@/lib/offline/read-mark';
import { MESSAGE_IMAGES_MAX } from '@/contract/constants';
import { localMediaUrl } from '@/lib/offline/types';
import { formBody, mediaRows, offlineWrite, queueWrite } from '@/lib/offline/write';
import { retryEntry, type OutboxEntry } from '@/lib/outbox';
import { CHAT_MUTED_FOREVER, type ChatMuteDuration } from '@/contract/web-push';
import { CHAT_KINDS, directKey, isDirectKey, muteEntity, sendFields, type ChatMessageRow } from './types';
import { adjustChatUnread } from './unread';

// Sends are queued one after the other in this tab: each one reads the previous one of its chain.
let sending: Promise<unknown> = Promise.resolve();
// Local times strictly increase: two messages written in one millisecond keep their order on screen.
let lastStamp = 0;
function nextStamp(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp).toISOString();
}
function inTurn<T>(run: () => Promise<T>): Promise<T> {
  const next = sending.then(run, run);
  sending = next.catch(() => undefined);
  return next;
}

/** Where a message goes: a room I am in, or a friend (whose direct room may not exist yet). */
export type ChatTarget =
  { chatRoomId: string; friendId?: string } | { friendId: string; chatRoomId?: undefined };

/** The last queued send of the same room (or to the same friend): the new one waits for it. */
async function previousSend(database: PaddockDb, target: ChatTarget): Promise<OutboxEntry | undefined> {
  const sends = await database.outbox.where('kind').equals(CHAT_KINDS.send).sortBy('seq');
  const sameChain = sends.filter((entry) => {
    const json = sendFields(entry.body);
    return (
      (target.chatRoomId !== undefined && json.chatRoomId === target.chatRoomId) ||
      (target.friendId !== undefined && json.recipientId === target.friendId)
    );
  });
  return sameChain.at(-1);
}

/**
 * Sends a chat message, with up to MESSAGE_IMAGES_MAX photos (stored on this device and shown from
 * there until sent, all in the one entry); resolves with its client id once it is kept here.
 */
export function sendChatMessage(
  target: ChatTarget,
  content: string,
  given?: PaddockDb,
  images: Blob[] = [],
): Promise<string> {
  if (images.length > MESSAGE_IMAGES_MAX)
    return Promise.reject(new RangeError(`A chat message carries at most ${MESSAGE_IMAGES_MAX} photos`));
  return inTurn(() =>
    offlineWrite(given, async (database) => {
      const sender = signedInAuthor();
      const text = content.trim();
      const id = crypto.randomUUID();
      const entryId = crypto.randomUUID();
      const rows = mediaRows(entryId, images, Date.now(), (i) => `photo-${i + 1}`);
      const room = target.chatRoomId && !isDirectKey(target.chatRoomId) ? target.chatRoomId : undefined;
      const roomKey = room ?? directKey(target.friendId!);
      const row: ChatMessageRow = {
        id,
        chatRoomId: roomKey,
        sender,
        content: text,
        images: rows.map((r) => ({ id: r.id, url: localMediaUrl(r.id), width: null, height: null })),
        createdAt: nextStamp(),
      };
      const data = room
        ? { id, content: text, chatRoomId: room }
        : { id, content: text, recipientId: target.friendId };
      const previous = await previousSend(database, target);
      await queueWrite(
        database,
        {
          id: entryId,
          kind: CHAT_KINDS.send,
          entityId: id,
          method: 'POST',
          path: rows.length > 0 ? '/chat-messages/with-images' : '/chat-messages',
          body: rows.length > 0 ? formBody(data, 'images', rows) : { type: 'json', json: data },
          ...(previous ? { dependsOn: [previous.id] } : {}),
        },
        async (tx) => {
          if (rows.length > 0) await tx.mediaBlobs.bulkAdd(rows);
          await tx.chatMessages.put(row);
          const local = room ? await tx.chatRooms.get(room) : undefined;
          if (local) {
            await tx.chatRooms.put({
              ...local,
              lastMessage: row,
              updatedAt: row.createdAt,
            });
          }
        },
      );
      return id;
    }),
  );
}

/** A refused send, sent again as it is (same client id; its chain's later sends follow it). */
export async function retryChatMessage(entryId: string, given?: PaddockDb): Promise<void> {
  const database = given ?? (await localDb());
  await retryEntry(entryId, database);
}

/**
 * Marks every message of a room read (POST …/mark-all-read). Only a room with unread messages is
 * marked: its count drops to 0 here, and the total with it, in the transaction that queues the
 * POST. Resolves true when a read mark was queued.
 */
export function markRoomRead(roomId: string, given?: PaddockDb): Promise<boolean> {
  return queueReadMark(
    given,
    {
      kind: CHAT_KINDS.read,
      entityId: roomId,
      method: 'POST',
      path: `/chat-messages/${encodeURIComponent(roomId)}/mark-all-read`,
    },
    async (tx) => {
      const room = await tx.chatRooms.get(roomId);
      if (!room || room.unreadCount <= 0) throw new NothingToMark();
      await tx.chatRooms.put({ ...room, unreadCount: 0 });
      await adjustChatUnread(tx, -room.unreadCount);
    },
  );
}

const MUTE_MS: Record<Exclude<ChatMuteDuration, 'forever'>, number> = {
  '8h': 8 * 60 * 60 * 1000,
  week: 7 * 24 * 60 * 60 * 1000,
};

/** Until when a mute chosen at `now` lasts, as the server counts it (from now; null: unmuted). */
export function mutedUntilFor(duration: ChatMuteDuration | null, now = Date.now()): string | null {
  if (duration === null) return null;
  return duration === 'forever' ? CHAT_MUTED_FOREVER : new Date(now + MUTE_MS[duration]).toISOString();
}

/**
 * Mutes a room's pushes on my devices for 8 hours, a week or until I unmute it (null: unmutes),
 * offline like every write: the room shows it at once, and PUT or DELETE /chat-rooms/{id}/mute
 * follows, after any earlier change of the same room's mute (so the last choice wins).
 */
export function muteRoom(
  roomId: string,
  duration: ChatMuteDuration | null,
  given?: PaddockDb,
): Promise<void> {
  return offlineWrite(given, async (database) => {
    const path = `/chat-rooms/${encodeURIComponent(roomId)}/mute`;
    await queueWrite(
      database,
      {
        kind: CHAT_KINDS.mute,
        entityId: muteEntity(roomId),
        method: duration === null ? 'DELETE' : 'PUT',
        path,
        ...(duration === null ? {} : { body: { type: 'json' as const, json: { duration } } }),
        after: [muteEntity(roomId)],
      },
      async (tx) => {
        const room = await tx.chatRooms.get(roomId);
        if (room) await tx.chatRooms.put({ ...room, mutedUntil: mutedUntilFor(duration) });
      },
    );
  });
}
