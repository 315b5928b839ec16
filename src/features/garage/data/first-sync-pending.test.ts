// useFirstSyncPending: pending until a sync has ended and two live updates have passed; a screen
// that goes before then leaves no timer behind (it once set state after a test file had ended).
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_UPDATE_INTERVAL_MS } from '@/lib/offline/live';
import { FIRST_SYNC_SHOWN_MS, useFirstSyncPending } from './first-sync-pending';

afterEach(() => vi.useRealTimers());

describe('useFirstSyncPending', () => {
  it(`ends ${FIRST_SYNC_SHOWN_MS} ms (two live updates) after the first sync ended, not before`, () => {
    expect(FIRST_SYNC_SHOWN_MS).toBe(2 * LIVE_UPDATE_INTERVAL_MS);
    expect(FIRST_SYNC_SHOWN_MS).toBe(500);
    vi.useFakeTimers();
    const { result } = renderHook(() => useFirstSyncPending());
    expect(result.current[0]).toBe(true);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(result.current[0]).toBe(true); // no sync has ended yet

    act(() => {
      result.current[1]();
    });
    act(() => {
      vi.advanceTimersByTime(FIRST_SYNC_SHOWN_MS - 1);
    });
    expect(result.current[0]).toBe(true);
    act(() => {
      result.current[1]();
    }); // a second sync ending does not push the end back
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current[0]).toBe(false);
  });

  it('a screen gone before the end leaves no timer behind, and a sync ending after it schedules none', () => {
    vi.useFakeTimers();
    const { result, unmount } = renderHook(() => useFirstSyncPending());
    act(() => {
      result.current[1]();
    });
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    result.current[1]();
    expect(vi.getTimerCount()).toBe(0);
  });
});
