/** The interface languages (spec §1); the default is also the fallback. */
export const SERVER_LOCALES = ['en-US', 'fr-FR'] as const;
export type ServerLocale = (typeof SERVER_LOCALES)[number];
export const DEFAULT_SERVER_LOCALE: ServerLocale = 'fr-FR';
