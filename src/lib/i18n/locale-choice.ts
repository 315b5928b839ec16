// The member's language choice, kept where the server and the service worker see it before any of
// the app's JavaScript runs: the prerendered login page (server/scripts/prerender.mjs) is then
// served in the chosen language (server/src/http/static.ts reads the cookie, sw/sw.ts the cache
// entry) instead of the browser's. Import-free, so the service worker can share the names.
import type { Locale } from './locales';

/** The cookie's name; server/src/http/static.ts reads it (LOCALE_COOKIE there). */
export const LOCALE_COOKIE = 'paddock-locale';
/** The service worker cannot read cookies: the choice is also kept in Cache Storage. */
export const LOCALE_CHOICE_CACHE = 'paddock-choices';
export const LOCALE_CHOICE_URL = '/__paddock/locale';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** Whether the cookie already says `locale`. */
export function localeChoiceRemembered(locale: Locale, cookies: string = document.cookie): boolean {
  return cookies.split(';').some((part) => part.trim() === `${LOCALE_COOKIE}=${locale}`);
}

/** Keeps the choice for the server (a cookie) and the service worker (Cache Storage); never throws. */
export function rememberLocaleChoice(locale: Locale): void {
  try {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`;
  } catch {
    // cookies disabled: the prerendered page follows the browser's language, the app the choice
  }
  if (typeof caches === 'undefined') return;
  void caches
    .open(LOCALE_CHOICE_CACHE)
    .then((cache) => cache.put(LOCALE_CHOICE_URL, new Response(locale)))
    .catch(() => undefined);
}
