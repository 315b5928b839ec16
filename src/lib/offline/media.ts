// Showing photos and receipts. Server files need the bearer token, so an <img src> cannot ask for
// them: they are fetched once, kept in Dexie (a bounded cache, so they show offline too) and shown
// through object URLs. Files not uploaded yet are shown from their local blob.
// Before the device's data has started (shell-settled.ts), a photo does not load Dexie: the cache
// is read with IndexedDB itself, and a photo fetched meanwhile is kept once the device's data starts.
import { useEffect, useState } from 'react';
import { freshBearer } from '@/lib/auth/bearer';
import { sessionStore } from '@/lib/auth/session-store';
import type { MediaCacheRow, PaddockDb } from '@/lib/db';
import { MEDIA_CACHE_TABLE, databaseNameFor } from '@/lib/db/name';
import { isDeviceDataWanted } from './device-data-wanted';
import { peekDatabase } from './peek-database';
import { deviceDataStarted, shellSettled } from './shell-settled';
import { LOCAL_MEDIA_PREFIX } from './types';

/** Server files kept on the device for offline viewing; the least recently fetched go first. */
export const MEDIA_CACHE_MAX_ENTRIES = 300;
/** A look into the cache that takes longer is given up: the file is fetched. */
export const MEDIA_PEEK_TIMEOUT_MS = 1000;

async function prune(database: PaddockDb): Promise<void> {
  const extra = (await database.mediaCache.count()) - MEDIA_CACHE_MAX_ENTRIES;
  if (extra > 0) {
    const oldest = await database.mediaCache.orderBy('cachedAt').limit(extra).primaryKeys();
    await database.mediaCache.bulkDelete(oldest);
  }
}

async function keep(database: PaddockDb, files: Array<[string, Blob]>): Promise<void> {
  try {
    await database.mediaCache.bulkPut(files.map(([url, blob]) => ({ url, blob, cachedAt: Date.now() })));
    await prune(database);
  } catch (error) {
    console.warn('media not cached on this device', error); // e.g. storage full: still shown
  }
}

/** The bytes of a server file, or null (offline and never fetched, refused, gone). */
async function fetchMedia(url: string): Promise<Blob | null> {
  const token = await freshBearer();
  if (!token) return null;
  let response: Response;
  try {
    response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    return null; // offline and never fetched: the screen shows its placeholder
  }
  return response.ok ? response.blob() : null;
}

/** The member's cached copy of `url`, read with IndexedDB itself; null when there is none. */
export function peekCachedMedia(
  memberId: string | null | undefined,
  url: string,
  factory: IDBFactory | undefined = typeof indexedDB === 'undefined' ? undefined : indexedDB,
): Promise<Blob | null> {
  if (!factory || !memberId) return Promise.resolve(null);
  return peekDatabase<Blob | null>(
    factory,
    databaseNameFor(memberId),
    (database, answer) => {
      if (!database.objectStoreNames.contains(MEDIA_CACHE_TABLE)) return answer(null);
      const row = database.transaction(MEDIA_CACHE_TABLE, 'readonly').objectStore(MEDIA_CACHE_TABLE).get(url);
      row.onsuccess = () => answer((row.result as MediaCacheRow | undefined)?.blob ?? null);
      row.onerror = () => answer(null);
    },
    { missing: null, doubt: null },
    MEDIA_PEEK_TIMEOUT_MS,
  );
}

/** Files fetched before the device's data started, kept in Dexie once it has (one member's). */
let waitingToKeep: { memberId: string; files: Map<string, Blob> } | null = null;

function keepOnceStarted(memberId: string, url: string, blob: Blob): void {
  if (waitingToKeep?.memberId === memberId) {
    waitingToKeep.files.set(url, blob);
    return;
  }
  const batch = { memberId, files: new Map([[url, blob]]) };
  waitingToKeep = batch;
  void shellSettled()
    .then(async () => {
      if (waitingToKeep === batch) waitingToKeep = null;
      // Another member signed in meanwhile: their database is not the place for these.
      if (sessionStore.getState().user?.id !== memberId) return;
      await keep(await (await import('@/lib/db')).localDb(), [...batch.files]);
    })
    .catch((error: unknown) => console.warn('media not cached on this device', error));
}

/** The bytes behind a media url, from this device when possible. null when unavailable. */
export async function loadMedia(url: string, given?: PaddockDb): Promise<Blob | null> {
  const memberId = sessionStore.getState().user?.id;
  if (
    !given &&
    memberId &&
    !url.startsWith(LOCAL_MEDIA_PREFIX) &&
    !deviceDataStarted() &&
    !isDeviceDataWanted()
  ) {
    const waiting = waitingToKeep?.memberId === memberId ? waitingToKeep.files.get(url) : undefined;
    const cached = waiting ?? (await peekCachedMedia(memberId, url));
    if (cached) return cached;
    const blob = await fetchMedia(url);
    if (blob) keepOnceStarted(memberId, url, blob);
    return blob;
  }
  // Dexie is imported here, not at the top: a post card (the feed's first paint) shows without it.
  const database = given ?? (await (await import('@/lib/db')).localDb());
  if (url.startsWith(LOCAL_MEDIA_PREFIX)) {
    return (await database.mediaBlobs.get(url.slice(LOCAL_MEDIA_PREFIX.length)))?.blob ?? null;
  }
  const cached = await database.mediaCache.get(url);
  if (cached) return cached.blob;
  const blob = await fetchMedia(url);
  if (blob) await keep(database, [[url, blob]]);
  return blob;
}

/** An object URL for a media url, or undefined while loading or when it cannot be had. */
export function useMediaUrl(url: string | null | undefined): string | undefined {
  const [state, setState] = useState<{ url: string; objectUrl: string } | undefined>(undefined);
  useEffect(() => {
    if (!url) return;
    let cancelled = false;
    let objectUrl: string | undefined;
    void loadMedia(url).then((blob) => {
      if (cancelled || !blob) return;
      objectUrl = URL.createObjectURL(blob);
      setState({ url, objectUrl });
    });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state && state.url === url ? state.objectUrl : undefined;
}
