// When a screen may read more than it painted first. A read of a whole logbook (5,000 rows turned
// into objects on the main thread, then filtered, summed and charted) takes longer than a tap to
// the next screen may (docs/BENCHMARKS.md, the car's home): started as soon as the first paint is
// shown, it sits in the way of the member who only passes through (the garage on the way to a car,
// the overview on the way to its logbook). So it waits until the screen has stayed a moment and the
// browser is idle, or until the member asks for it (scrolls, filters); a screen left before then
// never starts it.
import { useEffect, useState } from 'react';

/** How long a screen stays shown after its first paint before its later reads start. */
export const AFTER_PAINT_DELAY_MS = 400;
/** An idle moment may never come on a busy page: go anyway after this long. */
export const AFTER_PAINT_IDLE_TIMEOUT_MS = 1000;

/**
 * False until `painted` has held for AFTER_PAINT_DELAY_MS and the browser was then idle, or at once
 * when `now` (the member needs what comes next); then true for good (the screen's key resets it).
 */
export function useAfterPaint(painted: boolean, now = false): boolean {
  const [due, setDue] = useState(false);
  const ready = due || now;
  useEffect(() => {
    if (!painted || ready) return;
    let idle: number | undefined;
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function')
        idle = requestIdleCallback(() => setDue(true), { timeout: AFTER_PAINT_IDLE_TIMEOUT_MS });
      else setDue(true);
    }, AFTER_PAINT_DELAY_MS);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [painted, ready]);
  return ready && painted;
}
