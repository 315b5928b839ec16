// My unread chat messages over all rooms on this device (a Dexie meta row, so the badge shows
// offline). The figure comes from the server (GET /chat-rooms meta.unreadCount) unless read marks
// are still queued here: they already lowered it, and the answer to the last of them tells.
import type { PaddockDb } from '@/lib/db';
import { CHAT_KINDS, CHAT_UNREAD_KEY } from './types';

interface UnreadValue {
  count: number;
  /** When the server figure it stems from was asked for: older answers are ignored. */
  serverAt: number;
}

function isUnreadValue(value: unknown): value is UnreadValue {
  const v = value as Partial<UnreadValue> | null;
  return typeof v?.count === 'number' && typeof v.serverAt === 'number';
}

export async function readChatUnread(database: PaddockDb): Promise<UnreadValue | undefined> {
  const row = await database.meta.get(CHAT_UNREAD_KEY);
  return isUnreadValue(row?.value) ? row.value : undefined;
}

/** A local change (a room read here, a message that arrived): call inside the write's transaction. */
export async function adjustChatUnread(database: PaddockDb, delta: number, knownAt?: number): Promise<void> {
  const current = await readChatUnread(database);
  if (!current || delta === 0) return;
  await database.meta.put({
    key: CHAT_UNREAD_KEY,
    value: {
      count: Math.max(0, current.count + delta),
      serverAt: knownAt === undefined ? current.serverAt : Math.max(current.serverAt, knownAt),
    },
  });
}

/** Takes the server's figure asked for at `askedAt`, unless it is out of date. */
export async function applyServerChatUnread(database: PaddockDb, count: number, askedAt: number) {
  return database.transaction('rw', database.meta, database.outbox, async () => {
    const current = await readChatUnread(database);
    if (current && askedAt < current.serverAt) return false;
    const queued = await database.outbox
      .where('kind')
      .equals(CHAT_KINDS.read)
      .filter((entry) => entry.status !== 'failed')
      .count();
    if (queued > 0) return false;
    await database.meta.put({ key: CHAT_UNREAD_KEY, value: { count, serverAt: askedAt } });
    return true;
  });
}
