// The search screen: asks GET /search with the type of the tab, links each result to its page,
// keeps the recent searches on the device per member, and offline searches the device's mirror
// (saying so).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLocalDatabaseForTests, localDb } from '@/lib/db';
import { signedIn } from '@/testing/api-client';
import { installFetch, json } from '@/testing/fetch';
import { carRow, postRow } from '@/testing/mirror-rows';
import { setSignedIn, TEST_USER } from '@/testing/session-mock';
import { activateCatalog, renderInRouter } from '@/testing/test-utils';
import { readRecentSearches, RECENT_SEARCHES_KEY } from './data/recent-searches';
import { SearchScreen } from './search-screen';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);

const person = { id: 'p1', username: 'elodie', firstName: 'Élodie', lastName: 'Dupré', avatar: null };
const car = {
  id: 'c1',
  make: 'Renault',
  model: 'Mégane',
  nickname: 'La Bleue',
  year: 2004,
  image: null,
  owner: { id: 'p1', username: 'elodie', firstName: 'Élodie', lastName: 'Dupré', avatar: null },
};

let online = true;
let count = 0;

function setOnline(value: boolean) {
  online = value;
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

beforeEach(() => {
  count += 1;
  resetLocalDatabaseForTests(`search-${count}-${Math.random().toString(36).slice(2)}`);
  localStorage.clear();
  signedIn();
  setSignedIn(true);
  activateCatalog('en-US');
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function serveSearch() {
  return installFetch({
    'GET /api/v1.0/search': (req) => {
      const params = new URL(req.url, 'http://localhost').searchParams;
      const type = params.get('type');
      const data = type === 'people' ? [person] : type === 'cars' ? [car] : [];
      return json(200, { success: true, data, meta: { total: data.length, limit: 20, offset: 0 } });
    },
  });
}

const box = () => screen.getByRole('searchbox', { name: 'Search Paddock' });
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });

describe('search screen', () => {
  it('asks the server with the tab’s type and links each result to its page', async () => {
    const server = serveSearch();
    await renderInRouter(<SearchScreen />, '/search');
    type('  elodie ');
    const list = await screen.findByRole('list', { name: 'People' });
    const link = within(list).getByRole('link', { name: 'Élodie Dupré' });
    expect(link.getAttribute('href')).toBe('/people/p1');
    const asked = server.to('GET', '/api/v1.0/search').map((r) => new URL(r.url, 'http://x').searchParams);
    expect(asked.map((p) => [p.get('type'), p.get('q')])).toEqual([['people', 'elodie']]);

    fireEvent.click(screen.getByRole('tab', { name: 'Cars' }));
    const cars = await screen.findByRole('list', { name: 'Cars' });
    expect(within(cars).getByRole('link', { name: 'Renault Mégane' }).getAttribute('href')).toBe('/car/c1');

    fireEvent.click(screen.getByRole('tab', { name: 'Posts' }));
    expect(await screen.findByRole('heading', { name: 'Nothing found for “elodie”' })).toBeTruthy();
    expect(screen.queryByText(/come from this device/)).toBeNull();
  });

  it('keeps the recent searches per member, newest first, reusable and clearable', async () => {
    serveSearch();
    await renderInRouter(<SearchScreen />, '/search');
    for (const text of ['megane', 'alpine', 'Mégane']) {
      type(text);
      fireEvent.submit(box().closest('form')!);
    }
    expect(readRecentSearches(TEST_USER.id)).toEqual(['Mégane', 'alpine']);
    expect(readRecentSearches('someone-else')).toEqual([]);
    type('');
    const recent = await screen.findByRole('region', { name: 'Recent searches' });
    fireEvent.click(within(recent).getByRole('button', { name: 'alpine' }));
    expect((box() as HTMLInputElement).value).toBe('alpine');
    type('');
    fireEvent.click(await screen.findByRole('button', { name: 'Clear recent searches' }));
    expect(screen.queryByRole('region', { name: 'Recent searches' })).toBeNull();
    expect(readRecentSearches(TEST_USER.id)).toEqual([]);
    expect(localStorage.getItem(RECENT_SEARCHES_KEY)).toBe('{}');
  });

  it('keeps at most ten recent searches', async () => {
    serveSearch();
    await renderInRouter(<SearchScreen />, '/search');
    for (let i = 0; i < 12; i += 1) {
      type(`word${i}`);
      fireEvent.submit(box().closest('form')!);
    }
    const kept = readRecentSearches(TEST_USER.id);
    expect(kept).toHaveLength(10);
    expect(kept[0]).toBe('word11');
  });

  it('offline, searches the device’s posts and cars with the same folding, and says so', async () => {
    const server = serveSearch();
    const db = await localDb();
    await db.posts.bulkPut([
      postRow({ id: 'post-1', content: '<p>My <strong>E30</strong> build #E30</p>' }),
      postRow({ id: 'post-2', content: '<p>Sunday drive</p>' }),
    ]);
    await db.cars.put(carRow({ id: 'car-1', make: 'Renault', model: 'Mégane', ownerName: 'Jane Doe' }));
    setOnline(false);
    await renderInRouter(<SearchScreen />, '/search');
    expect(screen.getByText('You are offline: these results come from this device only.')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Posts' }));
    type('#e30');
    const posts = await screen.findByRole('list', { name: 'Posts' });
    expect(
      within(posts)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/post/post-1']);
    type('strong');
    expect(await screen.findByRole('heading', { name: 'Nothing found for “strong”' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Cars' }));
    type('renault MEGA');
    const cars = await screen.findByRole('list', { name: 'Cars' });
    expect(within(cars).getByRole('link', { name: 'Renault Mégane' }).getAttribute('href')).toBe(
      '/car/car-1',
    );
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Searching' })).toBeNull());
    expect(server.to('GET', '/api/v1.0/search')).toHaveLength(0);
  });
});
