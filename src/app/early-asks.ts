// The start-up's early asks (the feed's first page, the garage's cars), made from the entry
// (src/main.tsx, a dynamic import of this small chunk) rather than once React DOM has loaded and
// been evaluated and the app's step has loaded: on a signed-in cold start of /feed or /my-cars the
// request leaves beside React DOM's download (docs/SPEC-NOTES.md §4). This module and its imports
// must not import React DOM, Dexie or the app (tests/browser/bundle-budget.test.ts checks the
// build's graph).
import { prefetchFirstCarsPage } from '@/features/garage/api/first-cars-page';
import { prefetchFirstFeedPage } from '@/features/posts/feed-first-page';

let asked: { pathname: string; feed: ReturnType<typeof prefetchFirstFeedPage> } | null = null;

/**
 * Asks once per page load (the entry, then the start-up: the second call only reads the answer).
 * Says where the feed's first posts will come from, as prefetchFirstFeedPage: 'device' tells the
 * start-up to load the device's list now.
 */
export function askEarlyForScreen(pathname: string): ReturnType<typeof prefetchFirstFeedPage> {
  if (asked?.pathname === pathname) return asked.feed;
  const feed = prefetchFirstFeedPage(pathname);
  prefetchFirstCarsPage(pathname);
  asked = { pathname, feed };
  return feed;
}

/** Tests: the next call asks again. */
export function resetEarlyAsks(): void {
  asked = null;
}
