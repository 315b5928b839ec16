// The Lingui instance and the locale constants, with no imports of other lib modules, so that the
// API client (429 toast text) can translate without depending on the catalog loading code.
import { setupI18n } from '@lingui/core';
import { DEFAULT_LOCALE, isSupportedLocale, type Locale } from './locales';

export {
  DEFAULT_LOCALE,
  isSupportedLocale,
  LOCALE_STORAGE_KEY,
  SUPPORTED_LOCALES,
  type Locale,
} from './locales';

export const i18n = setupI18n();

/** The active locale; before initI18n has run, the default. */
export function currentLocale(): Locale {
  return isSupportedLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/** Translate by id; safe before any catalog is loaded (answers the id). */
export function translate(id: string, values?: Record<string, unknown>): string {
  if (!i18n.locale) return id;
  return i18n._(id, values);
}
