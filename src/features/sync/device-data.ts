// What a logout needs from the device's data (loaded lazily: it pulls Dexie in). docs/OFFLINE-FIRST.md
// property 10: while writes wait, the member chooses to send them first or to discard them; a real
// logout then deletes the member's database (mirror, outbox, files), the runtime caches and the
// member's keys in web storage. A 401 never comes here.
import { deleteLocalDatabase, openLocalDatabase } from '@/lib/db';
import { CURRENT_USER_KEY, sessionStore } from '@/lib/auth/session-store';
import { signedOutMemberId } from '@/lib/auth/sign-out';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@/lib/auth/token';
import { QUERY_CACHE_STORAGE_KEY } from '@/lib/query/query-cache-storage';
import {
  hasUnsentWrites,
  outboxCounts,
  replayOutboxNow,
  stopOutboxAndSettle,
  type OutboxCounts,
} from '@/lib/outbox';
import { forgetAllShares } from '@/lib/share/share-inbox';
import { clearRuntimeCaches } from './runtime-caches';
import { reportUnlessClosed } from '@/lib/db/closed';

export type { OutboxCounts } from '@/lib/outbox';

/**
 * The member's keys in localStorage: the session, the persisted query cache (friends,
 * notifications…), the car the garage opens on (the garage's `selectedCar`, spec §9) and the
 * recent searches (src/features/search/data/recent-searches.ts). The
 * language and the device's own bookkeeping stay: they say nothing of the member.
 */
export const MEMBER_STORAGE_KEYS = [
  ACCESS_TOKEN_KEY,
  REFRESH_TOKEN_KEY,
  CURRENT_USER_KEY,
  QUERY_CACHE_STORAGE_KEY,
  'selectedCar',
  'recentSearches',
] as const;

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

/**
 * "Send first": replays the outbox now and reports its counts as they change, until `stop`.
 * The caller signs out once nothing is left, or offers to discard when the server refuses some.
 */
export function sendUnsent(onCounts: (counts: OutboxCounts) => void): () => void {
  let stopped = false;
  let subscription: { unsubscribe: () => void } | undefined;
  openLocalDatabase().then(() => {
    if (stopped) return;
    subscription = outboxCounts().subscribe({
      next: (counts) => {
        if (!stopped) onCounts(counts);
      },
      error: reportUnlessClosed('outbox could not be counted'),
    });
    void replayOutboxNow();
  }, reportUnlessClosed('outbox could not be counted'));
  return () => {
    stopped = true;
    subscription?.unsubscribe();
  };
}

/** The member's keys out of web storage (sessionStorage holds none of theirs, but is emptied too). */
export function forgetMemberStorage(): void {
  try {
    for (const key of MEMBER_STORAGE_KEYS) localStorage.removeItem(key);
    sessionStorage.clear();
  } catch {
    // storage unavailable: nothing was kept there
  }
}

/**
 * Clears what the member left on this device. `memberId` is read before the session ends (the
 * database is named after the member: src/lib/db/index.ts databaseNameFor); by default, the member
 * signed in now.
 */
export async function clearDeviceData(
  options: { memberId?: string | null; settleTimeoutMs?: number } = {},
): Promise<void> {
  const memberId =
    options.memberId !== undefined
      ? options.memberId
      : (sessionStore.getState().user?.id ?? signedOutMemberId());
  // A write already on the wire would put its row back after the clear: let it land first, and
  // stop the replayer for good (it sends nothing more and drops later answers).
  await stopOutboxAndSettle(options.settleTimeoutMs);
  // A handler still reconciling past that wait writes through the deleted (closed) instance and
  // fails instead of creating the database again.
  // What another app shared into Paddock and was not used yet goes too (src/lib/share/).
  await Promise.all([
    deleteLocalDatabase(memberId),
    clearRuntimeCaches(),
    forgetAllShares().catch(() => undefined),
  ]);
  // Last: the query persister may have written once more while the screens were closing.
  forgetMemberStorage();
}
