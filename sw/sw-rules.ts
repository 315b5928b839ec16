// Pure rules of the service worker, unit-tested in sw-rules.test.ts.

/** Navigations to these paths go to the network, never to the app shell. */
export const NAVIGATION_DENYLIST = [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/];

/** /login has a prerendered page (server/scripts/prerender.mjs): navigations there get it, not the bare shell. */
export const PRERENDERED_LOGIN = { allowlist: [/^\/login\/?$/], url: '/login.html' } as const;

export function isPrerenderedLoginNavigation(pathname: string): boolean {
  return PRERENDERED_LOGIN.allowlist.some((re) => re.test(pathname));
}

/** Media images: cache-first, bounded by count and age so the cache cannot grow without end. */
export const MEDIA_CACHE = {
  name: 'paddock-media',
  maxEntries: 200,
  maxAgeSeconds: 30 * 24 * 60 * 60,
} as const;

const MEDIA_PREFIX = '/api/v1.0/media/';

/** Only same-origin image requests under /api/v1.0/media/; any other API answer is never cached. */
export function isMediaImageRequest(
  url: URL,
  destination: string,
  origin: string = self.location.origin,
): boolean {
  return url.origin === origin && url.pathname.startsWith(MEDIA_PREFIX) && destination === 'image';
}

export function isDeniedNavigation(pathname: string): boolean {
  return NAVIGATION_DENYLIST.some((re) => re.test(pathname));
}
