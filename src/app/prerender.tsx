// Build-time only (server/scripts/prerender.mjs): renders the real /login route, signed out, once per
// language, so that the first visit paints before any JavaScript has run.
import { createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { session } from '@/lib/auth/session';
import { i18n, SUPPORTED_LOCALES, type Locale } from '@/lib/i18n/core';
import { App } from './app';
import { createAppRouter } from './router';
import type { Messages } from '@lingui/core';

export const PRERENDERED_PATH = '/login';
export const PRERENDERED_LOCALES = SUPPORTED_LOCALES;

/** The markup of #root for /login in `locale`; `messages` is that locale's compiled catalog. */
export async function renderLoginMarkup(messages: Messages, locale: Locale): Promise<string> {
  i18n.load(locale, messages);
  i18n.activate(locale);
  await session.init(); // no stored tokens here: signed out
  const router = createAppRouter(createMemoryHistory({ initialEntries: [PRERENDERED_PATH] }));
  await router.load();
  return renderToString(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}
