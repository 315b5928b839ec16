// How a navigation badge follows a count kept in Dexie (lib/offline/server-count.ts): entry-safe,
// Dexie and the feature's data layer load only when the shell has settled and the badge asks.
import type { PaddockDb } from '@/lib/db';
import { useFollowedCount, type FollowCount } from './followed-count';

/** What the feature's data layer gives the badge, once loaded. */
export interface CountSource {
  read: (database: PaddockDb) => Promise<{ count: number } | undefined>;
  /** Follows live events meanwhile; answers how to stop. */
  startRealtime: () => () => void;
  /** Asks the server for a fresh figure; offline, the count kept here shows. */
  refresh: (database: PaddockDb) => Promise<unknown>;
}

/** Subscribes to the count kept in Dexie; refreshes it and follows live events meanwhile. */
export function followServerCount(load: () => Promise<CountSource>, what: string): FollowCount {
  // Several parts of the screen follow one count (the navigation's badge, the document's title):
  // the refresh their starts ask for at one moment is one request to the server, not one each.
  const refreshing = new WeakMap<PaddockDb, Promise<unknown>>();
  const refreshOnce = (source: CountSource, database: PaddockDb) => {
    const asked = refreshing.get(database);
    if (asked) return asked;
    const refresh = source
      .refresh(database)
      .catch(() => undefined)
      .finally(() => refreshing.delete(database));
    refreshing.set(database, refresh);
    return refresh;
  };
  return async (listener) => {
    const [{ liveQuery }, { localDb }, source] = await Promise.all([
      import('dexie'),
      import('@/lib/db'),
      load(),
    ]);
    const database = await localDb();
    const subscription = liveQuery(async () => (await source.read(database))?.count ?? null).subscribe({
      next: listener,
      error: (error: unknown) => console.error(`${what} unavailable`, error),
    });
    const stopLive = source.startRealtime();
    void refreshOnce(source, database);
    return () => {
      subscription.unsubscribe();
      stopLive();
    };
  };
}

/** The hook a badge reads: the count once known, 0 until then (lib/offline/followed-count.ts). */
export function serverCountHook(load: () => Promise<CountSource>, what: string): () => number {
  const follow = followServerCount(load, what);
  return function useServerCount() {
    return useFollowedCount(follow, what);
  };
}
