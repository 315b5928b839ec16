// The screens painted first beyond the feed and the garage: a car's home
// (src/features/garage/car-home-first-paint.ts) and the account screen
// (src/features/account/account-first-paint.ts). On a cold start, signed in and online, the screen's
// first view is drawn into index.html's app shell from the entry (the car from its early ask, the
// account's words from the member's catalog), in the app's frame, before the app's files are asked
// for; the app's first render then shows the same thing in the same place (no skeleton between),
// moves nothing (no layout shift) and adds no later, larger largest contentful paint. The screens
// are kept as screenshots at 360 px, in French, for a person to compare.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { apiCall, signUpViaApi } from './support/api.mjs';
import { STEP_TIMEOUT_MS, useE2e } from './harness';
import {
  afterSwapPainted,
  expectAppAskedAfterDrawnView,
  firstPaintSeen,
  holdAppStep,
  type FirstPaintSeen,
} from './support/first-paint';

const e2e = useE2e();

const SCREENSHOTS = process.env.PADDOCK_SCREENSHOT_DIR ?? path.join(tmpdir(), 'paddock-screenshots');
const LONG_NAME = 'Alpine A110 Première Édition, bleu Alpine métallisé, jantes Grand Prix';

/** Notes, in the page, the LCP candidates, the layout shifts, and when the shell was drawn into and replaced. */
const WATCH = `(() => {
  const seen = (window.__firstPaint = { lcp: [], shifts: [], paintedAt: null, replacedAt: null });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) seen.lcp.push({ at: e.startTime, size: e.size, tag: e.element?.tagName ?? null });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) seen.shifts.push(e.value);
  }).observe({ type: 'layout-shift', buffered: true });
  new MutationObserver(() => {
    if (seen.paintedAt === null && document.querySelector('[data-first-paint]')) seen.paintedAt = performance.now();
    if (seen.paintedAt !== null && seen.replacedAt === null && !document.querySelector('#root > .app-shell'))
      seen.replacedAt = performance.now();
  }).observe(document, { childList: true, subtree: true });
})();`;

test("a signed-in cold start of a car's home draws the car before the app, which shows it in the same place", async () => {
  const session = await signUpViaApi(e2e.baseUrl);
  const created = await apiCall(
    e2e.baseUrl,
    'POST',
    '/cars',
    { make: 'Alpine', model: 'A110', year: 2019, nickname: LONG_NAME, mileageUnit: 'km' },
    session.token,
  );
  expect(created.status).toBe(201);
  const carId = created.json.data.id as string;
  const page = await e2e.newPage({ session, locale: 'fr-FR', viewport: { width: 360, height: 760 } });
  await page.addInitScript({ content: WATCH });
  const release = await holdAppStep(page);
  await page.goto(`${e2e.baseUrl}/car/${carId}`);

  const drawn = page.locator('#root > .app-shell [data-first-paint="car-home"]');
  await expect.poll(() => drawn.count(), { timeout: STEP_TIMEOUT_MS }).toBe(1);
  expect(await drawn.locator('h1').textContent()).toBe(LONG_NAME);
  expect(await drawn.locator('.car-details__title').textContent()).toBe(LONG_NAME);
  expect(await drawn.locator('.car-details__subtitle').textContent()).toBe('Alpine A110 2019');
  expect(await drawn.locator('.car-home__bar').count()).toBe(1); // my car: its sections' bar
  expect(await drawn.locator('button, a, input, select').count()).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAppAskedAfterDrawnView(page);
  const drawnBox = await drawn.locator('.car-details__subtitle').boundingBox();
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'car-home-first-paint-fr-360.png') });

  release();
  // The app's car home, with its controls, in place of the drawn one.
  const sections = page.getByRole('navigation', { name: 'Rubriques de la voiture' });
  await expect.poll(() => sections.getByRole('link').count(), { timeout: STEP_TIMEOUT_MS }).toBe(7);
  const subtitle = page.locator('#root .car-details__subtitle');
  await expect.poll(() => subtitle.count(), { timeout: STEP_TIMEOUT_MS }).toBe(1);
  await expect
    .poll(() => page.getByRole('region', { name: "En un coup d'œil" }).count(), { timeout: STEP_TIMEOUT_MS })
    .toBe(1);
  await afterSwapPainted(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'car-home-app-fr-360.png') });
  // The same place and size: what the member saw does not move when the app takes over.
  expect(await subtitle.boundingBox()).toEqual(drawnBox);
  const seen = await firstPaintSeen<FirstPaintSeen & { shifts: number[] }>(page);
  expect(seen.replacedAt).not.toBeNull();
  expect(seen.lcp.filter((e) => e.at > seen.replacedAt!)).toEqual([]);
  expect(seen.shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.1);
  // The car was asked for once: the app started from the entry's answer.
  const asked = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.startsWith('/api/v1.0/cars/')),
  );
  expect(asked.filter((p) => p === `/api/v1.0/cars/${carId}`)).toHaveLength(1);
});

test('a signed-in cold start of /account draws its first sections before the app, which keeps their place', async () => {
  const session = await signUpViaApi(e2e.baseUrl);
  const page = await e2e.newPage({ session, locale: 'fr-FR', viewport: { width: 360, height: 760 } });
  await page.addInitScript({ content: WATCH });
  const release = await holdAppStep(page);
  await page.goto(`${e2e.baseUrl}/account`);

  const drawn = page.locator('#root > .app-shell [data-first-paint="account"]');
  await expect.poll(() => drawn.count(), { timeout: STEP_TIMEOUT_MS }).toBe(1);
  expect(await drawn.locator('h1').textContent()).toBe('Paramètres du compte');
  expect(await drawn.locator('.account-email__value').textContent()).toBe(session.user.email);
  expect(await drawn.locator('.account-section__title').allTextContents()).toEqual([
    'E-mail',
    'Mot de passe',
  ]);
  expect(await drawn.locator('button, a, input, select').count()).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAppAskedAfterDrawnView(page);
  const description = '.account-section__description';
  const drawnBox = await drawn.locator(description).boundingBox();
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'account-first-paint-fr-360.png') });

  release();
  const change = page.getByRole('button', { name: "Changer d'e-mail" });
  await expect.poll(() => change.count(), { timeout: STEP_TIMEOUT_MS }).toBe(1);
  await afterSwapPainted(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'account-app-fr-360.png') });
  // The password's description, the screen's largest text, keeps its size: no later, larger paint.
  const appBox = await page.locator(`#root ${description}`).first().boundingBox();
  expect({ width: appBox?.width, height: appBox?.height }).toEqual({
    width: drawnBox?.width,
    height: drawnBox?.height,
  });
  const seen = await firstPaintSeen<FirstPaintSeen & { shifts: number[] }>(page);
  expect(seen.replacedAt).not.toBeNull();
  expect(seen.lcp.filter((e) => e.at > seen.replacedAt!)).toEqual([]);
  expect(seen.shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.1);
});
