import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../http/api-errors';
import {
  clearQueryCache,
  persistOptions,
  PERSIST_MAX_AGE_MS,
  QUERY_CACHE_STORAGE_KEY,
  queryClient,
  shouldPersistQuery,
  shouldRetry,
} from './query-client';

describe('query client (docs/OFFLINE-FIRST.md)', () => {
  it('runs queries offlineFirst, because onlineManager starts as online even offline', () => {
    expect(queryClient.getDefaultOptions().queries?.networkMode).toBe('offlineFirst');
  });

  it('keeps queries at least as long as the persister restores them (24 h)', () => {
    expect(PERSIST_MAX_AGE_MS).toBe(24 * 60 * 60 * 1000);
    expect(persistOptions.maxAge).toBe(PERSIST_MAX_AGE_MS);
    expect(queryClient.getDefaultOptions().queries?.gcTime).toBeGreaterThanOrEqual(PERSIST_MAX_AGE_MS);
  });

  it('persists only successful queries marked meta.persist', () => {
    expect(shouldPersistQuery({ state: { status: 'success' }, meta: { persist: true } })).toBe(true);
    expect(shouldPersistQuery({ state: { status: 'success' } })).toBe(false);
    expect(shouldPersistQuery({ state: { status: 'error' }, meta: { persist: true } })).toBe(false);
    expect(persistOptions.dehydrateOptions?.shouldDehydrateQuery).toBe(shouldPersistQuery);
  });

  it('retries network errors, 5xx, 408 and 429 a few times, never other client errors', () => {
    expect(shouldRetry(0, new NetworkError())).toBe(true);
    expect(shouldRetry(0, new ApiError(503, 'X', 'x'))).toBe(true);
    expect(shouldRetry(0, new ApiError(429, 'X', 'x'))).toBe(true);
    expect(shouldRetry(0, new ApiError(404, 'X', 'x'))).toBe(false);
    expect(shouldRetry(3, new NetworkError())).toBe(false);
  });

  it('clearQueryCache empties the cache and its persisted copy', () => {
    queryClient.setQueryData(['me'], { id: 1 });
    localStorage.setItem(QUERY_CACHE_STORAGE_KEY, '{}');
    clearQueryCache();
    expect(queryClient.getQueryData(['me'])).toBeUndefined();
    expect(localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).toBeNull();
  });
});
