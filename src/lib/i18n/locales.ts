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

/**
 * The browser's language when it is one of ours (any French tag reads fr-FR, any English one
 * en-US), in the order the browser prefers them; null when none is (docs/SPEC-NOTES.md §4).
 */
export function browserLocale(
  languages: readonly string[] = typeof navigator === 'undefined'
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language],
): Locale | null {
  for (const tag of languages) {
    const primary = String(tag).toLowerCase().split(/[-_]/)[0];
    if (primary === 'fr') return 'fr-FR';
    if (primary === 'en') return 'en-US';
  }
  return null;
}

/**
 * The start-up locale: the member's stored choice when supported (a language saved on the account
 * is stored as a choice too), else the browser's language when it is one of ours, else the default
 * (storage unavailable included).
 */
export function storedLocale(): Locale {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    // storage disabled: no choice can have been kept
  }
  return isSupportedLocale(stored) ? stored : (browserLocale() ?? DEFAULT_LOCALE);
}
