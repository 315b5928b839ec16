// The browser suite's harness: the real built server on a fresh DATA_DIR, Debian's Chromium, the
// English and French catalogs to find things by the names a person reads, and, when a test fails,
// the browser console, page errors and server output printed with it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { launchChromium } from './support/chromium.mjs';
import { seedSessionScript, type SeededSession } from './support/first-render-js.mjs';
import { ROOT, startServer, type ServerHandle, type ServerOptions } from './support/server-process.mjs';

export type Locale = 'en-US' | 'fr-FR';

/**
 * The limit of one wait for a state (a screen, an address, a row): generous, because the suite runs
 * on a loaded two-core machine where a step can take many times longer than on a quiet one. A limit
 * only ends a wait that would never succeed; it asserts nothing about speed.
 */
export const STEP_TIMEOUT_MS = 60_000;

const catalogs = new Map<Locale, Record<string, string>>();

/** The catalog text of `key`, read from src/locales so a wording change does not break a test. */
export function t(key: string, locale: Locale = 'en-US'): string {
  let catalog = catalogs.get(locale);
  if (!catalog) {
    catalog = JSON.parse(readFileSync(path.join(ROOT, 'src/locales', `${locale}.json`), 'utf8')) as Record<
      string,
      string
    >;
    catalogs.set(locale, catalog);
  }
  const text = catalog[key];
  if (typeof text !== 'string') throw new Error(`No "${key}" in src/locales/${locale}.json`);
  return text;
}

/** An exact-match pattern for a catalog text, tolerant of surrounding whitespace. */
export function exactly(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}

export interface E2e {
  readonly server: ServerHandle;
  readonly browser: Browser;
  readonly baseUrl: string;
  /** A new context and page; console and page errors are kept for the failure report. */
  newPage(options?: BrowserContextOptions & { session?: SeededSession; locale?: Locale }): Promise<Page>;
  /** Keeps a page's console, page errors, failed requests and navigations for the failure report. */
  watch(page: Page): void;
  /** Makes offline real: stops the server and cuts the context's network. */
  goOffline(context: BrowserContext): Promise<void>;
  goOnline(context: BrowserContext): Promise<void>;
}

/** Registers the hooks of a test file and returns the handles its tests use. */
export function useE2e(serverOptions: ServerOptions = {}): E2e {
  let server: ServerHandle | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  let log: string[] = [];

  beforeAll(async () => {
    server = await startServer(serverOptions);
    browser = await launchChromium();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.dispose();
  });

  let pages: Page[] = [];
  beforeEach((ctx) => {
    log = [];
    pages = [];
    ctx.onTestFailed(async () => {
      // What each page showed when the test failed: its address and its visible text.
      for (const page of pages.filter((p) => !p.isClosed())) {
        const text = await page.evaluate(() => document.body?.innerText ?? '').catch(() => '(unreadable)');
        log.push(`[page at failure] ${page.url()}\n${text.slice(0, 1500)}`);
      }
      console.log(
        `\n--- browser console and page errors (${ctx.task.name}) ---\n${log.join('\n') || '(none)'}` +
          `\n--- server output (last lines) ---\n${server?.output().split('\n').slice(-60).join('\n') || '(none)'}\n`,
      );
    });
  });

  const watch = (page: Page) => {
    pages.push(page);
    const stamp = () => new Date().toISOString().slice(11, 23);
    page.on('console', (m) => log.push(`${stamp()} [console.${m.type()}] ${m.text()}`));
    page.on('pageerror', (e) => log.push(`${stamp()} [pageerror] ${e.stack ?? e.message}`));
    page.on('requestfailed', (r) =>
      log.push(`${stamp()} [requestfailed] ${r.url()} ${r.failure()?.errorText ?? ''}`),
    );
    page.on('response', (r) => {
      if (r.status() >= 400) log.push(`${stamp()} [http ${r.status()}] ${r.request().method()} ${r.url()}`);
    });
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) log.push(`${stamp()} [navigated] ${f.url()}`);
    });
  };

  const need = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`${what} is not started (useE2e hooks did not run)`);
    return value;
  };

  return {
    get server() {
      return need(server, 'The server');
    },
    get browser() {
      return need(browser, 'The browser');
    },
    get baseUrl() {
      return need(server, 'The server').baseUrl;
    },
    async newPage(options = {}) {
      const { session, locale, ...contextOptions } = options;
      const context = await need(browser, 'The browser').newContext(contextOptions);
      contexts.push(context);
      // Playwright's own default (30 s) is short for a loaded machine: every wait, click and
      // navigation without a limit of its own gets the step's.
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      context.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);
      if (session) await context.addInitScript({ content: seedSessionScript({ locale, ...session }) });
      else if (locale) {
        await context.addInitScript({
          content: `if (!localStorage.getItem('__e2e_locale')) { localStorage.setItem('__e2e_locale', '1'); localStorage.setItem('selectedLocale', ${JSON.stringify(locale)}); }`,
        });
      }
      const page = await context.newPage();
      watch(page);
      return page;
    },
    watch,
    async goOffline(context) {
      await need(server, 'The server').stop();
      await context.setOffline(true);
    },
    async goOnline(context) {
      await context.setOffline(false);
      await need(server, 'The server').restart();
    },
  };
}

/** The pathname the page shows, once it equals `expected` (waits up to `timeoutMs`). */
export async function expectPath(page: Page, expected: string, timeoutMs = STEP_TIMEOUT_MS): Promise<void> {
  await page.waitForURL((url) => url.pathname === expected, { timeout: timeoutMs, waitUntil: 'commit' });
}

/** The API requests of a page from now on: how many are on the wire (sent, not yet answered or failed). */
export interface ApiTraffic {
  inFlight(): number;
}

export function watchApiTraffic(page: Page): ApiTraffic {
  const open = new Set<unknown>();
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (isApi(request.url())) open.add(request);
  });
  const done = (request: { url(): string }) => open.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return { inFlight: () => open.size };
}

/**
 * Waits until none of the page's API requests is on the wire. With the page's outbox empty, nothing
 * else of its writes can reach the server after this: the state a test waits for before it asserts
 * that a write arrived once, instead of waiting a fixed time for a duplicate that might come.
 */
export async function waitForApiQuiet(traffic: ApiTraffic, timeoutMs = STEP_TIMEOUT_MS): Promise<void> {
  await expect.poll(() => traffic.inFlight(), { timeout: timeoutMs, interval: 50 }).toBe(0);
}
