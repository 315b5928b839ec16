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

/** What a push's notification shows (a reminder that changed state). */
export interface PushNotificationSpec {
  title: string;
  options: { body: string; icon: string; badge: string; tag?: string; data: { url: string } };
}

export const PUSH_ICON = '/icons/icon-192.png';

/**
 * The notification for a push's JSON payload `{ title, body, url, tag }`. A payload that is not
 * that still shows something (a push without a notification is penalised by browsers); the URL
 * is kept only when it is a path of this app (no open redirect to another site).
 */
export function pushNotification(payload: unknown): PushNotificationSpec {
  const p = (payload && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const url = text(p.url);
  return {
    title: text(p.title) || 'Paddock',
    options: {
      body: text(p.body),
      icon: PUSH_ICON,
      badge: PUSH_ICON,
      ...(text(p.tag) ? { tag: text(p.tag) } : {}),
      data: { url: url.startsWith('/') && !url.startsWith('//') ? url : '/' },
    },
  };
}

/** A push's data as JSON, or null when it is not JSON. */
export function readPushData(data: { json(): unknown } | null | undefined): unknown {
  try {
    return data ? data.json() : null;
  } catch {
    return null;
  }
}

/** The open window of this app to reuse for a clicked notification: a focused one first. */
export function windowToOpen<T extends { url: string; focused?: boolean }>(
  windows: readonly T[],
  origin: string = self.location.origin,
): T | undefined {
  const ours = windows.filter((w) => {
    try {
      return new URL(w.url).origin === origin;
    } catch {
      return false;
    }
  });
  return ours.find((w) => w.focused) ?? ours[0];
}
