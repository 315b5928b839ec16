import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { ApiError } from '../http/api-errors';
import { onSignedOut } from '../auth/sign-out';
import { sessionStore } from '../auth/session-store';
import { forgetPersistedQueryCache, QUERY_CACHE_STORAGE_KEY } from './query-cache-storage';

export { QUERY_CACHE_STORAGE_KEY };

declare module '@tanstack/react-query' {
  interface Register {
    /** `meta: { persist: true }` marks a small query that survives reloads (docs/OFFLINE-FIRST.md). */
    queryMeta: { persist?: boolean };
  }
}

/** How long a persisted query may be restored; gcTime must be at least this (docs/OFFLINE-FIRST.md). */
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** The sync persister writes at most once per this interval. */
export const PERSIST_THROTTLE_MS = 1000;

/** Client errors will not get better by asking again; network errors, 5xx, 408 and 429 might. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 3) return false;
  if (error instanceof ApiError) {
    return error.status >= 500 || error.status === 408 || error.status === 429;
  }
  return true;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    // onlineManager starts as "online" even when the app opens offline: offlineFirst runs the
    // query function once anyway, so screens fall back to local data instead of hanging.
    queries: { networkMode: 'offlineFirst', gcTime: PERSIST_MAX_AGE_MS, retry: shouldRetry },
    mutations: { networkMode: 'offlineFirst' },
  },
});

/** Structural, because the persister package may bring its own copy of query-core's types. */
export function shouldPersistQuery(query: {
  state: { status: string };
  meta?: { persist?: boolean };
}): boolean {
  return query.state.status === 'success' && query.meta?.persist === true;
}

/**
 * localStorage, except that nothing is written while signed out: after a sign-out the screens
 * still closing refetch into the emptied cache, and the persister's throttled write would put a
 * copy back on the device the sign-out just cleared.
 */
const storage =
  typeof window === 'undefined'
    ? undefined
    : {
        getItem: (key: string) => window.localStorage.getItem(key),
        setItem: (key: string, value: string) => {
          if (sessionStore.getState().status !== 'signedOut') window.localStorage.setItem(key, value);
        },
        removeItem: (key: string) => window.localStorage.removeItem(key),
      };

export const persister = createSyncStoragePersister({
  storage,
  key: QUERY_CACHE_STORAGE_KEY,
  throttleTime: PERSIST_THROTTLE_MS,
});

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister,
  maxAge: PERSIST_MAX_AGE_MS,
  buster: 'v1',
  dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
};

/** Sign-out: drop the in-memory cache and its persisted copy at once (not a throttled write later). */
export function clearQueryCache(): void {
  queryClient.clear();
  forgetPersistedQueryCache();
}
// Sign-out removes the persisted copy itself (whether or not this module has loaded), then tells
// its listeners: the in-memory cache goes then.
onSignedOut(() => queryClient.clear());
