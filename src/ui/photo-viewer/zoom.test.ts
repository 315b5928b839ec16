import { describe, expect, it } from 'vitest';
import { clampPan, clampScale, FIT, MAX_SCALE, swipeDirection, wheelFactor, zoomAt } from './zoom';

describe('photo viewer zoom arithmetic', () => {
  it('keeps the scale between fitted and 4×', () => {
    expect(clampScale(0.2)).toBe(1);
    expect(clampScale(9)).toBe(MAX_SCALE);
    expect(clampScale(Number.NaN)).toBe(1);
  });

  it('keeps the point under the fingers where it is while zooming', () => {
    const view = zoomAt(FIT, 2, { x: 100, y: -50 });
    // The point at (100, -50) on screen is still there: 2·p + t = f with p = f at scale 1.
    expect(view).toEqual({ scale: 2, x: -100, y: 50 });
  });

  it('lets a zoomed photo move only as far as it overflows, and centres a fitted one', () => {
    const stage = { width: 400, height: 300 };
    expect(clampPan({ scale: 2, x: 900, y: -900 }, stage)).toEqual({ scale: 2, x: 200, y: -150 });
    expect(clampPan({ scale: 1, x: 30, y: 30 }, stage)).toEqual(FIT);
  });

  it('reads a swipe only when it is long enough and more sideways than up or down', () => {
    expect(swipeDirection(-80, 10)).toBe(1);
    expect(swipeDirection(80, 10)).toBe(-1);
    expect(swipeDirection(30, 0)).toBe(0);
    expect(swipeDirection(60, 90)).toBe(0);
  });

  it('zooms in when the wheel goes up', () => {
    expect(wheelFactor(-100)).toBeGreaterThan(1);
    expect(wheelFactor(100)).toBeLessThan(1);
  });
});
