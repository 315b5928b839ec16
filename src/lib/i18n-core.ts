// The Lingui instance and the locale constants, with no imports of other lib modules, so that the
// API client (429 toast text) can translate without depending on the catalog loading code.
import { setupI18n } from '@lingui/core';

export const SUPPORTED_LOCALES = ['en-US', 'fr-FR'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
/** Spec §1/§4: default locale fr-FR, which is also the fallback language. */
export const DEFAULT_LOCALE: Locale = 'fr-FR';
export const LOCALE_STORAGE_KEY = 'selectedLocale';

export const i18n = setupI18n();

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** The active locale; before initI18n has run, the default. */
export function currentLocale(): Locale {
  return isSupportedLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/** Translate by id; safe before any catalog is loaded (answers the id). */
export function translate(id: string, values?: Record<string, unknown>): string {
  if (!i18n.locale) return id;
  return i18n._(id, values);
}
