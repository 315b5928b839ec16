// Where the query cache's persisted copy lives (src/lib/query/query-client.ts writes it), apart from the
// query client itself: sign-out (src/lib/auth/sign-out.ts) removes it without loading TanStack
// Query, which the entry's early asks must not pull in (their graph is the first paint's).
export const QUERY_CACHE_STORAGE_KEY = 'paddock-query-cache';

/** Removes the persisted copy at once (not a throttled write later). */
export function forgetPersistedQueryCache(): void {
  try {
    localStorage.removeItem(QUERY_CACHE_STORAGE_KEY);
  } catch {
    // storage unavailable: nothing persisted either
  }
}
