// What the UI asks of the outbox: counts, and the member's choices for an entry that needs
// attention (retry as is, edit and retry, discard). Logout support lives here too.
import { liveQuery, type Observable } from 'dexie';
import { db as defaultDb, type PaddockDb } from '../db';
import type { OutboxBody, OutboxEntry } from './types';

export type OutboxCounts = { pending: number; failed: number };

async function countsOf(database: PaddockDb): Promise<OutboxCounts> {
  const failed = await database.outbox.where('status').equals('failed').count();
  const total = await database.outbox.count();
  return { pending: total - failed, failed };
}

/**
 * The ids of the rows (entityId) with queued writes: index keys only, never the entries' bodies.
 * A feature's sync never overwrites these rows with the server's copy.
 */
export async function queuedEntityIds(database: PaddockDb = defaultDb): Promise<Set<string>> {
  const keys = await database.outbox.orderBy('entityId').uniqueKeys();
  return new Set(keys.filter((key): key is string => typeof key === 'string'));
}

/** Live counts; Dexie's live queries also see writes made by other tabs. */
export function outboxCounts(database: PaddockDb = defaultDb): Observable<OutboxCounts> {
  return liveQuery(() => countsOf(database));
}

/** The entries that need attention, oldest first, for the "needs attention" list. */
export function failedEntries(database: PaddockDb = defaultDb): Promise<OutboxEntry[]> {
  return database.outbox.where('status').equals('failed').sortBy('seq');
}

/** lastError of an entry whose dependency the member discarded (the UI translates it). */
export const DEPENDENCY_DISCARDED = 'OUTBOX_DEPENDENCY_DISCARDED';

/** Back to the queue at its place (seq), sent at the next replay; a spent key is renewed. */
async function requeue(id: string, database: PaddockDb, changes: Partial<OutboxEntry>): Promise<void> {
  await database.transaction('rw', database.outbox, async () => {
    const entry = await database.outbox.get(id);
    if (!entry) return;
    const spent = entry.status === 'failed';
    await database.outbox.update(id, {
      ...changes,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: Date.now(),
      ...(spent ? { idempotencyKey: crypto.randomUUID() } : {}),
    });
  });
}

/** Retry as is (e.g. after the missing parent was created). */
export function retryEntry(id: string, database: PaddockDb = defaultDb): Promise<void> {
  return requeue(id, database, {});
}

/** Edit and retry: the body changes, the entry id (its place and dependents) does not. */
export function updateEntryBody(
  id: string,
  body: OutboxBody,
  database: PaddockDb = defaultDb,
): Promise<void> {
  return requeue(id, database, { body });
}

/**
 * The member gives up on a write. Its dependents could only fail now; they are not dropped
 * silently but moved to "needs attention" for the member to decide.
 */
export async function discardEntry(id: string, database: PaddockDb = defaultDb): Promise<void> {
  await database.transaction('rw', database.outbox, database.mediaBlobs, async () => {
    await database.outbox.delete(id);
    await database.mediaBlobs.where('entryId').equals(id).delete();
    await database.outbox
      .filter((e) => e.dependsOn?.includes(id) === true)
      .modify({ status: 'failed', lastError: DEPENDENCY_DISCARDED });
  });
}

/** docs/OFFLINE-FIRST.md property 10: a logout warns first when this is true. */
export async function hasUnsentWrites(database: PaddockDb = defaultDb): Promise<boolean> {
  return (await database.outbox.count()) > 0;
}

/** A real logout only (never on a 401): empties every table, the outbox included. */
export async function clearLocalData(database: PaddockDb = defaultDb): Promise<void> {
  await database.transaction('rw', database.tables, async () => {
    await Promise.all(database.tables.map((table) => table.clear()));
  });
}
