// The start-up's early asks, made from src/main.tsx's first step and read again by start(): one
// request per screen and page load, whichever of the two comes first.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeFirstCarsPage } from '@/features/garage/api/first-cars-page';
import { firstCarShown, forgetFirstCar } from '@/features/garage/car-home-first-paint';
import { makeCar } from '@/features/garage/testing/garage-fixtures';
import { takeFirstFeedPage } from '@/features/posts/feed-first-page';
import { tokenStore } from '@/lib/auth/token';
import { forgetCatalogRequests } from '@/lib/i18n/catalog-request';
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

/** The account screen, asked for into an app shell, paints nothing (signed out, or offline). */
async function expectNoAccountPaint(): Promise<void> {
  document.body.innerHTML = '<div id="root"><div class="app-shell"></div></div>';
  try {
    expect(askEarlyForScreen('/account')).toBeNull();
    await expect(firstPaint()).resolves.toBe(false);
  } finally {
    document.body.innerHTML = '';
  }
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
    expect(askEarlyForScreen('/car/4ca35b5c-f2c7-49c0-b9f1-54cef484a4c1')).toBeNull();
    await expectNoAccountPaint();
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

  it('asks for the car once on a car’s overview and paints its home from the answer; a stranger’s car paints nothing', async () => {
    document.body.innerHTML = '<div id="root"><div class="app-shell"></div></div>';
    try {
      const car = makeCar({ role: 'owner', nickname: 'Bleue' });
      const fetches = installFetch({
        [`GET /api/v1.0/cars/${car.id}`]: () => ok(car),
        'GET /api/v1.0/cars/44444444-4444-4444-8444-444444444444': () =>
          json(404, { success: false, error: { code: 'NOT_FOUND', message: 'Car not found' } }),
      });
      expect(askEarlyForScreen(`/car/${car.id}`)).toBeNull(); // not the feed
      expect(askEarlyForScreen(`/car/${car.id}`)).toBeNull();
      await expect(firstPaint()).resolves.toBe(true);
      expect(fetches.requests.map((r) => r.path)).toEqual([`/api/v1.0/cars/${car.id}`]);
      expect(document.querySelector('#root .app-shell [data-first-paint="car-home"] h1')?.textContent).toBe(
        'Bleue',
      );
      expect(firstCarShown(car.id)).toEqual(car);
      // Its sections are not painted first; a car the server does not give paints nothing.
      resetEarlyAsks();
      askEarlyForScreen(`/car/${car.id}/logbook`);
      expect(fetches.requests).toHaveLength(1);
      document.body.innerHTML = '<div id="root"><div class="app-shell"></div></div>';
      resetEarlyAsks();
      askEarlyForScreen('/car/44444444-4444-4444-8444-444444444444');
      await expect(firstPaint()).resolves.toBe(false);
      expect(document.querySelector('[data-first-paint]')).toBeNull();
    } finally {
      forgetFirstCar();
      document.body.innerHTML = '';
    }
  });

  it('paints the account screen from the member’s catalog and stored e-mail, asking for nothing else', async () => {
    document.body.innerHTML = '<div id="root"><div class="app-shell"></div></div>';
    try {
      localStorage.setItem(
        'current_user',
        JSON.stringify({ id: 'u1', email: 'marie@example.test', username: 'marie' }),
      );
      forgetCatalogRequests(); // an earlier test's catalog is not this page's
      const fetches = installFetch({
        'GET /assets/i18n/fr-FR.json': () =>
          json(200, { messages: { 'ACCOUNT.TITLE': ['Paramètres du compte'] } }),
      });
      expect(askEarlyForScreen('/account')).toBeNull();
      await expect(firstPaint()).resolves.toBe(true);
      expect(fetches.requests.map((r) => r.path)).toEqual(['/assets/i18n/fr-FR.json']);
      const drawn = document.querySelector('#root .app-shell [data-first-paint="account"]');
      expect(drawn?.querySelector('h1')?.textContent).toBe('Paramètres du compte');
      expect(drawn?.querySelector('.account-email__value')?.textContent).toBe('marie@example.test');
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
    expect(askEarlyForScreen('/car/4ca35b5c-f2c7-49c0-b9f1-54cef484a4c1')).toBeNull();
    await expectNoAccountPaint();
    expect(fetches.requests).toEqual([]);
  });
});
