// The fill-up at the pump on a 360 px phone: opened from a car, three fields typed with the network
// and the server gone (odometer, price, total: the quantity follows), saved on the device; the car's
// mileage rises at once; back online the fill-up reaches the server exactly once, named by it.
// Then the same screen in French on another device. Screenshots of both languages are kept.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, newMember, signInAnotherDevice, signUpViaApi } from './support/api.mjs';
import { localDb } from './support/garage.mjs';
import { backOnline, openGarage, STEP_TIMEOUT_MS, waitForControllingWorker } from './support/garage-flows';
import { exactly, expectPath, t, useE2e, type Locale } from './harness';
import { screenHeading } from './flows';

const e2e = useE2e();
const PHONE = { width: 360, height: 780 };
const SCREENSHOTS = process.env.PADDOCK_SCREENSHOT_DIR ?? path.join(tmpdir(), 'paddock-screenshots');

/** A label's catalog text with its {placeholders} filled. */
function label(key: string, values: Record<string, string>, locale: Locale = 'en-US'): string {
  return Object.entries(values).reduce(
    (text, [name, value]) => text.replace(`{${name}}`, value),
    t(key, locale),
  );
}
const optional = (text: string, locale: Locale) => `${text} (${t('COMMON.OPTIONAL', locale)})`;

/** The whole screen in one picture: a phone's width, tall enough that the tab bar covers nothing. */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: PHONE.width, height: 1400 });
  await page.screenshot({ path: path.join(SCREENSHOTS, name) });
  await page.setViewportSize(PHONE);
}

test('at the pump offline: three fields, saved on the device, on the server once when back', async () => {
  const signup = await signUpViaApi(e2e.baseUrl, newMember('pump'));
  const { token } = signup;
  const user = (await apiCall(e2e.baseUrl, 'PUT', '/users/me', { language: 'en-US' }, token)).json.data;
  const carId = randomUUID();
  const made = await apiCall(
    e2e.baseUrl,
    'POST',
    '/cars',
    { id: carId, make: 'Peugeot', model: '205 GTI', mileage: 42_000, mileageUnit: 'km' },
    token,
  );
  expect(made.status).toBe(201);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const first = await apiCall(
    e2e.baseUrl,
    'POST',
    '/car-logs',
    {
      id: randomUUID(),
      carId,
      type: 'fuel',
      startDate: yesterday,
      mileage: 42_000,
      cost: 72,
      currencyCode: 'EUR',
      fuel: { quantity: 40, unit: 'l', fullTank: true, missedPrevious: false, pricePerUnit: 1.8 },
    },
    token,
  );
  expect(first.status).toBe(201);

  const page = await e2e.newPage({
    session: { ...signup, user, locale: 'en-US' },
    locale: 'en-US',
    viewport: PHONE,
  });
  await openGarage(page, e2e.baseUrl);
  await waitForControllingWorker(page);
  // The car and its log are on the device: the car's page offers the fill-up.
  await vi.waitFor(async () => expect(await localDb.countCarLogs(page, carId)).toBe(1), {
    timeout: STEP_TIMEOUT_MS,
    interval: 200,
  });
  await page.goto(`${e2e.baseUrl}/car/${carId}`);
  await page.getByRole('link', { name: exactly(t('FILL_UP.BUTTON')) }).click();
  await expectPath(page, `/car/${carId}/fill-up`);
  await screenHeading(page, 'FILL_UP.TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
  const odometer = page.getByLabel(label('FILL_UP.ODOMETER', { unit: 'km' }), { exact: true });
  // The last reading is the hint.
  await expect.poll(() => odometer.getAttribute('placeholder'), { timeout: STEP_TIMEOUT_MS }).toBe('42,000');

  await e2e.goOffline(page.context());
  try {
    await odometer.fill('42650');
    await page
      .getByLabel(optional(label('FILL_UP.PRICE', { unit: 'L', currency: '€' }), 'en-US'), { exact: true })
      .fill('1.859');
    await page
      .getByLabel(optional(label('FILL_UP.TOTAL', { currency: '€' }), 'en-US'), { exact: true })
      .fill('74.36');
    const quantity = page.getByLabel(label('FILL_UP.QUANTITY', { unit: 'L' }), { exact: true });
    await expect.poll(() => quantity.inputValue()).toBe('40');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shoot(page, 'fill-up-en-360.png');
    await page.getByRole('button', { name: exactly(t('FILL_UP.SAVE')) }).click();
    await expectPath(page, `/car/${carId}`);

    const queued = await localDb.outbox(page);
    expect(queued.map((e: { kind: string }) => e.kind)).toEqual(['carLog.create']);
    // The mirror: the log is there, named as the server will name it, and the car's mileage rose.
    const logs = (await localDb.carLogs(page, carId)) as { title: string; mileage: number }[];
    expect(logs.map((l) => [l.mileage, l.title]).sort()).toEqual([
      [42_000, expect.any(String)],
      [42_650, 'Fill-up: 40\u00a0L'],
    ]);
    await page
      .getByText(/42,650/)
      .first()
      .waitFor({ timeout: STEP_TIMEOUT_MS });
  } finally {
    await backOnline(e2e, page.context());
  }

  await localDb.waitForOutboxSettled(page, { timeoutMs: STEP_TIMEOUT_MS });
  const onServer = await vi.waitFor(
    async () => {
      const res = await apiCall(e2e.baseUrl, 'GET', `/car-logs/${carId}?page=1&limit=100`, undefined, token);
      expect(res.json.meta.total).toBe(2);
      return res.json.data as { title: string; mileage: number; cost: number; fuel: unknown }[];
    },
    { timeout: STEP_TIMEOUT_MS, interval: 200 },
  );
  const fill = onServer.find((l) => l.mileage === 42_650);
  expect(fill).toMatchObject({
    title: 'Fill-up: 40\u00a0L',
    cost: 74.36,
    fuel: { quantity: 40, unit: 'l', fullTank: true, missedPrevious: false, pricePerUnit: 1.859 },
  });
  const car = await apiCall(e2e.baseUrl, 'GET', `/cars/${carId}`, undefined, token);
  expect(car.json.data.mileage).toBe(42_650);

  // Another device in French: the same screen, French decimals read and written.
  const french = await signInAnotherDevice(e2e.baseUrl, signup, 'fr-FR');
  const frPage = await e2e.newPage({
    session: { ...french, locale: 'fr-FR' },
    locale: 'fr-FR',
    viewport: PHONE,
  });
  await frPage.goto(`${e2e.baseUrl}/my-cars`);
  await screenHeading(frPage, 'CARS.MY_CARS_TITLE', 'fr-FR').waitFor({ timeout: STEP_TIMEOUT_MS });
  await vi.waitFor(async () => expect(await localDb.countCarLogs(frPage, carId)).toBe(2), {
    timeout: STEP_TIMEOUT_MS,
    interval: 200,
  });
  await frPage.goto(`${e2e.baseUrl}/car/${carId}/fill-up`);
  await screenHeading(frPage, 'FILL_UP.TITLE', 'fr-FR').waitFor({ timeout: STEP_TIMEOUT_MS });
  await frPage
    .getByLabel(optional(label('FILL_UP.PRICE', { unit: 'L', currency: '€' }, 'fr-FR'), 'fr-FR'), {
      exact: true,
    })
    .fill('1,899');
  await frPage.getByLabel(label('FILL_UP.QUANTITY', { unit: 'L' }, 'fr-FR'), { exact: true }).fill('38,5');
  const total = frPage.getByLabel(optional(label('FILL_UP.TOTAL', { currency: '€' }, 'fr-FR'), 'fr-FR'), {
    exact: true,
  });
  await expect.poll(() => total.inputValue()).toBe('73,11');
  expect(await frPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shoot(frPage, 'fill-up-fr-360.png');
});
