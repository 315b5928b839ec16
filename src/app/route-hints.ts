// The entry's first step on a signed-in cold start (src/main.tsx): the chunks and style sheets of
// the screen being opened, and the member's catalog, are asked for at once, beside React DOM and
// the app, rather than after the app has been evaluated and the router has resolved the route.
// index.html carries each route's files as inert JSON (vite.config.ts, signedInRouteHints), and
// the app's own hints (React DOM, the app's step, the login screen) in an inert template: on the
// feed and the garage the entry paints the screen's first view before it asks for the app
// (paintsScreenFirst).
// Nothing here may import the app: this module is part of the entry.
import { DEFAULT_LOCALE, storedLocale } from '@/lib/i18n/locales';

/** The keys src/lib/auth/token.ts and src/lib/i18n/locales.ts use (route-hints.test.ts checks). */
export const HINT_KEYS = { refreshToken: 'refresh_token', locale: 'selectedLocale' } as const;
/** The catalog index.html already preloads (the default locale). */
export const PRELOADED_LOCALE = DEFAULT_LOCALE;
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

function signedInOnline(): boolean {
  if (!stored(HINT_KEYS.refreshToken)) return false; // signed out: /login has its own hints
  // Offline, the service worker answers at once: no round trip to save, and the device's lists
  // (not the network's first list these hints name) paint first.
  return !(typeof navigator !== 'undefined' && navigator.onLine === false);
}

function routeHints(pathname: string, doc: Document): { js?: unknown; css?: unknown } | null {
  let hints: RouteHints = {};
  try {
    hints = JSON.parse(doc.getElementById('paddock-route-hints')?.textContent ?? '{}') as RouteHints;
  } catch {
    return null;
  }
  return hints[ALIASES[pathname] ?? pathname] ?? null;
}

/** The screens the entry paints before the app (feed-first-paint.ts, garage-first-paint.ts). */
const PAINTED_FIRST = new Set(['/feed', '/my-cars']);

/**
 * Whether the entry paints the screen's first view before it asks for the app's files (signed in,
 * online, on the feed or the garage): those then wait for that paint.
 */
export function paintsScreenFirst(pathname: string): boolean {
  return PAINTED_FIRST.has(ALIASES[pathname] ?? pathname) && signedInOnline();
}

/** The screen's style sheets, when a session is stored: the first paint needs them. */
export function preloadRouteStyles(pathname: string, doc: Document = document): string[] {
  if (!signedInOnline()) return [];
  const css = strings(routeHints(pathname, doc)?.css);
  // Linked as Vite's loader links a lazy chunk's CSS (rel stylesheet, crossorigin ''), so that it
  // finds them and asks for nothing twice; a script-inserted style sheet blocks no paint.
  for (const href of css) link(doc, { rel: 'stylesheet', crossorigin: '', href });
  return css;
}

/**
 * The app's own hints, which index.html keeps inert in <template id="paddock-app-hints"> (React
 * DOM, the app's step, the default catalog, the login screen): added once, but for a file the page
 * has downloaded already, for the default catalog when another language is stored and for the login
 * screen when a session is stored; returns how many.
 */
export function applyAppHints(doc: Document = document): number {
  const template = doc.getElementById('paddock-app-hints');
  if (!(template instanceof HTMLTemplateElement)) return 0;
  template.remove();
  // A file this page has already downloaded (the garage's first paint fetches the catalog) is not
  // asked for again.
  const fetched = new Set(
    typeof performance === 'undefined' ? [] : performance.getEntriesByType('resource').map((e) => e.name),
  );
  // Nor is the default catalog when the member chose another language (the app loads that one).
  const otherLocale = storedLocale() !== PRELOADED_LOCALE;
  for (const hint of template.content.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')) {
    const href = hint.getAttribute('href') ?? '';
    const defaultCatalog = href === `/assets/i18n/${PRELOADED_LOCALE}.json`;
    if (fetched.has(new URL(href, doc.baseURI).href) || (otherLocale && defaultCatalog)) hint.remove();
  }
  // A signed-in member does not need the login screen's files (vite.config.ts marks them): they
  // load only if the session is refused, which a cold start of the feed must not pay for.
  if (stored(HINT_KEYS.refreshToken))
    for (const hint of template.content.querySelectorAll('link[data-hint="login"]')) hint.remove();
  const hints = template.content.querySelectorAll('link');
  doc.head.append(template.content);
  return hints.length;
}

/** The screen's chunks and the member's catalog (when not the default), when a session is stored. */
export function preloadRouteScripts(pathname: string, doc: Document = document): string[] {
  if (!signedInOnline()) return [];
  const asked: string[] = [];
  const locale = storedLocale();
  if (locale !== PRELOADED_LOCALE) {
    const href = `/assets/i18n/${locale}.json`;
    link(doc, { rel: 'preload', as: 'fetch', href, crossorigin: 'anonymous' }); // as initI18n fetches it
    asked.push(href);
  }
  const js = strings(routeHints(pathname, doc)?.js);
  // crossorigin as the entry's own modulepreload links: the module loader then reuses the answer.
  for (const href of js) link(doc, { rel: 'modulepreload', crossorigin: '', href });
  return [...asked, ...js];
}

/** The screen's style sheets and chunks at once, when a session is stored; returns the files asked for. */
export function preloadSignedInRoute(pathname: string, doc: Document = document): string[] {
  return [...preloadRouteStyles(pathname, doc), ...preloadRouteScripts(pathname, doc)];
}
