import { describe, expect, it, vi } from 'vitest';
import { sharedListener } from './shared-listener';

describe('sharedListener', () => {
  it('starts once for all holders, stops when the last lets go, and counts a double release once', () => {
    const stop = vi.fn();
    const start = vi.fn(() => stop);
    const hold = sharedListener(start);
    const first = hold();
    const second = hold();
    expect(start).toHaveBeenCalledTimes(1);
    first();
    first();
    expect(stop).toHaveBeenCalledTimes(0);
    second();
    expect(stop).toHaveBeenCalledTimes(1);
    hold()();
    expect(start).toHaveBeenCalledTimes(2);
    expect(stop).toHaveBeenCalledTimes(2);
  });
});
