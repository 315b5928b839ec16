// "Every screen for the thumb": every route of the router, on a 360 × 780 phone, for a signed-in
// member with cars, logs, fill-ups, reminders, posts, friends, messages and chats (long names and
// long texts), in fr-FR and en-US, light and dark, in three states: online, offline with a write
// waiting, and the server down with the network on. Each screen is checked by auditScreen
// (support/thumb-audit.ts) and photographed into tests/.artifacts/thumb-audit/, one folder for a
// person to look through. One browser, one page per language and sign-in state, reused; one test per
// route and state, the four language × theme views inside it.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiCall } from './support/api.mjs';
import { waitForControllingWorker } from './support/garage-flows';
import { SCREENS, seedScreens, type Screen, type World } from './support/screens.mjs';
import { ROOT } from './support/server-process.mjs';
import { auditScreen, routerPaths, type AuditLocale } from './support/thumb-audit';
import { STEP_TIMEOUT_MS, t, useE2e } from './harness';

const e2e = useE2e();
const ARTIFACTS = path.join(ROOT, 'tests/.artifacts/thumb-audit');
const LOCALES: AuditLocale[] = ['fr-FR', 'en-US'];
const THEMES = ['light', 'dark'] as const;
const STATES = ['online', 'offline-waiting', 'server-down'] as const;
type State = (typeof STATES)[number];
const IMPORT_FILE = readFileSync(path.join(ROOT, 'tests/fixtures/imports/spritmonitor-real.csv'));

interface Route extends Screen {
  /** What the member does on the screen before it is checked (a file picked). */
  then?: (page: Page, locale: AuditLocale) => Promise<void>;
}

/** What the member does on some screens before they are checked. */
const THEN: Record<string, Route['then']> = {
  '/my-cars/$carId/import': async (page, locale) => {
    const input = page.getByLabel(t('IMPORT.FILE', locale));
    if (!(await input.count())) return;
    await input.setInputFiles({ name: 'spritmonitor.csv', mimeType: 'text/csv', buffer: IMPORT_FILE });
    await page
      .getByRole('region', { name: t('IMPORT.REPORT', locale) })
      .waitFor({ timeout: 15_000 })
      .catch(() => undefined);
  },
};
const ROUTES: Route[] = SCREENS.map((screen) => ({ ...screen, then: THEN[screen.path] }));

const worlds = new Map<AuditLocale, World>();
const worldOf = (locale: AuditLocale): World => {
  const world = worlds.get(locale);
  if (!world) throw new Error('the audit is not seeded');
  return world;
};
const pages = new Map<string, Page>();
const pageOf = (locale: AuditLocale, signedOut: boolean): Page => {
  const page = pages.get(`${locale}-${signedOut ? 'out' : 'in'}`);
  if (!page) throw new Error('the audit pages are not open');
  return page;
};

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const locale of LOCALES) {
    const world = await seedScreens(e2e.baseUrl);
    worlds.set(locale, world);
    const session = world.session;
    const answer = await apiCall(e2e.baseUrl, 'PUT', '/users/me', { language: locale }, session.token);
    if (answer.status !== 200) throw new Error(`PUT /users/me answered ${answer.status}`);
    const user = answer.json.data;
    const signedIn = await e2e.newPage({
      session: { ...session, user, locale },
      locale,
      viewport: { width: 360, height: 780 },
    });
    await signedIn.goto(`${e2e.baseUrl}/feed`);
    await waitForControllingWorker(signedIn);
    pages.set(`${locale}-in`, signedIn);
    const signedOut = await e2e.newPage({ locale, viewport: { width: 360, height: 780 } });
    await signedOut.goto(`${e2e.baseUrl}/login`);
    await waitForControllingWorker(signedOut);
    pages.set(`${locale}-out`, signedOut);
  }
});

afterAll(async () => {
  if (e2e.server.pid === null) await e2e.server.restart();
});

/** Waits for the screen: a heading, a quiet network, no skeleton, the fonts. */
async function ready(page: Page): Promise<void> {
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 20_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('.ui-skeleton, [aria-busy="true"]'), undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
}

const frame = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

async function auditRoute(route: Route, state: State): Promise<string[]> {
  const found: string[] = [];
  for (const locale of LOCALES) {
    const page = pageOf(locale, route.signedOut === true);
    await page.goto(`${e2e.baseUrl}${route.address(worldOf(locale))}`);
    await ready(page);
    if (route.then) {
      await route.then(page, locale);
      await ready(page);
    }
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await frame(page);
      // The colours' transitions to the new theme end first: a photo or an axe run mid-way would
      // see neither theme.
      await page
        .waitForFunction(
          () =>
            document
              .getAnimations()
              .filter((a) => a instanceof CSSTransition)
              .every((a) => a.playState !== 'running'),
          undefined,
          { timeout: 10_000 },
        )
        .catch(() => undefined);
      const name = `${state}-${locale}-${theme}-${route.path.replace(/[/$]+/g, '_').replace(/^_|_$/g, '') || 'root'}`;
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
      for (const problem of await auditScreen(page, locale)) found.push(`${name}: ${problem}`);
    }
  }
  return found;
}

/** Offline with a write waiting: the server and the network gone, then a like tapped on the post. */
async function offlineWithAWriteWaiting(): Promise<void> {
  await e2e.server.stop();
  for (const locale of LOCALES) {
    for (const signedOut of [false, true]) await pageOf(locale, signedOut).context().setOffline(true);
    const page = pageOf(locale, false);
    await page.goto(`${e2e.baseUrl}/post/${worldOf(locale).postId}`);
    await ready(page);
    // The post's like button (its name: "Like" and the count).
    await page.locator('button.post-card__like[aria-pressed="false"]').first().click();
    await page.getByTestId('sync-pending-count').waitFor({ timeout: STEP_TIMEOUT_MS });
  }
}

async function serverDown(): Promise<void> {
  if (e2e.server.pid !== null) await e2e.server.stop();
  for (const page of pages.values()) await page.context().setOffline(false);
}

test('the audit covers every route of the router', () => {
  expect(ROUTES.map((r) => r.path).sort()).toEqual(routerPaths());
});

for (const state of STATES) {
  describe(state, () => {
    beforeAll(async () => {
      if (state === 'offline-waiting') await offlineWithAWriteWaiting();
      if (state === 'server-down') await serverDown();
    });
    for (const route of ROUTES) {
      test(`${route.path} (${state}): fits the thumb in fr-FR and en-US, light and dark`, async () => {
        expect(await auditRoute(route, state)).toEqual([]);
      });
    }
  });
}
