// The signed-in garage's first paint (src/features/garage/garage-first-paint.ts): on a
// cold start of /my-cars, signed in and online, the cars and the selected car's reminders are drawn
// into index.html's app shell from the entry's early asks, in the member's language, before the
// app's files are asked for; the app's first render then shows the same garage (never "your garage
// is empty" meanwhile), and no later, larger element becomes the page's largest contentful paint.
// The screens are kept as screenshots at 360 px, in French, for a person to compare.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { apiCall, signUpViaApi } from './support/api.mjs';
import { STEP_TIMEOUT_MS, useE2e } from './harness';
import { afterSwapPainted, expectAppAskedAfterDrawnView, holdAppStep } from './support/first-paint';

const e2e = useE2e();

const SCREENSHOTS = process.env.PADDOCK_SCREENSHOT_DIR ?? path.join(tmpdir(), 'paddock-screenshots');
const LONG_NAME = 'Alpine A110 Première Édition, bleu Alpine métallisé, jantes Grand Prix';

/** Notes, in the page, the LCP candidates, when the shell was drawn into and replaced, and any empty garage. */
const WATCH = `(() => {
  const seen = (window.__firstPaint = { lcp: [], paintedAt: null, replacedAt: null, emptySeen: false });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) seen.lcp.push({ at: e.startTime, size: e.size, tag: e.element?.tagName ?? null });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new MutationObserver(() => {
    if (document.body?.textContent?.includes('Votre garage est vide')) seen.emptySeen = true;
    if (seen.paintedAt === null && document.querySelector('[data-first-paint="garage"]')) seen.paintedAt = performance.now();
    if (seen.paintedAt !== null && seen.replacedAt === null && !document.querySelector('#root > .app-shell'))
      seen.replacedAt = performance.now();
  }).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

interface Seen {
  lcp: { at: number; size: number; tag: string | null }[];
  paintedAt: number | null;
  replacedAt: number | null;
  emptySeen: boolean;
}

test('a signed-in cold start of /my-cars draws the garage before the app, which shows the same garage', async () => {
  const session = await signUpViaApi(e2e.baseUrl);
  for (const car of [
    { make: 'Alpine', model: 'A110', nickname: LONG_NAME, mileageUnit: 'km' },
    { make: 'Renault', model: 'R5 Turbo', year: 1984, mileageUnit: 'km' },
  ]) {
    const answer = await apiCall(e2e.baseUrl, 'POST', '/cars', car, session.token);
    expect(answer.status).toBe(201);
  }
  const page = await e2e.newPage({ session, locale: 'fr-FR', viewport: { width: 360, height: 760 } });
  await page.addInitScript({ content: WATCH });
  // The app's step is held until the drawn garage has been looked at.
  const release = await holdAppStep(page);
  await page.goto(`${e2e.baseUrl}/my-cars`);

  const drawn = page.locator('#root > .app-shell [data-first-paint="garage"]');
  await expect.poll(() => drawn.count(), { timeout: STEP_TIMEOUT_MS }).toBe(1);
  // Both cars in the picker, the first selected; its name; the French empty hint of the reminders.
  expect(await drawn.locator('.car-card__title').allTextContents()).toEqual([LONG_NAME, 'Renault R5 Turbo']);
  expect(await drawn.locator('.car-card--selected .car-card__title').textContent()).toBe(LONG_NAME);
  expect(await drawn.locator('.car-details__title').textContent()).toBe(LONG_NAME);
  expect(await drawn.locator('.ui-page__title').textContent()).toBe('Mon garage');
  expect(await drawn.locator('.reminders__hint').textContent()).toContain('Aucun rappel pour l');
  expect(await drawn.locator('button, a, input, select').count()).toBe(0);
  // Nothing wider than the screen at 360 px, long name included.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The app's files (React DOM) are asked for once the garage is on screen.
  await expectAppAskedAfterDrawnView(page);
  // Each early answer and the catalog were asked for once.
  const asked = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.startsWith('/api/') || p.startsWith('/assets/i18n/')),
  );
  expect(asked.filter((p) => p === '/api/v1.0/cars/feed')).toHaveLength(1);
  expect(asked.filter((p) => p === '/api/v1.0/reminders')).toHaveLength(1);
  expect([...new Set(asked.filter((p) => p.startsWith('/assets/i18n/')))]).toEqual([
    '/assets/i18n/fr-FR.json',
  ]);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'garage-first-paint-fr-360.png') });

  release();
  // The app's garage, with its controls, in place of the drawn one.
  const addReminder = page.getByRole('link', { name: 'Ajouter un rappel' });
  await expect.poll(() => addReminder.count(), { timeout: STEP_TIMEOUT_MS }).toBe(1);
  expect(await page.getByRole('heading', { level: 2, name: LONG_NAME }).count()).toBe(1);
  await afterSwapPainted(page); // the frames after the swap, painted and reported
  await page.screenshot({ path: path.join(SCREENSHOTS, 'garage-app-fr-360.png') });
  const seen = await page.evaluate(() => (window as unknown as { __firstPaint: Seen }).__firstPaint);
  expect(seen.replacedAt).not.toBeNull();
  expect(seen.emptySeen).toBe(false);
  // The drawn garage holds the largest contentful paint: the app's, the same size, adds none.
  expect(seen.lcp.filter((e) => e.at > seen.replacedAt!)).toEqual([]);
  expect(seen.lcp.some((e) => e.at >= seen.paintedAt! - 1 && e.at < seen.replacedAt!)).toBe(true);
  // The app reuses the answers: the catalog came over the network once (the app's default-catalog
  // hint, if any, is answered by the browser's cache).
  const downloads = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.name.includes('/assets/i18n/') && e.transferSize > 0)
      .map((e) => new URL(e.name).pathname),
  );
  expect(downloads).toEqual(['/assets/i18n/fr-FR.json']);
});

test('a member without a car: nothing is drawn early, and the app says the garage is empty', async () => {
  const session = await signUpViaApi(e2e.baseUrl);
  const page = await e2e.newPage({ session, locale: 'en-US', viewport: { width: 360, height: 760 } });
  await page.goto(`${e2e.baseUrl}/my-cars`);
  await expect
    .poll(() => page.getByRole('heading', { name: 'Your garage is empty' }).count(), {
      timeout: STEP_TIMEOUT_MS,
    })
    .toBe(1);
  expect(await page.locator('[data-first-paint]').count()).toBe(0);
});
