// The feed's first page asked for at start-up (docs/SPEC-NOTES.md §4): only for a signed-in member
// opening the feed online; shown by the screen and taken once, fresh, by the data layer's first
// refresh; forgotten on sign-out. The screens that wait for the first post (lib/first-content.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOutLocally } from '@/lib/auth/sign-out';
import { tokenStore } from '@/lib/auth/token';
import {
  afterFirstContent,
  expectFirstContent,
  markFirstContent,
  resetFirstContentForTests,
} from '@/lib/first-paint/first-content';
import { installFetch, json } from '@/testing/fetch';
import { tokenExpiringIn } from '@/testing/jwt';
import {
  FEED_FIRST_PAGE_MAX_AGE_MS,
  prefetchFirstFeedPage,
  takeFirstFeedPage,
  takeOrAskFirstFeedPage,
} from './feed-first-page';

const POST = { id: 'p1', createdAt: '2026-01-02T10:00:00.000Z', content: '<p>Hello</p>' };

function feedServer() {
  return installFetch({
    'GET /api/v1.0/posts/feed': () =>
      json(200, { success: true, data: [POST], meta: { total: 1, nextCursor: 'cursor-1' } }),
  });
}

beforeEach(() => {
  localStorage.clear();
  tokenStore.setTokens(tokenExpiringIn(3600), 'refresh-1');
  takeFirstFeedPage(); // nothing left from another test
  resetFirstContentForTests();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the feed’s first page at start-up', () => {
  it('is asked for once on /feed, signed in and online, and taken once by the data layer', async () => {
    const server = feedServer();
    prefetchFirstFeedPage('/feed');
    await vi.waitFor(() => expect(server.requests.map((r) => r.path)).toEqual(['/api/v1.0/posts/feed']));
    expect(new URL(server.requests[0]!.url, 'http://x').searchParams.get('limit')).toBe('20');
    // The screen takes the same request, not a second one, and only once.
    const taken = takeOrAskFirstFeedPage();
    await expect(taken.page).resolves.toEqual({ posts: [POST], nextCursor: 'cursor-1' });
    expect(server.requests).toHaveLength(1);
    expect(takeFirstFeedPage()).toBeNull(); // once only: later screens and refreshes ask the server
    await takeOrAskFirstFeedPage().page;
    expect(server.requests).toHaveLength(2);
  });

  it('tells the start-up where the first posts come from: the network online, the device offline', async () => {
    const server = feedServer();
    expect(prefetchFirstFeedPage('/feed')).toBe('network');
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(prefetchFirstFeedPage('/feed')).toBe('device');
    expect(prefetchFirstFeedPage('/my-cars')).toBeNull();
    tokenStore.clear();
    expect(prefetchFirstFeedPage('/feed')).toBeNull();
    expect(server.requests).toHaveLength(1);
  });

  it('is not asked for on another screen, signed out, or offline', async () => {
    const server = feedServer();
    prefetchFirstFeedPage('/my-cars');
    tokenStore.clear();
    prefetchFirstFeedPage('/feed');
    tokenStore.setTokens(tokenExpiringIn(3600), 'refresh-1');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    prefetchFirstFeedPage('/feed');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.requests).toHaveLength(0);
    expect(takeFirstFeedPage()).toBeNull();
  });

  it('is asked for again when too old, and forgotten on sign-out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const server = feedServer();
    prefetchFirstFeedPage('/');
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    vi.setSystemTime(Date.now() + FEED_FIRST_PAGE_MAX_AGE_MS + 1);
    expect(takeFirstFeedPage()).toBeNull();
    prefetchFirstFeedPage('/feed');
    await vi.waitFor(() => expect(server.requests).toHaveLength(2));
    signOutLocally();
    expect(takeFirstFeedPage()).toBeNull();
  });
});

describe('waiting for the first post', () => {
  it('resolves at once when no screen announced its first content', async () => {
    await expect(afterFirstContent()).resolves.toBeUndefined();
  });

  it('waits for the feed’s signal, and no longer than the cap', async () => {
    let done = false;
    expectFirstContent(60_000);
    void afterFirstContent().then(() => (done = true));
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    markFirstContent();
    await afterFirstContent();
    expect(done).toBe(true);

    resetFirstContentForTests();
    vi.useFakeTimers();
    let capped = false;
    expectFirstContent(3000);
    void afterFirstContent().then(() => (capped = true));
    await vi.advanceTimersByTimeAsync(2999);
    expect(capped).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(capped).toBe(true);
  });
});
