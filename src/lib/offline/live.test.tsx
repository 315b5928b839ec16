// useLive: the first answer at once, then at most one update per LIVE_UPDATE_INTERVAL_MS, and the
// last value of a burst always shown.
import { renderHook, waitFor } from '@testing-library/react';
import { carRow } from '@/testing/mirror-rows';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, openLocalDatabase, resetLocalDatabaseForTests } from '@/lib/db';
import { LIVE_UPDATE_INTERVAL_MS, useLive } from './live';

beforeEach(() => resetLocalDatabaseForTests(`live-test-${Math.random().toString(36).slice(2)}`));
afterEach(() => db.close());

describe('useLive', () => {
  it(`shows the first answer at once and a burst of writes at most every ${LIVE_UPDATE_INTERVAL_MS} ms, ending on the last`, async () => {
    expect(LIVE_UPDATE_INTERVAL_MS).toBe(250);
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const value = useLive(() => db.cars.count(), []);
      if (value !== undefined && seen.at(-1) !== value) seen.push(value);
      return value;
    });
    await waitFor(() => expect(result.current).toBe(0));
    const started = Date.now();
    for (let i = 0; i < 20; i += 1) await db.cars.put(carRow({ id: `c${i}` }));
    await waitFor(() => expect(result.current).toBe(20), { timeout: 5000 });
    // Until the last value showed (on a loaded machine, later than the last write), at most one
    // render per interval: 20 writes, but only as many renders as intervals spanned, plus the
    // first answer and the last.
    const spanned = Date.now() - started;
    expect(seen.length).toBeLessThanOrEqual(Math.ceil(spanned / LIVE_UPDATE_INTERVAL_MS) + 2);
    expect(seen.at(-1)).toBe(20);
  });

  it('a database closed while it opens (a sign-out under the screen) leaves nothing unhandled and reports nothing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { result } = renderHook(() => useLive(() => db.cars.count(), []));
      db.close(); // before the hook's open has ended
      await expect(openLocalDatabase()).rejects.toMatchObject({ name: 'DatabaseClosedError' });
      // Node reports an unhandled rejection once the microtasks after it have run.
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).toEqual([]);
      expect(errors).not.toHaveBeenCalled();
      expect(result.current).toBeUndefined();
    } finally {
      process.off('unhandledRejection', onUnhandled);
      errors.mockRestore();
    }
  });
});
