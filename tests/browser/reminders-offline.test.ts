// Reminders offline: at the garage with no network, the member marks an overdue oil
// change done ("Done" opens a log pre-filled with the reminder's type, title and the odometer); the
// reminder's state moves on the device at once (derived there by the contract's own rule), and back
// online the log reaches the server exactly once, which then answers the same state. A 360 px
// screenshot of the Due list in French is kept in tests/.artifacts/reminders/.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, vi } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiCall, newMember, signInAnotherDevice, signUpViaApi } from './support/api.mjs';
import { localDb } from './support/garage.mjs';
import {
  backOnline,
  openGarage,
  signInThroughForm,
  STEP_TIMEOUT_MS,
  waitForControllingWorker,
} from './support/garage-flows';
import { exactly, expectPath, t, useE2e, type Locale } from './harness';
import { field, screenHeading } from './flows';

const e2e = useE2e();
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'tests/.artifacts/reminders');
const PHONE = { width: 360, height: 800 };

const OIL = 'Oil and filter change';
const INSPECTION = 'Roadworthiness test';

/** A day on the local calendar, `offset` days from today (the browser runs on the same clock). */
function day(offset = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

async function post(token: string, route: string, body: Record<string, unknown>): Promise<string> {
  const id = randomUUID();
  const res = await apiCall(e2e.baseUrl, 'POST', route, { id, ...body }, token);
  expect(res.status, `${route}: ${JSON.stringify(res.json)}`).toBe(201);
  return id;
}

interface ServerReminder {
  id: string;
  title: string;
  state: string;
  doneLogId: string | null;
}

async function serverReminders(token: string, carId: string): Promise<ServerReminder[]> {
  const res = await apiCall(e2e.baseUrl, 'GET', `/reminders?carId=${carId}`, undefined, token);
  expect(res.status).toBe(200);
  return res.json.data as ServerReminder[];
}

function fill(key: string, values: Record<string, string>, locale: Locale = 'en-US'): string {
  return Object.entries(values).reduce((text, [k, v]) => text.replace(`{${k}}`, v), t(key, locale));
}

const dueList = (page: Page, locale: Locale = 'en-US'): Locator =>
  page.getByRole('region', { name: exactly(t('REMINDERS.DUE_TITLE', locale)) });
const carReminders = (page: Page, locale: Locale = 'en-US'): Locator =>
  page.getByRole('region', { name: exactly(t('REMINDERS.TITLE', locale)) });
const rowOf = (list: Locator, title: string): Locator =>
  list.getByRole('listitem').filter({ hasText: title });

test('offline: Done on an overdue oil change logs it, its state moves at once, and the server gets it once', async () => {
  const { member, token, user } = await signUpViaApi(e2e.baseUrl, newMember('remind'));
  // The car, serviced 13 months ago at 50,000 km and read at 58,000 km ten days ago.
  const carId = await post(token, '/cars', { make: 'Alpine', model: 'A110', mileage: 40000 });
  await post(token, '/car-logs', {
    carId,
    type: 'maintenance',
    title: 'Service',
    startDate: day(-395),
    mileage: 50000,
  });
  await post(token, '/car-logs', {
    carId,
    type: 'repair',
    title: 'Wipers',
    startDate: day(-10),
    mileage: 58000,
  });
  const oilId = await post(token, '/reminders', {
    carId,
    title: OIL,
    logType: 'maintenance',
    intervalMonths: 12,
    intervalDistance: 15000,
  });
  await post(token, '/reminders', { carId, title: INSPECTION, logType: 'inspection', dueDate: day(-3) });
  expect((await serverReminders(token, carId)).map((r) => [r.title, r.state]).sort()).toEqual([
    [OIL, 'overdue'],
    [INSPECTION, 'overdue'],
  ]);

  const page = await e2e.newPage({ locale: 'en-US', viewport: PHONE });
  const context = page.context();
  await signInThroughForm(page, e2e.baseUrl, member);
  await waitForControllingWorker(page);
  await openGarage(page, e2e.baseUrl);

  // Online: the Due list names both, overdue first, and the Garage tab counts them.
  for (const title of [OIL, INSPECTION]) {
    await rowOf(dueList(page), title)
      .getByText(exactly(t('REMINDERS.STATE_OVERDUE')))
      .waitFor({ timeout: STEP_TIMEOUT_MS });
  }
  const badge = page.getByTestId('garage-due-badge');
  await expect.poll(() => badge.innerText(), { timeout: STEP_TIMEOUT_MS }).toMatch(/^2\b/);
  // What the device needs offline: the car's log book and the log types.
  await localDb.waitForCarLogCount(page, carId, 2);
  await vi.waitFor(
    async () => expect(await localDb.settingsDomains(page)).toEqual(expect.arrayContaining(['carLogType'])),
    { timeout: STEP_TIMEOUT_MS, interval: 200 },
  );

  await e2e.goOffline(context);
  try {
    await page.reload();
    await screenHeading(page, 'CARS.MY_CARS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
    await rowOf(dueList(page), OIL).waitFor({ timeout: STEP_TIMEOUT_MS });

    // Done: a new log pre-filled with the reminder's type and title, today and the odometer.
    await rowOf(dueList(page), OIL)
      .getByRole('link', { name: exactly(fill('REMINDERS.DONE_LABEL', { title: OIL })) })
      .click();
    await screenHeading(page, 'CAR_LOGS.NEW_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
    const type = field(page, 'CAR_LOGS.FORM_TYPE');
    await type
      .locator('option[value="maintenance"]')
      .waitFor({ state: 'attached', timeout: STEP_TIMEOUT_MS });
    expect(await type.inputValue()).toBe('maintenance');
    expect(await field(page, 'CAR_LOGS.FORM_TITLE').inputValue()).toBe(OIL);
    const mileageLabel = fill('CAR_LOGS.FORM_MILEAGE', { unit: 'Kilometres' });
    expect(await page.getByLabel(mileageLabel, { exact: false }).first().inputValue()).toBe('58000');
    await page.getByRole('button', { name: exactly(t('CAR_LOGS.FORM_SAVE')) }).click();
    await expectPath(page, '/my-cars', STEP_TIMEOUT_MS);

    // At once, offline: the oil change is up to date on the car's page and gone from the Due list;
    // the inspection is still overdue and the tab counts one.
    await rowOf(carReminders(page), OIL)
      .getByText(exactly(t('REMINDERS.STATE_OK')))
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await rowOf(dueList(page), OIL).waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
    await rowOf(dueList(page), INSPECTION)
      .getByText(exactly(t('REMINDERS.STATE_OVERDUE')))
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect.poll(() => badge.innerText(), { timeout: STEP_TIMEOUT_MS }).toMatch(/^1\b/);
    const queued = await localDb.outbox(page);
    expect(queued.map((e) => e.kind)).toEqual(['carLog.create']);
    const logId = queued[0]!.entityId!;

    // Back online: the log reaches the server once, and the server derives the same state.
    await backOnline(e2e, context);
    await localDb.waitForOutboxSettled(page);
    await vi.waitFor(
      async () => {
        const reminders = await serverReminders(token, carId);
        expect(reminders.find((r) => r.id === oilId)).toMatchObject({ state: 'ok', doneLogId: logId });
        expect(reminders.find((r) => r.title === INSPECTION)).toMatchObject({ state: 'overdue' });
      },
      { timeout: STEP_TIMEOUT_MS, interval: 200 },
    );
    const logs = await apiCall(e2e.baseUrl, 'GET', `/car-logs/${carId}?page=1&limit=100`, undefined, token);
    expect(logs.json.meta.total).toBe(3);
    const done = (logs.json.data as { id: string; title: string; type: string; mileage: number }[]).filter(
      (l) => l.title === OIL,
    );
    expect(done).toEqual([
      expect.objectContaining({ id: logId, type: 'maintenance', mileage: 58000, startDate: day() }),
    ]);
  } finally {
    await backOnline(e2e, context);
  }

  // The Due list at 360 px in French, on another device of the member: a session of its own (two
  // devices never share a refresh token).
  const second = await signInAnotherDevice(e2e.baseUrl, { member, user }, 'fr-FR');
  const fr = await e2e.newPage({ session: { ...second, locale: 'fr-FR' }, locale: 'fr-FR', viewport: PHONE });
  await fr.goto(`${e2e.baseUrl}/my-cars`);
  await screenHeading(fr, 'CARS.MY_CARS_TITLE', 'fr-FR').waitFor({ timeout: STEP_TIMEOUT_MS });
  await rowOf(dueList(fr, 'fr-FR'), INSPECTION)
    .getByText(exactly(t('REMINDERS.STATE_OVERDUE', 'fr-FR')))
    .waitFor({ timeout: STEP_TIMEOUT_MS })
    .catch(async (error: unknown) => {
      // The harness prints the first page only: say what this device showed.
      console.log(`--- the French device at failure ---\n${await fr.locator('body').innerText()}`);
      throw error;
    });
  await rowOf(carReminders(fr, 'fr-FR'), OIL)
    .getByText(exactly(t('REMINDERS.STATE_OK', 'fr-FR')))
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  // Nothing wider than the phone.
  expect(await fr.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  mkdirSync(ARTIFACTS, { recursive: true });
  await fr.screenshot({ path: path.join(ARTIFACTS, 'fr-FR-360-due-list.png'), fullPage: true });
});
