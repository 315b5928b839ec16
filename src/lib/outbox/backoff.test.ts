import { describe, expect, it } from 'vitest';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, BACKOFF_JITTER, backoffDelayMs } from './backoff';

describe('backoffDelayMs', () => {
  it('pins the numbers: 1000 ms base, 60 000 ms cap, 30 % jitter', () => {
    expect(BACKOFF_BASE_MS).toBe(1000);
    expect(BACKOFF_CAP_MS).toBe(60_000);
    expect(BACKOFF_JITTER).toBe(0.3);
  });

  it('starts at 1 s and doubles with each failure', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelayMs(n, 0))).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000,
    ]);
  });

  it('is capped at 60 s', () => {
    expect(backoffDelayMs(7, 0)).toBe(60_000);
    expect(backoffDelayMs(30, 0)).toBe(60_000);
  });

  it('adds 0–30 % jitter', () => {
    expect(backoffDelayMs(1, 0.5)).toBe(1150);
    expect(backoffDelayMs(1, 0.999_999)).toBeLessThanOrEqual(1300);
    expect(backoffDelayMs(30, 0.999_999)).toBeLessThanOrEqual(78_000);
    expect(backoffDelayMs(30, 0.999_999)).toBeGreaterThan(77_999);
  });

  it('honours a longer Retry-After', () => {
    expect(backoffDelayMs(1, 0, 120)).toBe(120_000);
    expect(backoffDelayMs(3, 0, 1)).toBe(4000); // shorter than our own backoff: ours wins
  });
});
