// The start-up's early asks, made from src/main.tsx's first step and read again by start(): one
// request per screen and page load, whichever of the two comes first.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeFirstCarsPage } from '@/features/garage/api/first-cars-page';
import { takeFirstFeedPage } from '@/features/posts/feed-first-page';
import { tokenStore } from '@/lib/auth/token';
import { resetFirstContentForTests } from '@/lib/first-content';
import { installFetch, json, ok } from '@/testing/fetch';
import { tokenExpiringIn } from '@/testing/jwt';
import { askEarlyForScreen, resetEarlyAsks } from './early-asks';

function server() {
  return installFetch({
    'GET /api/v1.0/posts/feed': () => json(200, { success: true, data: [], meta: { total: 0 } }),
    'GET /api/v1.0/cars/feed': () => ok([]),
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
  it('asks for the garage’s cars once when main.tsx and start() both ask on /my-cars', async () => {
    const fetches = server();
    expect(askEarlyForScreen('/my-cars')).toBeNull(); // not the feed
    expect(askEarlyForScreen('/my-cars')).toBeNull();
    await vi.waitFor(() => expect(fetches.requests.map((r) => r.path)).toEqual(['/api/v1.0/cars/feed']));
    expect(takeFirstCarsPage()).not.toBeNull();
    expect(fetches.requests).toHaveLength(1);
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

  it('asks for nothing signed out', async () => {
    const fetches = server();
    tokenStore.clear();
    expect(askEarlyForScreen('/feed')).toBeNull();
    expect(askEarlyForScreen('/my-cars')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetches.requests).toEqual([]);
  });
});
