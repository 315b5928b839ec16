// The server's languages, for every layer that answers in the member's language: the HTTP layer's
// errors, mails, pushes, legal texts, dossiers (docs/ARCHITECTURE.md, server/src/platform).
import { DEFAULT_SERVER_LOCALE, SERVER_LOCALES, type ServerLocale } from './locales';

/**
 * The best supported locale for an Accept-Language header (q-values honoured, `en` → en-US,
 * `fr-CA` → fr-FR), else the product default fr-FR.
 */
export function localeFromAcceptLanguage(header: string | undefined): ServerLocale {
  return matchAcceptLanguage(header) ?? DEFAULT_SERVER_LOCALE;
}

/** The best supported locale for an Accept-Language header, or null when it names none. */
export function matchAcceptLanguage(header: string | undefined): ServerLocale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = tag.split('-')[0];
    const match = SERVER_LOCALES.find((l) => l.toLowerCase() === tag || l.split('-')[0] === language);
    if (match) return match;
  }
  return null;
}
