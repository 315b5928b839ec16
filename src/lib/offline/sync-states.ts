// Which local rows have writes still in the outbox, for the lists that show a row as pending or as
// needing attention (docs/OFFLINE-FIRST.md property 8).
import { db } from '../db';
import type { SyncState } from './types';

/**
 * entityId → 'failed' if one of its writes needs attention, else 'pending'. Reads only the index
 * keys (never the entries' bodies and files): live queries run this on every outbox change.
 */
export async function syncStates(): Promise<Map<string, SyncState>> {
  const [queued, failed] = await Promise.all([
    db.outbox.orderBy('entityId').uniqueKeys(),
    db.outbox.where('status').equals('failed').toArray(), // few: the ones the member must look at
  ]);
  const states = new Map<string, SyncState>();
  for (const key of queued) if (typeof key === 'string') states.set(key, 'pending');
  for (const entry of failed) if (entry.entityId) states.set(entry.entityId, 'failed');
  return states;
}
