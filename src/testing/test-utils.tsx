// Test helpers for screens: real catalogs, the real route tree on a memory history.
import { I18nProvider } from '@lingui/react';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { i18n, type Locale } from '@/lib/i18n';
import enUS from '@/locales/en-US.json';
import frFR from '@/locales/fr-FR.json';
import { createAppRouter } from '@/app/router';

const CATALOGS: Record<Locale, Record<string, string>> = { 'en-US': enUS, 'fr-FR': frFR };

/** Loads the source catalog, compiled the way server/scripts/build-i18n.mjs does, and activates it. */
export function activateCatalog(locale: Locale = 'en-US'): void {
  const messages = Object.fromEntries(
    Object.entries(CATALOGS[locale]).map(([id, text]) => [id, compileMessage(text)]),
  );
  i18n.load(locale, messages);
  i18n.activate(locale);
}

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: 0 }, mutations: { retry: false } },
  });
}

export function renderWithProviders(ui: ReactNode) {
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={testQueryClient()}>{ui}</QueryClientProvider>
    </I18nProvider>,
  );
}

/** Renders one component inside a bare router (for components with links), at `url`. */
export async function renderInRouter(ui: ReactNode, url = '/') {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  await act(async () => {
    renderWithProviders(<RouterProvider router={router} />);
    await router.load().catch(() => undefined);
  });
  return { router };
}

/** Renders the whole app (guards included) at `url`; resolves once the first navigation settled. */
export async function renderApp(url: string) {
  window.scrollTo = () => undefined; // jsdom has no scrolling; the router restores scroll positions
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = createAppRouter(history);
  await act(async () => {
    renderWithProviders(<RouterProvider router={router} />);
    await router.load().catch(() => undefined);
  });
  return { router, history };
}
