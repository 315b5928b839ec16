// Build-time only (server/scripts/prerender.mjs): renders the real /login route, signed out, in
// the default locale, so that the first visit paints before any JavaScript has run.
import { createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { session } from '@/lib/auth/session';
import { DEFAULT_LOCALE, i18n } from '@/lib/i18n/core';
import { App } from './app';
import { createAppRouter } from './router';
import type { Messages } from '@lingui/core';

export const PRERENDERED_PATH = '/login';

/** The markup of #root for /login; `messages` is the compiled default-locale catalog. */
export async function renderLoginMarkup(messages: Messages): Promise<string> {
  i18n.load(DEFAULT_LOCALE, messages);
  i18n.activate(DEFAULT_LOCALE);
  await session.init(); // no stored tokens here: signed out
  const router = createAppRouter(createMemoryHistory({ initialEntries: [PRERENDERED_PATH] }));
  await router.load();
  return renderToString(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}
