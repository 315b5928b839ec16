// The chat read from Dexie (docs/OFFLINE-FIRST.md property 8): live queries that re-render on every local
// change, whichever tab made it. Messages carry their sync state from the outbox.
import { Dexie } from 'dexie';
import { useLive } from '@/lib/offline/live';
import { db } from '@/lib/db';
import { CHAT_KINDS, type ChatMessageRow, type ChatRoomRow, type LocalChatMessage } from './types';
import { readChatUnread } from './unread';

type SendState = { state: 'pending' | 'failed'; entryId: string };

/** Message id → its queued send (index reads: only the chat's sends). */
async function sendStates(): Promise<Map<string, SendState>> {
  const sends = await db.outbox.where('kind').equals(CHAT_KINDS.send).toArray();
  return new Map(
    sends
      .filter((entry) => entry.entityId)
      .map((entry) => [
        entry.entityId!,
        { state: entry.status === 'failed' ? 'failed' : 'pending', entryId: entry.id },
      ]),
  );
}

export interface RoomsView {
  rooms: ChatRoomRow[];
  /** This device holds more rooms past `limit`. */
  more: boolean;
}

/** My rooms on this device, newest activity first. */
export function useRooms(limit: number): RoomsView | undefined {
  return useLive(async () => {
    const rows = await db.chatRooms
      .orderBy('updatedAt')
      .reverse()
      .limit(limit + 1)
      .toArray();
    return { rooms: rows.slice(0, limit), more: rows.length > limit };
  }, [limit]);
}

export function useRoom(id: string | null): ChatRoomRow | null | undefined {
  return useLive(async () => {
    if (!id) return null;
    return (await db.chatRooms.get(id)) ?? null;
  }, [id]);
}

/** The direct room with a friend, when this device knows it (null otherwise). */
export function useDirectRoomId(friendId: string): string | null | undefined {
  return useLive(async () => {
    const rooms = await db.chatRooms.toArray();
    const room = rooms.find((r) => !r.chatGroupId && r.participants.some((p) => p.id === friendId));
    return room?.id ?? null;
  }, [friendId]);
}

export interface MessagesView {
  /** Oldest first, as a conversation reads. */
  messages: LocalChatMessage[];
  /** This device holds more messages past `limit`. */
  more: boolean;
}

/** The newest `limit` messages of a room on this device, each with its send state. */
export function useRoomMessages(roomId: string, limit: number): MessagesView | undefined {
  return useLive(async () => {
    const [rows, states] = await Promise.all([
      db.chatMessages
        .where('[chatRoomId+createdAt]')
        .between([roomId, Dexie.minKey], [roomId, Dexie.maxKey])
        .reverse()
        .limit(limit + 1)
        .toArray() as unknown as Promise<ChatMessageRow[]>,
      sendStates(),
    ]);
    const messages = rows
      .slice(0, limit)
      .reverse()
      .map((row): LocalChatMessage => {
        const send = states.get(row.id);
        return send ? { ...row, syncState: send.state, entryId: send.entryId } : row;
      });
    return { messages, more: rows.length > limit };
  }, [roomId, limit]);
}

/** How many messages of a room this device holds from `since` on (the server's offset for older pages). */
export async function countSentSince(roomId: string, since: string): Promise<number> {
  const [ids, states] = await Promise.all([
    db.chatMessages
      .where('[chatRoomId+createdAt]')
      .between([roomId, since], [roomId, Dexie.maxKey], true, true)
      .primaryKeys(),
    sendStates(),
  ]);
  return ids.filter((id) => !states.has(id as string)).length;
}

/** My unread chat messages over all rooms; null until the server has told it once. */
export function useChatUnread(): number | null | undefined {
  return useLive(async () => (await readChatUnread(db))?.count ?? null, []);
}
