// Durable before confirmed (docs/OFFLINE-FIRST.md property 1): the outbox entry and the local row are written
// in ONE Dexie rw transaction; if the local write throws, the entry is rolled back with it. No fetch
// may run inside the transaction (it would commit early: Dexie's PrematureCommitError).
import { db as defaultDb, type PaddockDb } from '../db';
import { persistentStorageRequest } from '../offline/persist';
import type { NewOutboxEntry, OutboxEntry } from './types';

/** The local write runs inside the transaction; it may only touch Dexie tables. */
export type LocalWrite = (db: PaddockDb) => Promise<unknown>;

const enqueueListeners = new Set<() => void>();
// docs/OFFLINE-FIRST.md property 9: ask once, at the first offline write, for storage the browser keeps.
const persistRequest = persistentStorageRequest();

/** Called after each committed enqueue (the replayer's trigger). */
export function onEnqueued(listener: () => void): () => void {
  enqueueListeners.add(listener);
  return () => enqueueListeners.delete(listener);
}

export async function enqueue(
  input: NewOutboxEntry,
  localWrite?: LocalWrite,
  database: PaddockDb = defaultDb,
): Promise<OutboxEntry> {
  const now = Date.now();
  // Every table: the local write may touch any mirror table, and all of it commits or none.
  const entry = await database.transaction('rw', database.tables, async () => {
    // Strictly increasing seq, read inside the transaction so two tabs cannot take the same one.
    const last = await database.outbox.orderBy('seq').last();
    const seq = Math.max(now, (last?.seq ?? 0) + 1);
    const row: OutboxEntry = {
      id: input.id ?? crypto.randomUUID(),
      kind: input.kind,
      ...(input.entityId !== undefined ? { entityId: input.entityId } : {}),
      method: input.method,
      path: input.path,
      ...(input.body !== undefined ? { body: input.body } : {}),
      ...(input.dependsOn?.length ? { dependsOn: [...input.dependsOn] } : {}),
      seq,
      createdAt: now,
      attempts: 0,
      nextAttemptAt: now,
      status: 'pending',
    };
    await database.outbox.add(row);
    if (localWrite) await localWrite(database);
    return row;
  });
  persistRequest.ask();
  enqueueListeners.forEach((listener) => listener());
  return entry;
}

/** Test hook: forget that persistence was asked. */
export function resetPersistRequestForTests(): void {
  persistRequest.reset();
}
