// The start-up's early asks (the feed's first page, the garage's cars, a car's home), made from the
// entry (src/main.tsx, a dynamic import of this small chunk) rather than once React DOM has loaded
// and been evaluated and the app's step has loaded: on a signed-in cold start of /feed, /my-cars or
// /car/{id} the request leaves beside React DOM's download (docs/SPEC-NOTES.md §4). This module and its imports
// must not import React DOM, Dexie or the app (tests/browser/bundle-budget.test.ts checks the
// build's graph).
import { peekFirstCar, prefetchFirstCar } from '@/features/garage/api/first-car';
import { peekFirstGarage, prefetchFirstCarsPage } from '@/features/garage/api/first-cars-page';
import { paintFirstPostsEarly } from '@/features/posts/feed-first-paint';
import { peekFirstFeedPage, prefetchFirstFeedPage } from '@/features/posts/feed-first-page';
import { cachedUser } from '@/lib/auth/session-store';
import { paintsScreenFirst } from './route-hints';
import { FIRST_PAINT_DONE_MARK, FIRST_PAINT_MAX_WAIT_MS, FIRST_PAINT_WAIT_MARK } from './first-paint-wait';

let asked: { pathname: string; feed: ReturnType<typeof prefetchFirstFeedPage> } | null = null;
let painted: Promise<boolean> = Promise.resolve(false);

export { FIRST_PAINT_MAX_WAIT_MS };

/**
 * Asks once per page load (the entry, then the start-up: the second call only reads the answer).
 * Says where the feed's first posts will come from, as prefetchFirstFeedPage: 'device' tells the
 * start-up to load the device's list now.
 */
export function askEarlyForScreen(pathname: string): ReturnType<typeof prefetchFirstFeedPage> {
  if (asked?.pathname === pathname) return asked.feed;
  const feed = prefetchFirstFeedPage(pathname);
  prefetchFirstCarsPage(pathname);
  prefetchFirstCar(pathname);
  asked = { pathname, feed };
  // The feed's first posts paint from the answer into the app shell, before React DOM and the app.
  const page = feed === 'network' ? peekFirstFeedPage() : null;
  if (page && typeof document !== 'undefined') painted = paintFirstPostsEarly(page);
  // The garage's first view likewise, from its cars and the member's reminders. Its code is a chunk
  // of its own, asked for now beside the cars and the reminders: the feed's start does not load it.
  const garage = peekFirstGarage();
  if (garage && typeof document !== 'undefined')
    painted = import('@/features/garage/garage-first-paint').then(
      (m) => m.paintFirstGarageEarly(garage),
      () => false,
    );
  // A car's home likewise, from the car (its name and subtitle: the page's largest text).
  const car = peekFirstCar(pathname);
  if (car && typeof document !== 'undefined')
    painted = import('@/features/garage/car-home-first-paint').then(
      (m) => m.paintFirstCarHomeEarly(car),
      () => false,
    );
  // The account screen likewise, from the member's catalog (its words) and stored e-mail.
  if (pathname === '/account' && paintsScreenFirst(pathname) && typeof document !== 'undefined')
    painted = import('@/features/account/account-first-paint').then(
      (m) => m.paintFirstAccountEarly(cachedUser.read()?.email ?? ''),
      () => false,
    );
  return feed;
}

/**
 * Resolves once the screen's first view (the feed's posts, the garage) has painted from the early
 * answers (true), or not (false: another screen, no answer, nothing to show), at the latest after
 * `maxWaitMs`.
 */
export function firstPaint(maxWaitMs = FIRST_PAINT_MAX_WAIT_MS): Promise<boolean> {
  mark(FIRST_PAINT_WAIT_MARK);
  return Promise.race([
    painted,
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), maxWaitMs)),
  ]).then((drawn) => {
    mark(FIRST_PAINT_DONE_MARK, drawn);
    return drawn;
  });
}

/** A user-timing mark of the wait above (src/app/first-paint-wait.ts). */
function mark(name: string, drawn?: boolean): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function')
    performance.mark(name, drawn === undefined ? undefined : { detail: { drawn } });
}

/** Tests: the next call asks again. */
export function resetEarlyAsks(): void {
  asked = null;
  painted = Promise.resolve(false);
}
