// Fuel economy offline: at the pump with no network, the member logs two full fill-ups;
// the economy on the car page follows at once (computed on the device by the server's own rule);
// back online the fill-ups reach the server exactly once, and its GET /cars/{id}/fuel-economy agrees
// with the screen. Then the panel in French on a 360 px phone, kept as a screenshot.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, newMember, signUpViaApi } from './support/api.mjs';
import { localDb } from './support/garage.mjs';
import {
  backOnline,
  createCarThroughForm,
  expectLogTitles,
  openGarage,
  signInThroughForm,
  STEP_TIMEOUT_MS,
  waitForControllingWorker,
} from './support/garage-flows';
import { exactly, t, useE2e } from './harness';
import { chooseLanguage, field, screenHeading } from './flows';

const e2e = useE2e();

/** Where the 360 px French screenshot of the economy panel is written (looked at by a person). */
const SCREENSHOT = path.join(
  process.env.PADDOCK_SCREENSHOT_DIR ?? path.join(tmpdir(), 'paddock-screenshots'),
  'fuel-economy-fr-360.png',
);

interface FillUp {
  title: string;
  startDate: string;
  mileage: string;
  quantity: string;
  price: string;
}

/** A catalog text with its {placeholders} filled. */
function fill(key: string, values: Record<string, string>): string {
  return Object.entries(values).reduce((text, [name, value]) => text.replace(`{${name}}`, value), t(key));
}

/** A label's catalog text as a pattern: its placeholders match anything, the rest literally. */
function label(key: string, { exact = true } = {}): RegExp {
  const escaped = t(key)
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{\w+\}/g, '.+');
  return new RegExp(`^${escaped}${exact ? '$' : ''}`);
}

/** "Add a log", type fuel, the fill-up's fields, saved on this device. */
async function logFillUp(page: Page, fillUp: FillUp): Promise<void> {
  await page
    .getByRole('link', { name: exactly(t('CAR_LOGS.ADD')) })
    .or(page.getByRole('link', { name: exactly(t('CAR_LOGS.ADD_FIRST')) }))
    .first()
    .click();
  await screenHeading(page, 'CAR_LOGS.NEW_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
  const type = field(page, 'CAR_LOGS.FORM_TYPE');
  await type.locator('option[value="fuel"]').waitFor({ state: 'attached', timeout: STEP_TIMEOUT_MS });
  await type.selectOption('fuel');
  await field(page, 'CAR_LOGS.FORM_DATE').fill(fillUp.startDate);
  await field(page, 'CAR_LOGS.FORM_TITLE').fill(fillUp.title);
  await page.getByLabel(label('CAR_LOGS.FORM_MILEAGE')).fill(fillUp.mileage);
  await page.getByLabel(label('FUEL.PRICE_PER_UNIT', { exact: false })).fill(fillUp.price);
  await page.getByLabel(fill('FUEL.QUANTITY', { unit: 'L' }), { exact: true }).fill(fillUp.quantity);
  await page.getByRole('button', { name: exactly(t('CAR_LOGS.FORM_SAVE')) }).click();
  await screenHeading(page, 'CARS.MY_CARS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
}

const summary = (page: Page) => page.getByTestId('economy-summary');

test('offline: two full fill-ups show their economy at once and reach the server once, which agrees', async () => {
  const { member, token } = await signUpViaApi(e2e.baseUrl, newMember('fuel'));
  const page = await e2e.newPage({ locale: 'en-US' });
  const context = page.context();

  await signInThroughForm(page, e2e.baseUrl, member);
  await waitForControllingWorker(page);
  await openGarage(page, e2e.baseUrl);
  await createCarThroughForm(page, { make: 'Peugeot', model: '205 GTI' });
  const carId = await vi.waitFor(
    async () => {
      const feed = await apiCall(e2e.baseUrl, 'GET', '/cars/feed', undefined, token);
      expect(feed.json.data).toHaveLength(1);
      return feed.json.data[0].id as string;
    },
    { timeout: STEP_TIMEOUT_MS, interval: 200 },
  );
  await vi.waitFor(
    async () => expect(await localDb.settingsDomains(page)).toEqual(expect.arrayContaining(['carLogType'])),
    { timeout: STEP_TIMEOUT_MS, interval: 200 },
  );
  await expect.poll(() => summary(page).textContent(), { timeout: STEP_TIMEOUT_MS }).toBe(t('ODOMETER.NONE'));

  await e2e.goOffline(context);
  try {
    await page.reload();
    await screenHeading(page, 'CARS.MY_CARS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
    await logFillUp(page, {
      title: 'Full tank',
      startDate: '2024-05-01',
      mileage: '10000',
      quantity: '40',
      price: '1.8',
    });
    await logFillUp(page, {
      title: 'Full tank again',
      startDate: '2024-05-15',
      mileage: '10650',
      quantity: '37.5',
      price: '1.859',
    });
    await expectLogTitles(page, ['Full tank', 'Full tank again']);
    // 37.5 l over 650 km: 5.769… L/100 km, on the device, before any server saw the fill-ups.
    await expect
      .poll(() => summary(page).textContent(), { timeout: STEP_TIMEOUT_MS })
      .toBe('10,650 km · 5.8 L/100 km');
    const queued = await localDb.outbox(page);
    expect(queued.map((e) => e.kind)).toEqual(['carLog.create', 'carLog.create']);

    await page.getByRole('button', { name: new RegExp(t('ECONOMY.SECTION')) }).click();
    await page.getByTestId('economy-average').waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await page.getByTestId('economy-average').textContent()).toBe('5.8 L/100 km');
    // The closing fill's total (37.5 × 1.859 = 69.71, filled in by the form) over 650 km.
    expect(await page.getByTestId('economy-cost').textContent()).toBe('$0.107');
  } finally {
    await backOnline(e2e, context);
  }

  // Back online: the two fill-ups reach the server exactly once, with their fuel.
  const logs = await vi.waitFor(
    async () => {
      const res = await apiCall(e2e.baseUrl, 'GET', `/car-logs/${carId}?page=1&limit=100`, undefined, token);
      expect(res.json.meta.total).toBe(2);
      return res.json.data as { id: string; cost: number; mileage: number; fuel: Record<string, unknown> }[];
    },
    { timeout: STEP_TIMEOUT_MS, interval: 200 },
  );
  expect(logs.map((l) => [l.mileage, l.cost, l.fuel]).sort()).toEqual([
    [10000, 72, { quantity: 40, unit: 'l', fullTank: true, missedPrevious: false, pricePerUnit: 1.8 }],
    [10650, 69.71, { quantity: 37.5, unit: 'l', fullTank: true, missedPrevious: false, pricePerUnit: 1.859 }],
  ]);
  await localDb.waitForOutboxSettled(page, { timeoutMs: STEP_TIMEOUT_MS });

  // The server's economy, by the same rule, agrees with the screen.
  const economy = await apiCall(e2e.baseUrl, 'GET', `/cars/${carId}/fuel-economy`, undefined, token);
  expect(economy.status).toBe(200);
  expect(economy.json.data).toMatchObject({ unit: 'l_per_100km', distance: 650, quantity: 37.5 });
  const shown = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  expect(await page.getByTestId('economy-average').textContent()).toBe(
    `${shown.format(economy.json.data.average as number)} L/100 km`,
  );
  expect(economy.json.data.average).toBeCloseTo((100 * 37.5) / 650, 10);

  // In French on a phone: the panel fits 360 px and reads in French.
  await chooseLanguage(page, 'fr-FR', 'en-US');
  await page.keyboard.press('Escape'); // the account menu closed again
  await page
    .getByRole('button', { name: exactly(t('NAV.ACCOUNT_MENU', 'fr-FR')), expanded: false })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  // Tall enough for the whole section: the screenshot is not covered by the header or the tab bar.
  await page.setViewportSize({ width: 360, height: 2000 });
  const panel = page.getByTestId('economy-panel');
  await panel.getByText(exactly(t('ECONOMY.AVERAGE', 'fr-FR'))).waitFor({ timeout: STEP_TIMEOUT_MS });
  expect(await page.getByTestId('economy-average').textContent()).toMatch(/^5,8\s+L\/100 km$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
  await page.getByTestId('economy-section').screenshot({ path: SCREENSHOT });
});
