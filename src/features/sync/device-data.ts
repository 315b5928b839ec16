// What a logout needs from the device's data (loaded lazily: it pulls Dexie in). docs/OFFLINE-FIRST.md
// property 10: warn while unsent writes exist; a real logout clears Dexie, the outbox and the
// runtime caches. A 401 never comes here.
import { openLocalDatabase } from '@/lib/db';
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

export async function clearDeviceData(): Promise<void> {
  await openLocalDatabase();
  // A write already on the wire would put its row back after the clear: let it land first.
  await stopOutboxAndSettle();
  await Promise.all([clearLocalData(), clearRuntimeCaches()]);
}
