// The start-up's early asks, made from src/main.tsx's first step and read again by start(): one
// request per screen and page load, whichever of the two comes first.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeFirstCarsPage } from '@/features/garage/api/first-cars-page';
import { takeFirstFeedPage } from '@/features/posts/feed-first-page';
import { tokenStore } from '@/lib/auth/token';
import { resetFirstContentForTests } from '@/lib/first-paint/first-content';
import { deferred, installFetch, json, ok } from '@/testing/fetch';
import { tokenExpiringIn } from '@/testing/jwt';
import { makePost } from '@/features/posts/testing/post-fixtures';
import { FAKE_ME } from '@/features/posts/testing/fake-posts-server';
import { askEarlyForScreen, FIRST_PAINT_MAX_WAIT_MS, firstPaint, resetEarlyAsks } from './early-asks';

function server() {
  return installFetch({
    'GET /api/v1.0/posts/feed': () => json(200, { success: true, data: [], meta: { total: 0 } }),
    'GET /api/v1.0/cars/feed': () => ok([]),
    'GET /api/v1.0/reminders': () => ok([]),
    'GET /assets/i18n/fr-FR.json': () => json(200, { messages: {} }),
  });
}

beforeEach(() => {
  localStorage.clear();
  tokenStore.setTokens(tokenExpiringIn(3600), 'refresh-1');
  takeFirstFeedPage();
  takeFirstCarsPage();
  resetFirstContentForTests();
  resetEarlyAsks();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the start-up’s early asks', () => {
  it('asks for the garage’s cars, reminders and catalog once when main.tsx and start() both ask on /my-cars', async () => {
    const fetches = server();
    expect(askEarlyForScreen('/my-cars')).toBeNull(); // not the feed
    expect(askEarlyForScreen('/my-cars')).toBeNull();
    // The catalog is asked for by the garage's first paint (its words), once the answers are in.
    await vi.waitFor(() =>
      expect(fetches.requests.map((r) => r.path).sort()).toEqual([
        '/api/v1.0/cars/feed',
        '/api/v1.0/reminders',
        '/assets/i18n/fr-FR.json',
      ]),
    );
    expect(takeFirstCarsPage()).not.toBeNull();
    await expect(firstPaint()).resolves.toBe(false); // no car: the app's empty state says what to do
    expect(fetches.requests).toHaveLength(3);
  });

  it('asks for the feed’s first page once on /feed, and says it comes from the network', async () => {
    const fetches = server();
    expect(askEarlyForScreen('/feed')).toBe('network');
    expect(askEarlyForScreen('/feed')).toBe('network');
    await vi.waitFor(() => expect(fetches.requests.map((r) => r.path)).toEqual(['/api/v1.0/posts/feed']));
    expect(takeFirstFeedPage()).not.toBeNull();
    expect(fetches.requests).toHaveLength(1);
  });

  it('asks for nothing offline, and tells start() to load the device’s feed list', async () => {
    const fetches = server();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(askEarlyForScreen('/feed')).toBe('device');
    expect(askEarlyForScreen('/feed')).toBe('device');
    expect(askEarlyForScreen('/my-cars')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetches.requests).toEqual([]);
  });

  it('paints the feed’s first posts into the app shell from the answer, then says so', async () => {
    document.body.innerHTML = '<div id="root"><div class="app-shell"></div></div>';
    try {
      installFetch({
        'GET /api/v1.0/posts/feed': () =>
          json(200, { success: true, data: [makePost(FAKE_ME, '2026-03-01T09:30:00Z')], meta: { total: 1 } }),
      });
      expect(askEarlyForScreen('/feed')).toBe('network');
      await expect(firstPaint()).resolves.toBe(true);
      expect(document.querySelectorAll('#root .app-shell article.post-card')).toHaveLength(1);
    } finally {
      document.body.innerHTML = '';
    }
  });

  it('the app’s files wait for that paint at most FIRST_PAINT_MAX_WAIT_MS (1 s); elsewhere not at all', async () => {
    expect(FIRST_PAINT_MAX_WAIT_MS).toBe(1000);
    document.body.innerHTML = '<div id="root"><div class="app-shell"></div></div>';
    const answer = deferred<Response>();
    installFetch({
      'GET /api/v1.0/posts/feed': () => answer.promise,
      'GET /api/v1.0/cars/feed': () => ok([]),
    });
    vi.useFakeTimers();
    try {
      askEarlyForScreen('/feed');
      let waited: boolean | null = null;
      void firstPaint().then((painted) => (waited = painted));
      await vi.advanceTimersByTimeAsync(FIRST_PAINT_MAX_WAIT_MS - 1);
      expect(waited).toBeNull();
      await vi.advanceTimersByTimeAsync(1);
      expect(waited).toBe(false);
      expect(document.querySelector('#root article')).toBeNull();
      resetEarlyAsks();
      askEarlyForScreen('/my-cars');
      let other: boolean | null = null;
      void firstPaint().then((painted) => (other = painted));
      await vi.advanceTimersByTimeAsync(0);
      expect(other).toBe(false);
    } finally {
      vi.useRealTimers();
      answer.resolve(json(200, { success: true, data: [], meta: { total: 0 } }));
      document.body.innerHTML = '';
    }
  });

  it('asks for nothing signed out', async () => {
    const fetches = server();
    tokenStore.clear();
    expect(askEarlyForScreen('/feed')).toBeNull();
    expect(askEarlyForScreen('/my-cars')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetches.requests).toEqual([]);
  });
});
