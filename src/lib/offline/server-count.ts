// A count the server keeps and this device mirrors in a Dexie meta row (so a badge shows offline):
// the unread chat messages, the unread inbox. Local writes move it at once; the server's figure
// replaces it when it answers, unless the answer is out of date.
import type { PaddockDb } from '@/lib/db';

export interface ServerCountValue {
  count: number;
  /** When the server figure it stems from was asked for: older answers are ignored. */
  serverAt: number;
}

function isServerCountValue(value: unknown): value is ServerCountValue {
  const v = value as Partial<ServerCountValue> | null;
  return typeof v?.count === 'number' && typeof v.serverAt === 'number';
}

/**
 * The count kept under `key`. `countingKinds`: the outbox entries that already moved it here and
 * that the server cannot know of until it has replayed them.
 */
export function serverCount(key: string, countingKinds: readonly string[]) {
  async function read(database: PaddockDb): Promise<ServerCountValue | undefined> {
    const row = await database.meta.get(key);
    return isServerCountValue(row?.value) ? row.value : undefined;
  }

  /**
   * A local change (a read mark, a delete, a message that arrived): call inside the write's
   * transaction. An unknown count stays unknown until the server tells it. `knownAt`: the new
   * figure is right as of then (a message that arrived), so server answers asked earlier are out
   * of date.
   */
  async function adjust(database: PaddockDb, delta: number, knownAt?: number): Promise<void> {
    const current = await read(database);
    if (!current || (delta === 0 && knownAt === undefined)) return;
    const value: ServerCountValue = {
      count: Math.max(0, current.count + delta),
      serverAt: knownAt === undefined ? current.serverAt : Math.max(current.serverAt, knownAt),
    };
    await database.meta.put({ key, value });
  }

  /**
   * Takes the server's figure, asked for at `askedAt`, unless it is out of date: an answer asked
   * for before the figure we hold, or one that cannot know the counting writes still queued here
   * (they already moved the local count; the answer to the last of them sets it).
   */
  async function applyServer(database: PaddockDb, count: number, askedAt: number): Promise<boolean> {
    return database.transaction('rw', database.meta, database.outbox, async () => {
      const current = await read(database);
      if (current && askedAt < current.serverAt) return false;
      const queued = await database.outbox
        .where('kind')
        .anyOf([...countingKinds])
        .filter((entry) => entry.status !== 'failed')
        .count();
      if (queued > 0) return false;
      await database.meta.put({ key, value: { count, serverAt: askedAt } });
      return true;
    });
  }

  return { read, adjust, applyServer };
}
