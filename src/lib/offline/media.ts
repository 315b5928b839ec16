// Showing photos and receipts. Server files need the bearer token, so an <img src> cannot ask for
// them: they are fetched once, kept in Dexie (a bounded cache, so they show offline too) and shown
// through object URLs. Files not uploaded yet are shown from their local blob.
import { useEffect, useState } from 'react';
import { freshBearer } from '@/lib/auth/bearer';
import type { PaddockDb } from '@/lib/db';
import { LOCAL_MEDIA_PREFIX } from './types';

/** Server files kept on the device for offline viewing; the least recently fetched go first. */
export const MEDIA_CACHE_MAX_ENTRIES = 300;

async function prune(database: PaddockDb): Promise<void> {
  const extra = (await database.mediaCache.count()) - MEDIA_CACHE_MAX_ENTRIES;
  if (extra > 0) {
    const oldest = await database.mediaCache.orderBy('cachedAt').limit(extra).primaryKeys();
    await database.mediaCache.bulkDelete(oldest);
  }
}

/** The bytes behind a media url, from this device when possible. null when unavailable. */
export async function loadMedia(url: string, given?: PaddockDb): Promise<Blob | null> {
  // Dexie is imported here, not at the top: a post card (the feed's first paint) shows without it.
  const database = given ?? (await (await import('@/lib/db')).localDb());
  if (url.startsWith(LOCAL_MEDIA_PREFIX)) {
    return (await database.mediaBlobs.get(url.slice(LOCAL_MEDIA_PREFIX.length)))?.blob ?? null;
  }
  const cached = await database.mediaCache.get(url);
  if (cached) return cached.blob;
  const token = await freshBearer();
  if (!token) return null;
  let response: Response;
  try {
    response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    return null; // offline and never fetched: the screen shows its placeholder
  }
  if (!response.ok) return null;
  const blob = await response.blob();
  try {
    await database.mediaCache.put({ url, blob, cachedAt: Date.now() });
    await prune(database);
  } catch (error) {
    console.warn('media not cached on this device', error); // e.g. storage full: still shown
  }
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
