// A real logout empties the service worker's runtime caches (docs/OFFLINE-FIRST.md property 10): the media
// images cache (sw/sw-rules.ts MEDIA_CACHE) holds the member's photos. The precache holds only the
// app itself and stays, so the app still opens offline for the next member.

/** Workbox names its precache `workbox-precache-v2-<scope>`. */
export function isPrecacheName(name: string): boolean {
  return /-precache-/.test(name);
}

export async function clearRuntimeCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !isPrecacheName(name)).map((name) => caches.delete(name)));
}
