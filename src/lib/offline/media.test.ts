// Photos before the device's data has started (lib/offline/media.ts): the cache is read with
// IndexedDB itself, not Dexie; a photo fetched meanwhile is kept once the device's data starts.
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDb, databaseNameFor } from '@/lib/db';
import { sessionStore } from '@/lib/auth/session-store';
import { tokenExpiringIn } from '@/testing/jwt';
import { isDeviceDataWanted, resetDeviceDataWantedForTests } from './device-data-wanted';
import { loadMedia, MEDIA_PEEK_TIMEOUT_MS, peekCachedMedia } from './media';

const start = vi.hoisted(() => {
  let resolve: () => void = () => undefined;
  const state = { started: false, settled: Promise.resolve(), resolve: () => resolve() };
  state.settled = new Promise<void>((done) => (resolve = done));
  return state;
});
vi.mock('./shell-settled', () => ({
  shellSettled: () => start.settled,
  deviceDataStarted: () => start.started,
}));

const URL_A = '/api/v1.0/media/aaaaaaaa-0000-4000-8000-000000000001';
const member = `media-${Math.random().toString(36).slice(2)}`;
const name = databaseNameFor(member);
// What the server answers. (jsdom's Blob does not survive fake-indexeddb's copy as a Blob, so a
// kept file is recognised by its row being there, and a fetched one by identity.)
const FROM_SERVER = new Blob(['from the server'], { type: 'image/webp' });

const fetched: Array<{ url: string; authorization: string | null }> = [];

beforeEach(() => {
  resetDeviceDataWantedForTests();
  localStorage.setItem('access_token', tokenExpiringIn(3600));
  sessionStore.setState({ status: 'signedIn', user: { id: member } as never, isAuthReady: true });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      fetched.push({ url, authorization: new Headers(init?.headers).get('authorization') });
      return { ok: true, blob: async () => FROM_SERVER } as unknown as Response;
    }),
  );
});
afterEach(async () => {
  fetched.length = 0;
  vi.unstubAllGlobals();
  const { localDb, resetLocalDatabaseForTests } = await import('@/lib/db');
  (await localDb()).close();
  resetLocalDatabaseForTests();
  await Dexie.delete(name);
});

describe('a photo before the device data has started', () => {
  it('is read from the device without Dexie, and nothing is fetched', async () => {
    const database = createDb(name);
    await database.mediaCache.put({
      url: URL_A,
      blob: new Blob(['kept'], { type: 'image/webp' }),
      cachedAt: 1,
    });
    database.close();

    expect(await loadMedia(URL_A)).not.toBeNull();
    expect(fetched).toEqual([]);
    // The member's database was never opened through Dexie (that raises "wanted").
    expect(isDeviceDataWanted()).toBe(false);
  });

  it('is fetched with the bearer token when the device does not keep it, and kept once the data starts', async () => {
    expect(await loadMedia(URL_A)).toBe(FROM_SERVER);
    expect(fetched).toEqual([{ url: URL_A, authorization: expect.stringMatching(/^Bearer \S+$/) }]);
    expect(await peekCachedMedia(member, URL_A)).toBeNull();
    // Asked again meanwhile (a card drawn again): the copy waiting to be kept, no second download.
    expect(await loadMedia(URL_A)).toBe(FROM_SERVER);
    expect(fetched).toHaveLength(1);
    expect(isDeviceDataWanted()).toBe(false);

    start.started = true;
    start.resolve();
    await vi.waitFor(async () => expect(await peekCachedMedia(member, URL_A)).not.toBeNull());
    // From now on Dexie serves it.
    expect(await loadMedia(URL_A)).not.toBeNull();
    expect(fetched).toHaveLength(1);
  });
});

describe('peekCachedMedia', () => {
  it('answers null and creates nothing when the member has no database here', async () => {
    expect(await peekCachedMedia(`${member}-none`, URL_A)).toBeNull();
    expect((await indexedDB.databases()).some((info) => info.name === `${name}-none`)).toBe(false);
  });

  it('answers null without a member or without IndexedDB, and when IndexedDB refuses', async () => {
    expect(await peekCachedMedia(null, URL_A)).toBeNull();
    expect(await peekCachedMedia(member, URL_A, undefined)).toBeNull();
    const refusing = {
      open: () => {
        throw new Error('SecurityError');
      },
    } as unknown as IDBFactory;
    expect(await peekCachedMedia(member, URL_A, refusing)).toBeNull();
  });

  it('gives up after MEDIA_PEEK_TIMEOUT_MS (1 s) when IndexedDB does not answer: the file is then fetched', async () => {
    expect(MEDIA_PEEK_TIMEOUT_MS).toBe(1000);
    vi.useFakeTimers();
    try {
      const silent = { open: () => ({}) } as unknown as IDBFactory;
      let answered: Blob | null | undefined;
      void peekCachedMedia(member, URL_A, silent).then((blob) => (answered = blob));
      await vi.advanceTimersByTimeAsync(MEDIA_PEEK_TIMEOUT_MS - 1);
      expect(answered).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(answered).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
