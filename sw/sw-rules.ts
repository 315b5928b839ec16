// Pure rules of the service worker, unit-tested in sw-rules.test.ts.
import { browserLocale, DEFAULT_LOCALE, isSupportedLocale, type Locale } from '../src/lib/i18n/locales';

/** Navigations to these paths go to the network, never to the app shell. */
export const NAVIGATION_DENYLIST = [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/];

/** /login has a prerendered page (server/scripts/prerender.mjs): navigations there get it, not the bare shell. */
export const PRERENDERED_LOGIN = { allowlist: [/^\/login\/?$/], url: '/login.html' } as const;

/** The prerendered login page of a locale: login.html (the default, fr-FR) or login.<locale>.html. */
export function prerenderedLoginUrl(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? PRERENDERED_LOGIN.url : `/login.${locale}.html`;
}

/**
 * The prerendered login page's language, by the app's own rule (docs/SPEC-NOTES.md §4): the
 * member's choice (kept by src/lib/i18n/locale-choice.ts), else the browser's language when it is
 * one of ours, else the default.
 */
export function loginPageLocale(choice: string | null | undefined, languages: readonly string[]): Locale {
  return isSupportedLocale(choice) ? choice : (browserLocale(languages) ?? DEFAULT_LOCALE);
}

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

/**
 * The manifest's share_target (vite.config.ts): another app's share is POSTed here as
 * multipart/form-data (title, text, url and the images as `photos`); the service worker keeps it
 * (src/lib/share/share-inbox.ts) and answers 303 to the app's screen that offers a post or a log.
 */
export const SHARE_TARGET = {
  action: '/share-target',
  filesParam: 'photos',
  screen: '/share',
} as const;

/** Whether a request is a share's POST to the share target (same origin only). */
export function isShareTargetPost(url: URL, method: string, origin: string = self.location.origin): boolean {
  return url.origin === origin && url.pathname === SHARE_TARGET.action && method === 'POST';
}

/** Where a kept share opens: the share screen with its id; without one, the screen says nothing came. */
export function shareScreenPath(id: string | null): string {
  return id ? `${SHARE_TARGET.screen}?id=${encodeURIComponent(id)}` : SHARE_TARGET.screen;
}

export function isDeniedNavigation(pathname: string): boolean {
  return NAVIGATION_DENYLIST.some((re) => re.test(pathname));
}

/** What a push's notification shows: every kind of push (docs/ARCHITECTURE.md server "push/"). */
export interface PushNotificationSpec {
  title: string;
  options: { body: string; icon: string; badge: string; tag?: string; data: { url: string } };
  /** The member's unread count for the app's icon, when the push carries one. */
  appBadge: number | null;
}

export const PUSH_ICON = '/icons/icon-192.png';

/**
 * The notification for a push's JSON payload: Declarative Web Push `{ web_push: 8030,
 * notification: { title, body, navigate, tag, app_badge } }` (what the server sends), or the older
 * `{ title, body, url, tag }` of a message queued before it changed. A payload that is neither still
 * shows something (a push without a notification is penalised by browsers); the URL is kept only
 * when it is a path of this app (no open redirect to another site).
 */
export function pushNotification(payload: unknown): PushNotificationSpec {
  const outer = (payload && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
  const declarative = outer.notification && typeof outer.notification === 'object';
  const p = (declarative ? outer.notification : outer) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const url = text(declarative ? p.navigate : p.url);
  const badge = p.app_badge;
  return {
    title: text(p.title) || 'Paddock',
    options: {
      body: text(p.body),
      icon: PUSH_ICON,
      badge: PUSH_ICON,
      ...(text(p.tag) ? { tag: text(p.tag) } : {}),
      data: { url: url.startsWith('/') && !url.startsWith('//') ? url : '/' },
    },
    appBadge: typeof badge === 'number' && Number.isInteger(badge) && badge >= 0 ? badge : null,
  };
}

/** Paths of a conversation: a push about one is not shown while the member has it open and visible. */
const CONVERSATION_PATH = /^\/(chat|message)\/[^/]+$/;

/**
 * Whether one of the app's windows shows the conversation a push opens, visible: then the screen
 * already shows the message and the push is not shown.
 */
export function conversationOpen(
  windows: readonly { url: string; visibilityState?: string }[],
  url: string,
  origin: string = self.location.origin,
): boolean {
  const target = new URL(url, origin);
  if (!CONVERSATION_PATH.test(target.pathname)) return false;
  return windows.some((w) => {
    try {
      const at = new URL(w.url);
      return at.origin === origin && at.pathname === target.pathname && w.visibilityState === 'visible';
    } catch {
      return false;
    }
  });
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
