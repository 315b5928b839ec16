// Locale rules (spec §4): the choice lives in localStorage under selectedLocale; at start-up it is
// used when supported, else the default fr-FR. Catalogs are Lingui's compiled JSON
// (`lingui compile --namespace json`), fetched from /assets/i18n/{locale}.json.
import { useCallback, useSyncExternalStore } from 'react';
import { currentLocale, i18n, isSupportedLocale, LOCALE_STORAGE_KEY, type Locale } from './core';
import { catalogUrl, requestCatalog } from './catalog-request';
import { localeChoiceRemembered, rememberLocaleChoice } from './locale-choice';
import { storedLocale } from './locales';
import { reapplyDynamicTranslations } from './settings-labels';
import type { Messages } from '@lingui/core';

export {
  currentLocale,
  DEFAULT_LOCALE,
  i18n,
  isSupportedLocale,
  LOCALE_STORAGE_KEY,
  SUPPORTED_LOCALES,
  type Locale,
} from './core';
export {
  addTranslations,
  loadSettingsLabels,
  SETTINGS_DOMAINS,
  SETTINGS_MIRROR_DELAY_MS,
} from './settings-labels';

const loadedCatalogs = new Set<Locale>();
const localeListeners = new Set<(locale: Locale) => void>();

export { catalogUrl };

async function loadCatalog(locale: Locale): Promise<void> {
  if (loadedCatalogs.has(locale)) return;
  try {
    // The garage's first paint may have asked for it already: the same answer, not a second download.
    i18n.load(locale, (await requestCatalog(catalogUrl(locale))) as Messages);
    loadedCatalogs.add(locale);
  } catch (error) {
    // Keep going with what we have (ids show instead of text); a later change tries again.
    console.error(`Failed to load the ${locale} catalog`, error);
    i18n.load(locale, {}); // makes the locale known to Lingui, so activate() works
  }
}

async function switchTo(locale: Locale): Promise<void> {
  await loadCatalog(locale);
  reapplyDynamicTranslations(locale);
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

/** Before the first render. */
export async function initI18n(): Promise<Locale> {
  const locale = storedLocale();
  await switchTo(locale);
  // A choice stored before the cookie existed: kept for the prerendered login page too.
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    // storage disabled: there is no choice to keep
  }
  if (stored === locale && !localeChoiceRemembered(locale)) rememberLocaleChoice(locale);
  return locale;
}

/**
 * A member's choice of language not yet handed to the account's save (the signed-in engine, which
 * loads after the first screen, binds that save): kept across a reload, so the account's older
 * language does not undo a choice made before the engine was there (features/people/data/language.ts).
 */
export const LOCALE_UNSAVED_KEY = 'paddock-locale-unsaved';

/** Spec §4: unsupported → ignored (false); otherwise switch, store, set <html lang>, announce. */
export async function changeLocale(
  locale: string,
  { chosen = true }: { chosen?: boolean } = {},
): Promise<boolean> {
  if (!isSupportedLocale(locale)) return false;
  await switchTo(locale);
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    // The member's own choice (not the account's language applied): to be saved on the account.
    if (chosen) localStorage.setItem(LOCALE_UNSAVED_KEY, locale);
    else localStorage.removeItem(LOCALE_UNSAVED_KEY);
  } catch {
    // storage full or disabled: the switch still applies to this page
  }
  rememberLocaleChoice(locale);
  localeListeners.forEach((listener) => listener(locale));
  return true;
}

export function onLocaleChange(listener: (locale: Locale) => void): () => void {
  localeListeners.add(listener);
  return () => localeListeners.delete(listener);
}

// Lingui emits 'change' on activate and on every load (settings labels arrive after the first
// render), so a counter stands for "the messages changed".
let catalogVersion = 0;
i18n.on('change', () => {
  catalogVersion += 1;
});
const subscribeToLingui = (onChange: () => void): (() => void) => i18n.on('change', onChange);
const getCatalogVersion = (): number => catalogVersion;

export function useLocale(): Locale {
  return useSyncExternalStore(subscribeToLingui, currentLocale, currentLocale);
}

/** A translate function that changes identity (so users re-render) when the locale or messages change. */
export function useT(): (id: string, values?: Record<string, unknown>) => string {
  const version = useSyncExternalStore(subscribeToLingui, getCatalogVersion, getCatalogVersion);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- version is the reason to rebuild it
  return useCallback((id: string, values?: Record<string, unknown>) => i18n._(id, values), [version]);
}

// One Intl formatter per locale and options, kept: building one costs far more than formatting
// with it (a list of 5,000 logs formats a date, a distance and an amount per row it draws).
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** The formatter kept in `cache` for `locale` and `options`, built by `build` the first time. */
function kept<F, O extends object>(
  cache: Map<string, F>,
  build: (locale: string, options?: O) => F,
  locale: string,
  options: O | undefined,
): F {
  const key = options ? `${locale}|${JSON.stringify(options)}` : locale;
  let format = cache.get(key);
  if (!format) {
    format = build(locale, options);
    cache.set(key, format);
  }
  return format;
}

/** The locale's date formatter for `options`, built once and then reused. */
export function dateFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(dateFormats, (l, o) => new Intl.DateTimeFormat(l, o), locale, options);
}

/**
 * The locale's number formatter for `options`, built once and then reused. A constructor that
 * throws (an unknown currency code) caches nothing: it throws again, as callers expect.
 */
export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept(numberFormats, (l, o) => new Intl.NumberFormat(l, o), locale, options);
}

/** Spec §4: dates follow the locale. Invalid input answers '' rather than "Invalid Date". */
export function formatDate(value: string | number | Date, options?: Intl.DateTimeFormatOptions): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(currentLocale(), options).format(date);
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(currentLocale(), options).format(value);
}
