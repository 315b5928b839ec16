// Test helper: a describe block whose tests run on a fake clock set to one instant, and end with
// real timers and no stubbed globals.
import { afterEach, beforeEach, vi } from 'vitest';

export const FAKE_NOW = '2026-01-01T12:00:00Z';

export function fakeClockPerTest(now = FAKE_NOW): void {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(now));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}
