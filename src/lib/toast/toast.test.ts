import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TOAST_DURATION_MS, toast } from './';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    toast.list().forEach((t) => toast.dismiss(t.id));
    vi.useRealTimers();
  });

  it('shows a toast and dismisses it after its duration', () => {
    const listener = vi.fn();
    const unsubscribe = toast.subscribe(listener);
    const id = toast.show({ kind: 'info', message: 'Saved' });
    expect(toast.list()).toEqual([
      { id, kind: 'info', message: 'Saved', durationMs: DEFAULT_TOAST_DURATION_MS },
    ]);
    vi.advanceTimersByTime(DEFAULT_TOAST_DURATION_MS - 1);
    expect(toast.list()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toast.list()).toHaveLength(0);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('dismisses on demand', () => {
    const a = toast.show({ kind: 'error', message: 'A', durationMs: 10_000 });
    const b = toast.show({ kind: 'success', message: 'B' });
    toast.dismiss(a);
    expect(toast.list().map((t) => t.id)).toEqual([b]);
  });
});
