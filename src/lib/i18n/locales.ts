// The app's languages and the member's stored choice (spec §4), with no imports: the entry's first
// paint (src/features/garage/garage-first-paint.ts) reads them before Lingui and the app have
// loaded; src/lib/i18n/core.ts re-exports them beside the Lingui instance.

export const SUPPORTED_LOCALES = ['en-US', 'fr-FR'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
/** Spec §1/§4: default locale fr-FR, which is also the fallback language. */
export const DEFAULT_LOCALE: Locale = 'fr-FR';
export const LOCALE_STORAGE_KEY = 'selectedLocale';

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** The stored choice when supported, else the default (storage unavailable included). */
export function storedLocale(): Locale {
  try {
    const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isSupportedLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}
