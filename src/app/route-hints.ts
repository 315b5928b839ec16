// The entry's first step on a signed-in cold start (src/main.tsx): the chunks and style sheets of
// the screen being opened, and the member's catalog, are asked for at once, beside React DOM and
// the app, rather than after the app has been evaluated and the router has resolved the route.
// index.html carries each route's files as inert JSON (vite.config.ts, signedInRouteHints), and
// the app's own hints (React DOM, the app's step, the login screen) in an inert template: on the
// feed, the garage, a car's overview and the account screen the entry paints the screen's first
// view before it asks for the app (paintsScreenFirst).
// Nothing here may import the app: this module is part of the entry.
import { CAR_HOME_ROUTE, carHomeId } from '@/features/garage/api/car-home-path';
import { DEFAULT_LOCALE, storedLocale } from '@/lib/i18n/locales';
import { matchRoutePattern } from './route-patterns';

/** The keys src/lib/auth/token.ts and src/lib/i18n/locales.ts use (route-hints.test.ts checks). */
export const HINT_KEYS = { refreshToken: 'refresh_token', locale: 'selectedLocale' } as const;
/** The catalog index.html already preloads (the default locale). */
export const PRELOADED_LOCALE = DEFAULT_LOCALE;
/** The paths that open the feed (`/` and `/my-posts` redirect there). */
const ALIASES: Record<string, string> = { '/': '/feed', '/my-posts': '/feed' };

/** index.html's JSON: the files once, each route's by their places in `files`. */
interface RouteHints {
  files?: unknown;
  routes?: Record<string, { js?: unknown; css?: unknown }>;
}

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

/** index.html's JSON, read once per element: the entry asks for a screen's styles, then its chunks. */
const parsedHints = new WeakMap<Element, RouteHints | null>();

function readHints(doc: Document): RouteHints | null {
  const script = doc.getElementById('paddock-route-hints');
  if (!script) return null;
  if (!parsedHints.has(script)) {
    let hints: RouteHints | null;
    try {
      hints = JSON.parse(script.textContent ?? '{}') as RouteHints;
    } catch {
      hints = null;
    }
    parsedHints.set(script, hints);
  }
  return parsedHints.get(script) ?? null;
}

function routeHints(pathname: string, doc: Document): { js: string[]; css: string[] } | null {
  const hints = readHints(doc);
  const routes = hints && typeof hints.routes === 'object' ? hints.routes : null;
  if (!routes) return null;
  const key = matchRoutePattern(ALIASES[pathname] ?? pathname, Object.keys(routes));
  const route = key ? routes[key] : null;
  if (!route) return null;
  const files = Array.isArray(hints?.files) ? (hints.files as unknown[]) : [];
  const named = (places: unknown) =>
    strings(
      Array.isArray(places) ? places.map((p) => (Number.isInteger(p) ? files[p as number] : null)) : [],
    );
  return { js: named(route.js), css: named(route.css) };
}

/**
 * The screens the entry paints before the app (feed-first-paint.ts, garage-first-paint.ts,
 * car-home-first-paint.ts, account-first-paint.ts).
 */
const PAINTED_FIRST = new Set(['/feed', '/my-cars', CAR_HOME_ROUTE, '/account']);

/** The screen painted first a path opens: `/` → /feed, /car/{id} → /car/$id. */
function routeKey(pathname: string): string {
  return carHomeId(pathname) ? CAR_HOME_ROUTE : (ALIASES[pathname] ?? pathname);
}

/**
 * Whether the entry paints the screen's first view before it asks for the app's files (signed in,
 * online, on the feed, the garage, a car's overview or the account screen): those then wait for
 * that paint.
 */
export function paintsScreenFirst(pathname: string): boolean {
  return PAINTED_FIRST.has(routeKey(pathname)) && signedInOnline();
}

/** The screen's style sheets, when a session is stored: the first paint needs them. */
export function preloadRouteStyles(pathname: string, doc: Document = document): string[] {
  if (!signedInOnline()) return [];
  const css = routeHints(pathname, doc)?.css ?? [];
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
  const js = routeHints(pathname, doc)?.js ?? [];
  // crossorigin as the entry's own modulepreload links: the module loader then reuses the answer.
  // Added ROUTE_HINTS_PER_TASK at a time, a task each: each link starts its request on the main
  // thread, and a car's home names some seventy files (one task of them blocked it for 35 ms, four
  // times that on a phone Lighthouse emulates).
  const add = (from: number) => {
    for (const href of js.slice(from, from + ROUTE_HINTS_PER_TASK))
      link(doc, { rel: 'modulepreload', crossorigin: '', href });
    if (from + ROUTE_HINTS_PER_TASK < js.length) setTimeout(() => add(from + ROUTE_HINTS_PER_TASK), 0);
  };
  add(0);
  return [...asked, ...js];
}

/** How many of a screen's chunk hints are added in one task (preloadRouteScripts). */
export const ROUTE_HINTS_PER_TASK = 12;

/** The screen's style sheets and chunks at once, when a session is stored; returns the files asked for. */
export function preloadSignedInRoute(pathname: string, doc: Document = document): string[] {
  return [...preloadRouteStyles(pathname, doc), ...preloadRouteScripts(pathname, doc)];
}
