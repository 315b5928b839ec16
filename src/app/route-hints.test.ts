// The entry's hints on a signed-in cold start: the screen's chunks and style sheets from the JSON
// index.html carries, and the member's catalog when it is not the one index.html preloads.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@/lib/i18n/core';
import { REFRESH_TOKEN_KEY } from '@/lib/auth/token';
import {
  applyAppHints,
  HINT_KEYS,
  paintsScreenFirst,
  preloadRouteScripts,
  preloadRouteStyles,
  preloadSignedInRoute,
  ROUTE_HINTS_PER_TASK,
} from './route-hints';

const HINTS = {
  '/feed': { js: ['/assets/feed-1.js', '/assets/post-card-2.js'], css: ['/assets/posts-3.css'] },
  '/my-cars': { js: ['/assets/my-cars-4.js'], css: [] },
  '/car/$id': { js: ['/assets/car-home-5.js'], css: ['/assets/car-home-6.css'] },
};
const CAR = '4ca35b5c-f2c7-49c0-b9f1-54cef484a4c1';

/** index.html's JSON, as vite.config.ts writes it: each file once, the routes by their places. */
function hintsJson(routes: Record<string, { js: string[]; css: string[] }>): string {
  const files: string[] = [];
  const placeOf = (file: string) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1);
  const table = Object.fromEntries(
    Object.entries(routes).map(([route, { js, css }]) => [
      route,
      { js: js.map(placeOf), css: css.map(placeOf) },
    ]),
  );
  return `<script type="application/json" id="paddock-route-hints">${JSON.stringify({ files, routes: table })}</script>`;
}

const APP_HINTS =
  '<link rel="modulepreload" crossorigin="" href="/assets/client-9.js">' +
  '<link rel="preload" as="fetch" href="/assets/i18n/fr-FR.json" crossorigin="anonymous">';

const links = () =>
  [...document.head.querySelectorAll('link')].map((l) => ({
    rel: l.getAttribute('rel'),
    href: l.getAttribute('href'),
    as: l.getAttribute('as'),
    crossorigin: l.getAttribute('crossorigin'),
  }));

beforeEach(() => {
  document.head.innerHTML = hintsJson(HINTS);
  localStorage.clear();
});
afterEach(() => {
  document.head.innerHTML = '';
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('signed-in route hints', () => {
  it('reads the keys the session and the locale are stored under', () => {
    expect(HINT_KEYS).toEqual({ refreshToken: REFRESH_TOKEN_KEY, locale: LOCALE_STORAGE_KEY });
  });

  it('signed out: asks for nothing (the login screen has its own hints)', () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en-US');
    expect(preloadSignedInRoute('/feed')).toEqual([]);
    expect(links()).toEqual([]);
  });

  it("signed in on the feed (or / and /my-posts, which lead there): its chunks, its CSS, the member's catalog", () => {
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en-US');
    for (const path of ['/feed', '/', '/my-posts']) {
      document.head.querySelectorAll('link').forEach((l) => l.remove());
      expect(preloadSignedInRoute(path)).toEqual([
        '/assets/posts-3.css',
        '/assets/i18n/en-US.json',
        '/assets/feed-1.js',
        '/assets/post-card-2.js',
      ]);
      expect(links()).toEqual([
        { rel: 'stylesheet', as: null, href: '/assets/posts-3.css', crossorigin: '' },
        { rel: 'preload', as: 'fetch', href: '/assets/i18n/en-US.json', crossorigin: 'anonymous' },
        { rel: 'modulepreload', as: null, href: '/assets/feed-1.js', crossorigin: '' },
        { rel: 'modulepreload', as: null, href: '/assets/post-card-2.js', crossorigin: '' },
      ]);
    }
  });

  it('the default locale (preloaded by index.html) and an unknown one are not asked for again', () => {
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'fr-FR');
    expect(preloadSignedInRoute('/my-cars')).toEqual(['/assets/my-cars-4.js']);
    localStorage.setItem(LOCALE_STORAGE_KEY, 'de-DE');
    expect(preloadSignedInRoute('/my-cars')).toEqual(['/assets/my-cars-4.js']);
  });

  it('offline: asks for nothing (the service worker answers at once; the device lists come first)', () => {
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en-US');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      expect(preloadSignedInRoute('/feed')).toEqual([]);
      expect(links()).toEqual([]);
    } finally {
      onLine.mockRestore();
    }
  });

  it('every signed-in screen with hints: an address finds its route, a static segment before a parameter', () => {
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    document.head.innerHTML = hintsJson({
      '/friends': { js: ['/assets/friends-1.js'], css: [] },
      '/post/$id': { js: ['/assets/post-2.js'], css: ['/assets/post-3.css'] },
      '/my-cars/$carId/reminders/$reminderId': { js: ['/assets/reminder-4.js'], css: [] },
      '/my-cars/$carId/reminders/new': { js: ['/assets/new-reminder-5.js'], css: [] },
    });
    expect(preloadSignedInRoute('/friends')).toEqual(['/assets/friends-1.js']);
    expect(preloadSignedInRoute('/friends/')).toEqual(['/assets/friends-1.js']);
    expect(preloadSignedInRoute('/post/p1')).toEqual(['/assets/post-3.css', '/assets/post-2.js']);
    expect(preloadSignedInRoute(`/my-cars/${CAR}/reminders/new`)).toEqual(['/assets/new-reminder-5.js']);
    expect(preloadSignedInRoute(`/my-cars/${CAR}/reminders/r9`)).toEqual(['/assets/reminder-4.js']);
    // Not a route: nothing (the post's comments are not an address).
    expect(preloadSignedInRoute('/post/p1/comments')).toEqual([]);
    expect(preloadSignedInRoute('/messages')).toEqual([]);
  });

  it('another screen, or hints that are missing or broken: only the catalog', () => {
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    expect(preloadSignedInRoute('/friends')).toEqual([]);
    document.head.innerHTML = '<script type="application/json" id="paddock-route-hints">{broken</script>';
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en-US');
    expect(preloadSignedInRoute('/feed')).toEqual(['/assets/i18n/en-US.json']);
    document.head.innerHTML = '';
    expect(preloadSignedInRoute('/feed')).toEqual(['/assets/i18n/en-US.json']);
  });

  it('the feed paints first (signed in, online): its style sheets now, the chunks and catalog when asked', () => {
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en-US');
    for (const path of ['/feed', '/', '/my-posts']) expect(paintsScreenFirst(path)).toBe(true);
    expect(paintsScreenFirst('/my-cars')).toBe(true);
    for (const path of ['/friends', '/chat', '/my-cars/x']) expect(paintsScreenFirst(path)).toBe(false);
    // A car's overview (its address names the car), not its sections nor a malformed id.
    for (const path of [`/car/${CAR}`, `/car/${CAR}/`]) expect(paintsScreenFirst(path)).toBe(true);
    for (const path of [`/car/${CAR}/logbook`, '/car/not-an-id', '/car/'])
      expect(paintsScreenFirst(path)).toBe(false);
    expect(preloadRouteStyles(`/car/${CAR}`)).toEqual(['/assets/car-home-6.css']);
    document.head.querySelectorAll('link').forEach((l) => l.remove());
    expect(preloadRouteStyles('/feed')).toEqual(['/assets/posts-3.css']);
    expect(links().map((l) => l.rel)).toEqual(['stylesheet']);
    expect(preloadRouteScripts('/feed')).toEqual([
      '/assets/i18n/en-US.json',
      '/assets/feed-1.js',
      '/assets/post-card-2.js',
    ]);
    expect(links().map((l) => l.rel)).toEqual(['stylesheet', 'preload', 'modulepreload', 'modulepreload']);
  });

  it('adds a long list of chunk hints ROUTE_HINTS_PER_TASK (12) at a time, a task each, all of them in the end', async () => {
    expect(ROUTE_HINTS_PER_TASK).toBe(12);
    const many = Array.from({ length: 30 }, (_, i) => `/assets/chunk-${i}.js`);
    document.head.innerHTML = hintsJson({ '/feed': { js: many, css: [] } });
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    vi.useFakeTimers();
    try {
      const modulepreloads = () =>
        links()
          .filter((l) => l.rel === 'modulepreload')
          .map((l) => l.href);
      expect(preloadRouteScripts('/feed')).toEqual(many); // what it asks for, said at once
      expect(modulepreloads()).toEqual(many.slice(0, 12));
      await vi.advanceTimersToNextTimerAsync();
      expect(modulepreloads()).toEqual(many.slice(0, 24));
      await vi.advanceTimersToNextTimerAsync();
      expect(modulepreloads()).toEqual(many);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the feed does not paint first signed out or offline (the device’s list comes first)', () => {
    expect(paintsScreenFirst('/feed')).toBe(false);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      expect(paintsScreenFirst('/feed')).toBe(false);
    } finally {
      onLine.mockRestore();
    }
  });

  it("adds the app's own hints from index.html's inert template, once", () => {
    document.head.insertAdjacentHTML('beforeend', `<template id="paddock-app-hints">${APP_HINTS}</template>`);
    expect(links()).toEqual([]);
    expect(applyAppHints()).toBe(2);
    expect(links().map((l) => l.href)).toEqual(['/assets/client-9.js', '/assets/i18n/fr-FR.json']);
    expect(document.getElementById('paddock-app-hints')).toBeNull();
    expect(applyAppHints()).toBe(0);
    expect(links()).toHaveLength(2);
  });

  it('leaves out a preload of a file the page has already downloaded (the garage paint’s catalog)', () => {
    document.head.innerHTML = `<template id="paddock-app-hints">${APP_HINTS}</template>`;
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { name: new URL('/assets/i18n/fr-FR.json', document.baseURI).href } as PerformanceEntry,
    ]);
    expect(applyAppHints()).toBe(1);
    expect(links().map((l) => l.href)).toEqual(['/assets/client-9.js']);
  });

  it('leaves out the default catalog’s preload when the member chose another language', () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en-US');
    document.head.innerHTML = `<template id="paddock-app-hints">${APP_HINTS}</template>`;
    expect(applyAppHints()).toBe(1);
    expect(links().map((l) => l.href)).toEqual(['/assets/client-9.js']);
    localStorage.setItem(LOCALE_STORAGE_KEY, 'fr-FR');
    document.head.innerHTML = `<template id="paddock-app-hints">${APP_HINTS}</template>`;
    expect(applyAppHints()).toBe(2);
  });

  it("leaves out the login screen's files when a session is stored (they load if it is refused)", () => {
    const withLogin = `${APP_HINTS}<link rel="modulepreload" crossorigin="" href="/assets/login-5.js" data-hint="login">`;
    document.head.innerHTML = `<template id="paddock-app-hints">${withLogin}</template>`;
    expect(applyAppHints()).toBe(3);
    expect(links().map((l) => l.href)).toContain('/assets/login-5.js');
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    document.head.innerHTML = `<template id="paddock-app-hints">${withLogin}</template>`;
    expect(applyAppHints()).toBe(2);
    expect(links().map((l) => l.href)).toEqual(['/assets/client-9.js', '/assets/i18n/fr-FR.json']);
  });

  it('keeps only same-origin paths from the hints', () => {
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    document.head.innerHTML = `<script type="application/json" id="paddock-route-hints">${JSON.stringify({
      files: ['https://elsewhere.example/x.js', '//elsewhere.example/y.js', 42, '/assets/ok.js'],
      routes: { '/feed': { js: [0, 1, 2, 3, 4, -1, 1.5, '3'], css: 'nope' } },
    })}</script>`;
    expect(preloadSignedInRoute('/feed')).toEqual(['/assets/ok.js']);
    // The old shape (a route's files by name) is not read.
    document.head.innerHTML = `<script type="application/json" id="paddock-route-hints">${JSON.stringify({
      '/feed': { js: ['/assets/ok.js'], css: [] },
    })}</script>`;
    expect(preloadSignedInRoute('/feed')).toEqual([]);
  });
});
