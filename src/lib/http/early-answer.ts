// An answer the app's start-up asks for before the screen that shows it has loaded (the feed's first
// page, the garage's cars): kept for one reader while it is fresh, and dropped at sign-out, so it is
// never shown to, nor merged for, the next member on this device. Nothing here may import Dexie.
import { onSignedOut } from '../auth/sign-out';

export type EarlyAnswer<T> = { page: Promise<T>; askedAt: number };

/** Asks now: the reader reports a failure, so none is left unhandled meanwhile. */
export function askEarly<T>(ask: () => Promise<T>, now = Date.now()): EarlyAnswer<T> {
  const page = ask();
  void page.catch(() => undefined);
  return { page, askedAt: now };
}

/** One kept answer; older than `maxAgeMs`, it is no longer given out (the reader asks again). */
export function earlyAnswerSlot<T>(maxAgeMs: number) {
  let pending: EarlyAnswer<T> | null = null;
  onSignedOut(() => {
    pending = null;
  });
  const fresh = (answer: EarlyAnswer<T> | null, now: number) =>
    answer !== null && now - answer.askedAt <= maxAgeMs;
  return {
    keep(answer: EarlyAnswer<T>): void {
      pending = answer;
    },
    hasFresh: (now = Date.now()) => fresh(pending, now),
    /** The kept answer while fresh, left for its reader; null when there is none. */
    peek: (now = Date.now()): EarlyAnswer<T> | null => (fresh(pending, now) ? pending : null),
    /** The kept answer while fresh, once; null when there is none. */
    take(now = Date.now()): EarlyAnswer<T> | null {
      const taken = pending;
      pending = null;
      return fresh(taken, now) ? taken : null;
    },
  };
}
