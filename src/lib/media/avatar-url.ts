// Avatars are served to signed-in members only (GET /users/{id}/avatar needs the bearer token), so
// an <img src> cannot ask for them: each is fetched once with the token and shown through an
// object URL kept in memory for the tab's life (bounded; cleared at sign-out). My picture picked
// offline and not sent yet is a `local:<blobId>` url: its file is read from this device.
import { useEffect, useState } from 'react';
import type { AvatarSize } from '@/contract/constants';
import { onSignedOut } from '@/lib/auth/sign-out';
import { freshBearer } from '@/lib/auth/bearer';
import { isLocalMediaUrl } from '@/lib/offline/types';

/** Object URLs kept at most; the least recently asked for go first. */
export const AVATAR_CACHE_MAX_ENTRIES = 200;

/** Resolved object URLs by image URL (read during render, so a cached avatar shows at once). */
const resolved = new Map<string, string>();
/** Loads under way or done, by image URL: one fetch per image however many rows show it. */
const loads = new Map<string, Promise<string | null>>();

/** Local previews (a picked file) are shown as they are. */
const isLocal = (url: string) => url.startsWith('blob:') || url.startsWith('data:');

/**
 * The URL of the avatar at `size` px: the user's `avatar` URL (which carries its version `v`) with
 * `size` set, e.g. `/api/v1.0/users/{id}/avatar?v=3&size=50`.
 */
export function avatarImageUrl(url: string, size: AvatarSize): string {
  if (isLocal(url) || isLocalMediaUrl(url)) return url;
  const relative = url.startsWith('/');
  const parsed = new URL(url, 'http://paddock.invalid');
  parsed.searchParams.set('size', String(size));
  return relative ? `${parsed.pathname}${parsed.search}` : parsed.href;
}

async function fetchAvatar(src: string): Promise<string | null> {
  if (isLocalMediaUrl(src)) {
    const { loadMedia } = await import('@/lib/offline/media');
    const blob = await loadMedia(src).catch(() => null);
    return blob ? URL.createObjectURL(blob) : null;
  }
  const token = await freshBearer();
  if (!token) return null;
  try {
    const response = await fetch(src, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) return null;
    return URL.createObjectURL(await response.blob());
  } catch {
    return null; // offline: the letter shows, and the next mount tries again
  }
}

function forget(src: string): void {
  const objectUrl = resolved.get(src);
  resolved.delete(src);
  loads.delete(src);
  if (objectUrl) URL.revokeObjectURL(objectUrl);
}

/** The object URL of an avatar image, fetched once; null when it cannot be had (not cached). */
export function loadAvatar(src: string): Promise<string | null> {
  const known = loads.get(src);
  if (known) {
    // Most recently used last: Map keeps insertion order.
    loads.delete(src);
    loads.set(src, known);
    return known;
  }
  const load = fetchAvatar(src).then((objectUrl) => {
    if (loads.get(src) !== load) {
      // Evicted or cleared while loading.
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      return null;
    }
    if (objectUrl) resolved.set(src, objectUrl);
    else loads.delete(src); // a failure is not kept: asked again later, it may work
    return objectUrl;
  });
  loads.set(src, load);
  while (loads.size > AVATAR_CACHE_MAX_ENTRIES) {
    const oldest = loads.keys().next().value;
    if (oldest === undefined) break;
    forget(oldest);
  }
  return load;
}

/** Drops every cached avatar (sign-out; tests). */
export function clearAvatarCache(): void {
  for (const src of [...loads.keys()]) forget(src);
  for (const src of [...resolved.keys()]) forget(src);
}

onSignedOut(clearAvatarCache);

/**
 * An object URL showing `url` (a user's `avatar` field) at `size` px, or undefined while it loads,
 * when there is none, or when it cannot be loaded: callers then show the initial instead.
 */
export function useAvatarUrl(url: string | null | undefined, size: AvatarSize): string | undefined {
  const src = url ? avatarImageUrl(url, size) : null;
  const [, setLoaded] = useState(0);
  const cached = src ? (isLocal(src) ? src : resolved.get(src)) : undefined;
  useEffect(() => {
    if (!src || isLocal(src) || resolved.has(src)) return;
    let cancelled = false;
    void loadAvatar(src).then((objectUrl) => {
      if (!cancelled && objectUrl) setLoaded((n) => n + 1);
    });
    return () => {
      cancelled = true;
    };
  }, [src]);
  return cached;
}
