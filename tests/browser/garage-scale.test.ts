// A long log book: a car with 10,000 logs syncs whole into the device, its list stays
// virtualised (fewer than 100 rows in the DOM, at the top and at the end), and the type filter and
// the text search find exactly the matching logs. The timings (first sync ≤ 2 s, filters ≤ 50 ms)
// are measured by `npm run bench` (tests/bench/garage-bench.mjs), not asserted on a shared machine.
import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, signUpViaApi } from './support/api.mjs';
import { expectedSeededMatches, localDb, seedCarLogsInDatabase } from './support/garage.mjs';
import { logList, STEP_TIMEOUT_MS } from './support/garage-flows';
import { exactly, t, useE2e } from './harness';
import { screenHeading } from './flows';

const e2e = useE2e();

const LOGS = 10_000;
/** "The list is virtualised": the rows in the DOM stay fewer than this. */
const MAX_DOM_ROWS = 100;

/** What the list says it shows (each row's aria-setsize), once it says `expected`. */
async function expectListSize(page: Page, expected: number): Promise<void> {
  await page.waitForFunction(
    (n) =>
      document.querySelector('[role="listitem"][aria-setsize]')?.getAttribute('aria-setsize') === String(n),
    expected,
    { timeout: STEP_TIMEOUT_MS },
  );
}

async function renderedTitles(page: Page): Promise<string[]> {
  return (await logList(page).locator('.log-row__title').allTextContents()).map((s) => s.trim());
}

test('10,000 logs: all synced to the device, a virtualised list, exact filters', async () => {
  const session = await signUpViaApi(e2e.baseUrl);
  const carId = randomUUID();
  const created = await apiCall(
    e2e.baseUrl,
    'POST',
    '/cars',
    { id: carId, make: 'Alpine', model: 'A110' },
    session.token,
  );
  expect(created.status).toBe(201);
  await e2e.server.stop();
  seedCarLogsInDatabase(e2e.server.dataDir, carId, LOGS);
  await e2e.server.restart();

  const page = await e2e.newPage({ session, locale: 'en-US' });
  await page.goto(`${e2e.baseUrl}/my-cars`);
  await screenHeading(page, 'CARS.MY_CARS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
  await localDb.waitForCarLogCount(page, carId, LOGS, { timeoutMs: 90_000, intervalMs: 100 });

  // The whole log book is listed, a few rows at a time.
  await expectListSize(page, LOGS);
  const rows = logList(page).getByRole('listitem');
  expect(await rows.count()).toBeLessThan(MAX_DOM_ROWS);
  expect(await renderedTitles(page)).toContain(`Log entry ${LOGS}`); // the newest first

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const oldest = logList(page).locator(`[role="listitem"][aria-posinset="${LOGS}"]`);
  await oldest.waitFor({ timeout: STEP_TIMEOUT_MS });
  expect((await oldest.locator('.log-row__title').textContent())?.trim()).toBe('Log entry 1');
  expect(await rows.count()).toBeLessThan(MAX_DOM_ROWS);
  await page.evaluate(() => window.scrollTo(0, 0));

  // The text search, then the type filter on top of it: exactly the matching logs.
  const filters = page.getByRole('search', { name: exactly(t('CAR_LOGS.FILTERS')) });
  const query = 'entry 12';
  await filters.getByLabel(t('CAR_LOGS.SEARCH'), { exact: true }).fill(query);
  await expectListSize(page, expectedSeededMatches(LOGS, { query }));
  const found = await renderedTitles(page);
  expect(found.length).toBeGreaterThan(0);
  expect(found.every((title) => title.toLowerCase().includes(query))).toBe(true);

  await filters.getByLabel(t('CAR_LOGS.TYPE'), { exact: true }).selectOption('repair');
  const both = expectedSeededMatches(LOGS, { type: 'repair', query });
  expect(both).toBeGreaterThan(0);
  await expectListSize(page, both);
  expect(await rows.count()).toBeLessThanOrEqual(both);
  expect((await renderedTitles(page)).every((title) => title.toLowerCase().includes(query))).toBe(true);

  // Cleared, the whole log book again.
  await page
    .getByRole('button', { name: exactly(t('CAR_LOGS.CLEAR_FILTERS')) })
    .first()
    .click();
  await expectListSize(page, LOGS);
  expect(await rows.count()).toBeLessThan(MAX_DOM_ROWS);
});
