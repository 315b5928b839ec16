// What a logout needs from the device's data (loaded lazily: it pulls Dexie in). docs/OFFLINE-FIRST.md
// property 10: warn while unsent writes exist; a real logout clears Dexie, the outbox and the
// runtime caches. A 401 never comes here.
import { openLocalDatabase, replaceLocalDatabase } from '@/lib/db';
import {
  clearLocalData,
  hasUnsentWrites,
  outboxCounts,
  stopOutboxAndSettle,
  type OutboxCounts,
} from '@/lib/outbox';
import { clearRuntimeCaches } from './runtime-caches';

function firstCounts(): Promise<OutboxCounts> {
  return new Promise((resolve, reject) => {
    const subscription = outboxCounts().subscribe({
      next: (counts) => {
        resolve(counts);
        queueMicrotask(() => subscription.unsubscribe());
      },
      error: reject,
    });
  });
}

/** How many writes would be lost: pending ones and the ones that need attention. */
export async function unsentCount(): Promise<number> {
  await openLocalDatabase();
  if (!(await hasUnsentWrites())) return 0;
  const counts = await firstCounts();
  return counts.pending + counts.failed;
}

export async function clearDeviceData(options: { settleTimeoutMs?: number } = {}): Promise<void> {
  await openLocalDatabase();
  // A write already on the wire would put its row back after the clear: let it land first, and
  // stop the replayer for good (it sends nothing more and drops later answers).
  await stopOutboxAndSettle(options.settleTimeoutMs);
  // A handler still reconciling past that wait writes through the closed instance and fails; the
  // clear goes through the fresh one, after every transaction the old one had started.
  const fresh = replaceLocalDatabase();
  await Promise.all([clearLocalData(fresh), clearRuntimeCaches()]);
}
