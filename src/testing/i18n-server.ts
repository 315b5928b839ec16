// Test helper: a fetch double serving the catalog files and /settings answers, and a fresh i18n module.
import { vi } from 'vitest';
import { json } from './fetch';

export type SettingsRoute = (url: string) => Response;

/** Catalog files and /settings answers; any other request fails like an offline fetch. */
export function installI18nServer(settings: Record<string, SettingsRoute> = {}): string[] {
  const urls: string[] = [];
  const mock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    urls.push(url);
    const catalog = /^\/assets\/i18n\/(en-US|fr-FR)\.json$/.exec(url);
    if (catalog) {
      const greeting = catalog[1] === 'en-US' ? 'Hello ' : 'Bonjour ';
      // the shape `lingui compile --namespace json` writes for "Hello {name}"
      return json(200, { messages: { 'APP.HELLO': [greeting, ['name']] } });
    }
    const domain = new URL(url, 'http://localhost').searchParams.get('domainId') ?? '';
    const route = settings[domain];
    if (!route) throw new TypeError('Failed to fetch');
    return route(url);
  });
  vi.stubGlobal('fetch', mock);
  return urls;
}

/** The i18n module as a fresh start-up sees it. */
export async function loadI18n() {
  vi.resetModules();
  return import('@/lib/i18n');
}
