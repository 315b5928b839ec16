// The entry's first step on a signed-in cold start (src/main.tsx): the chunks and style sheets of
// the screen being opened, and the member's catalog, are asked for at once, beside React DOM and
// the app, rather than after the app has been evaluated and the router has resolved the route.
// index.html carries each route's files as inert JSON (vite.config.ts, signedInRouteHints).
// Nothing here may import the app: this module is part of the entry.

/** The keys src/lib/auth/token.ts and src/lib/i18n-core.ts use (route-hints.test.ts checks). */
export const HINT_KEYS = { refreshToken: 'refresh_token', locale: 'selectedLocale' } as const;
/** The catalog index.html already preloads (the default locale). */
export const PRELOADED_LOCALE = 'fr-FR';
const LOCALES = new Set(['en-US', 'fr-FR']);
/** The paths that open the feed (`/` and `/my-posts` redirect there). */
const ALIASES: Record<string, string> = { '/': '/feed', '/my-posts': '/feed' };

type RouteHints = Record<string, { js?: unknown; css?: unknown }>;

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage blocked: the app starts as usual
  }
}

function strings(value: unknown): string[] {
  // Paths on this origin only ('//host/…' is another origin).
  const local = (v: unknown): v is string =>
    typeof v === 'string' && v.startsWith('/') && !v.startsWith('//');
  return Array.isArray(value) ? value.filter(local) : [];
}

function link(doc: Document, attrs: Record<string, string>): void {
  const element = doc.createElement('link');
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  doc.head.appendChild(element);
}

/** Adds the hints for `pathname` when a session is stored; returns the files asked for. */
export function preloadSignedInRoute(pathname: string, doc: Document = document): string[] {
  if (!stored(HINT_KEYS.refreshToken)) return []; // signed out: /login has its own hints
  // Offline, the service worker answers at once: no round trip to save, and the device's lists
  // (not the network's first list these hints name) paint first.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return [];
  const asked: string[] = [];
  const locale = stored(HINT_KEYS.locale);
  if (locale && locale !== PRELOADED_LOCALE && LOCALES.has(locale)) {
    const href = `/assets/i18n/${locale}.json`;
    link(doc, { rel: 'preload', as: 'fetch', href, crossorigin: 'anonymous' }); // as initI18n fetches it
    asked.push(href);
  }
  let hints: RouteHints = {};
  try {
    hints = JSON.parse(doc.getElementById('paddock-route-hints')?.textContent ?? '{}') as RouteHints;
  } catch {
    return asked;
  }
  const route = hints[ALIASES[pathname] ?? pathname];
  if (!route) return asked;
  // Linked as Vite's loader links a lazy chunk's CSS (rel stylesheet, crossorigin ''), so that it
  // finds them and asks for nothing twice; a script-inserted style sheet blocks no paint.
  for (const href of strings(route.css)) link(doc, { rel: 'stylesheet', crossorigin: '', href });
  // crossorigin as the entry's own modulepreload links: the module loader then reuses the answer.
  for (const href of strings(route.js)) link(doc, { rel: 'modulepreload', crossorigin: '', href });
  return [...asked, ...strings(route.css), ...strings(route.js)];
}
