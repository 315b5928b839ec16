// My inbox's unread count on this device (a Dexie meta row, so the badge shows offline too).
// docs/DESIGN-NOTES.md "Where we depart from the specification": the spec lowers the count on every read mark,
// even of a read message. Here a read mark lowers it once, only for an unread message, and the
// figure is taken from the server when it answers: a list's meta.unreadCount, the unread-count
// call, or the answer of a read or a delete.
import type { PaddockDb } from '@/lib/db';
import { COUNTING_KINDS, UNREAD_COUNT_KEY, type UnreadCountValue } from './types';

function isCountValue(value: unknown): value is UnreadCountValue {
  const v = value as Partial<UnreadCountValue> | null;
  return typeof v?.count === 'number' && typeof v.serverAt === 'number';
}

export async function readUnreadCount(database: PaddockDb): Promise<UnreadCountValue | undefined> {
  const row = await database.meta.get(UNREAD_COUNT_KEY);
  return isCountValue(row?.value) ? row.value : undefined;
}

/**
 * A local change (a read mark, a delete, a message that arrived): call inside the write's
 * transaction. An unknown count stays unknown until the server tells it. `knownAt`: the new figure
 * is right as of then (a message that arrived), so server answers asked earlier are out of date.
 */
export async function adjustUnreadCount(database: PaddockDb, delta: number, knownAt?: number): Promise<void> {
  const current = await readUnreadCount(database);
  if (!current) return;
  const value: UnreadCountValue = {
    count: Math.max(0, current.count + delta),
    serverAt: knownAt === undefined ? current.serverAt : Math.max(current.serverAt, knownAt),
  };
  await database.meta.put({ key: UNREAD_COUNT_KEY, value });
}

/**
 * Takes the server's figure, asked for at `askedAt`, unless it is out of date: an answer asked
 * for before the figure we hold, or one that cannot know the read marks and deletes still queued
 * here (they already lowered the local count; the answer to the last of them sets it).
 */
export async function applyServerUnreadCount(
  database: PaddockDb,
  count: number,
  askedAt: number,
): Promise<boolean> {
  return database.transaction('rw', database.meta, database.outbox, async () => {
    const current = await readUnreadCount(database);
    if (current && askedAt < current.serverAt) return false;
    const queued = await database.outbox
      .where('kind')
      .anyOf([...COUNTING_KINDS])
      .filter((entry) => entry.status !== 'failed')
      .count();
    if (queued > 0) return false;
    await database.meta.put({ key: UNREAD_COUNT_KEY, value: { count, serverAt: askedAt } });
    return true;
  });
}
