// useAfterPaint: a screen's later reads wait for its first paint to have been shown a moment and an
// idle moment, start at once when the member asks, and never start on a screen left before then.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFTER_PAINT_DELAY_MS, useAfterPaint } from './after-paint';

let idle: (() => void)[] = [];
beforeEach(() => {
  idle = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  vi.stubGlobal('cancelIdleCallback', (handle: number) => {
    idle[handle - 1] = () => undefined;
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useAfterPaint', () => {
  it('waits for the paint, then the delay, then an idle moment', async () => {
    const { result, rerender } = renderHook(({ painted }) => useAfterPaint(painted), {
      initialProps: { painted: false },
    });
    await act(() => vi.advanceTimersByTimeAsync(10 * AFTER_PAINT_DELAY_MS));
    expect(result.current).toBe(false);
    rerender({ painted: true });
    await act(() => vi.advanceTimersByTimeAsync(AFTER_PAINT_DELAY_MS - 1));
    expect(result.current).toBe(false);
    expect(idle).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toBe(false);
    expect(idle).toHaveLength(1);
    act(() => idle[0]!());
    expect(result.current).toBe(true);
  });

  it('is true at once when the member asks, painted', () => {
    const { result } = renderHook(() => useAfterPaint(true, true));
    expect(result.current).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a screen left before the delay leaves no timer and asks for no idle moment', async () => {
    const { result, unmount } = renderHook(() => useAfterPaint(true));
    await act(() => vi.advanceTimersByTimeAsync(AFTER_PAINT_DELAY_MS / 2));
    expect(result.current).toBe(false);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(10 * AFTER_PAINT_DELAY_MS));
    expect(idle).toHaveLength(0);
  });

  it('a screen left while waiting for the idle moment cancels it', async () => {
    const { unmount } = renderHook(() => useAfterPaint(true));
    await act(() => vi.advanceTimersByTimeAsync(AFTER_PAINT_DELAY_MS));
    expect(idle).toHaveLength(1);
    const cancelled = vi.fn();
    vi.stubGlobal('cancelIdleCallback', cancelled);
    unmount();
    expect(cancelled).toHaveBeenCalledWith(1);
  });
});
