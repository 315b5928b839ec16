import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-json';

// Catalogs are keyed by id, like the spec's keys (MESSAGES.NO_FRIENDS, ERRORS.TOO_MANY_REQUESTS).
// `npm run build:i18n` compiles them into public/assets/i18n/{locale}.json, the files the client
// fetches (spec §7 "GET ./assets/i18n/{lang}.json") and the service worker precaches.
export default defineConfig({
  sourceLocale: 'fr-FR',
  locales: ['en-US', 'fr-FR'],
  fallbackLocales: { default: 'fr-FR' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}', include: ['src'] }],
  format: formatter({ style: 'minimal' }),
  compileNamespace: 'json',
});
