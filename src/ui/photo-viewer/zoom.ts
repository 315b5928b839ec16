// The photo viewer's arithmetic, kept pure so it is tested without a browser.

export const MIN_SCALE = 1;
export const MAX_SCALE = 4;
/** One +/− press, one wheel notch's worth of zoom. */
export const SCALE_STEP = 1.5;
/** A double tap or double click zooms in to this, or back out to 1. */
export const DOUBLE_TAP_SCALE = 2;
/** A horizontal drag longer than this (CSS px), and longer than it is tall, turns the photo. */
export const SWIPE_MIN_PX = 50;

export interface View {
  scale: number;
  x: number;
  y: number;
}

export const FIT: View = { scale: 1, x: 0, y: 0 };

export function clampScale(scale: number): number {
  if (!Number.isFinite(scale)) return MIN_SCALE;
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}

/**
 * Keeps a zoomed photo over the stage: it may not be dragged further than the part that overflows
 * (half of the extra width and height on each side). At scale 1 it is centred.
 */
export function clampPan(view: View, stage: { width: number; height: number }): View {
  const scale = clampScale(view.scale);
  if (scale === MIN_SCALE) return FIT;
  const maxX = ((scale - 1) * stage.width) / 2;
  const maxY = ((scale - 1) * stage.height) / 2;
  return {
    scale,
    x: Math.min(maxX, Math.max(-maxX, view.x)),
    y: Math.min(maxY, Math.max(-maxY, view.y)),
  };
}

/**
 * Zoom to `scale` keeping the point at `focus` (relative to the stage's centre) where it is: the
 * pinch's centre, the wheel's pointer, the double-tapped spot.
 */
export function zoomAt(view: View, scale: number, focus: { x: number; y: number }): View {
  const next = clampScale(scale);
  const ratio = next / view.scale;
  return {
    scale: next,
    x: focus.x - (focus.x - view.x) * ratio,
    y: focus.y - (focus.y - view.y) * ratio,
  };
}

/** The wheel's zoom factor for one event: scrolling up zooms in, a notch (~100 px) is one step. */
export function wheelFactor(deltaY: number): number {
  const notches = Math.max(-3, Math.min(3, -deltaY / 100));
  return Math.pow(SCALE_STEP, notches);
}

/** -1 (previous), 1 (next) or 0 for a drag of (dx, dy) at scale 1. */
export function swipeDirection(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

export function distance(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}
