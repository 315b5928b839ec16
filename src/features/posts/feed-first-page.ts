// The feed's first page straight from the network (docs/SPEC-NOTES.md §4, "the feed's first page"):
// asked for by the app's start-up when a signed-in member opens the feed online, in parallel with
// the route's chunks, so the first post card paints from the answer without waiting for Dexie.
// The data layer (./data/sync.ts) then takes the same answer once, merges it into Dexie and reads
// the feed from there, as always. Nothing here may import Dexie.
import { FEED_PAGE_SIZE } from '@/contract/constants';
import type { FeedMeta, Post } from '@/contract/posts';
import { apiFetch } from '@/lib/http/api-client';
import { tokenStore } from '@/lib/auth/token';
import { askEarly, earlyAnswerSlot, type EarlyAnswer } from '@/lib/http/early-answer';
import { isOnline } from '@/lib/network/online';
import { expectFirstContent } from '@/lib/first-paint/first-content';

export interface FeedPage {
  posts: Post[];
  nextCursor: string | null;
}

/** The network's page shows this many cards (a phone's screen and more); the data layer shows them all. */
export const FIRST_LIST_CARDS = 5;

/** A first page older than this is asked for again rather than shown or merged. */
export const FEED_FIRST_PAGE_MAX_AGE_MS = 10_000;

/** The routes whose first screen is the feed (`/` and `/my-posts` redirect to /feed). */
const FEED_PATHS = new Set(['/', '/feed', '/my-posts']);

/** One page of the feed: the first, or the one after the `before` cursor (keyset paging). */
export async function fetchFeedPage(before: string | null): Promise<FeedPage> {
  const query = before ? { limit: FEED_PAGE_SIZE, offset: 0, before } : { limit: FEED_PAGE_SIZE, offset: 0 };
  const answer = await apiFetch<Post[]>('/posts/feed', { query });
  const meta = answer.meta as Partial<FeedMeta> | undefined;
  return { posts: answer.data, nextCursor: typeof meta?.nextCursor === 'string' ? meta.nextCursor : null };
}

const early = earlyAnswerSlot<FeedPage>(FEED_FIRST_PAGE_MAX_AGE_MS);

/**
 * Start-up: asks for the first page when the screen is the feed, the member has a session and the
 * device is online (the answer waits for firstFeedPage() or takeFirstFeedPage()). Says where the
 * feed's first posts will come from: 'device' tells the start-up to load the device's list now.
 */
export function prefetchFirstFeedPage(pathname: string): 'network' | 'device' | null {
  if (!FEED_PATHS.has(pathname) || !tokenStore.getRefreshToken()) return null;
  // Offline the device's posts come first: the start-up loads their list (Dexie) at once.
  if (!isOnline()) return 'device';
  void firstFeedPage();
  expectFirstContent(); // the feed marks it (feed-screen.tsx)
  return 'network';
}

export type EarlyFeedPage = EarlyAnswer<FeedPage>;

const ask = (now: number): EarlyFeedPage => askEarly(() => fetchFeedPage(null), now); // its reader reports a failure

/** Start-up: the first page, kept for the feed screen (firstFeedPage reads it while fresh). */
function firstFeedPage(now = Date.now()): void {
  if (!early.hasFresh(now)) early.keep(ask(now));
}

/** The entry's first paint (feed-first-paint.ts): the page asked for, if any, without taking it. */
export function peekFirstFeedPage(now = Date.now()): Promise<FeedPage> | null {
  return early.peek(now)?.page ?? null;
}

/**
 * The feed screen: the page the start-up asked for (fresh), taken once, else one asked for now.
 * The screen shows it and hands it to the data layer's first refresh (never asked for twice).
 */
export function takeOrAskFirstFeedPage(now = Date.now()): EarlyFeedPage {
  return takeFirstFeedPage(now) ?? ask(now);
}

/**
 * The data layer's first refresh: the page already asked for (fresh) and when it was asked for,
 * once; null when there is none, and the refresh asks the server itself.
 */
export function takeFirstFeedPage(now = Date.now()): EarlyFeedPage | null {
  return early.take(now);
}
