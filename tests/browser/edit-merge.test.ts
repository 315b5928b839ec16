// Offline writes that meet, on two devices of one member (two browser contexts, each its own
// database and outbox): edits of one log merge by field, a field both changed keeps the later write
// and the member is told and can restore the value lost; a device shows the other's later write at
// once, even within its own write's echo window and after a reload; "Keep as a new log" of a
// fill-up deleted on the other device keeps its fuel. And what held before, kept with two devices:
// a write whose answer is lost is replayed with the same Idempotency-Key and stored once; two tabs
// of a device put each write on the server once, and the other device shows each once.
import { randomUUID } from 'node:crypto';
import { expect, test, vi } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { apiCall, newMember, signInAnotherDevice, signUpViaApi } from './support/api.mjs';
import { localDb } from './support/garage.mjs';
import {
  addLogThroughForm,
  expectLogTitles,
  logRow,
  openGarage,
  openLog,
  STEP_TIMEOUT_MS,
  waitForControllingWorker,
} from './support/garage-flows';
import { exactly, t, useE2e } from './harness';
import { field, screenHeading } from './flows';

const e2e = useE2e();

interface ServerLog {
  id: string;
  title: string;
  cost: number | null;
  content: string | null;
  fuel?: {
    quantity: number;
    unit: string;
    fullTank: boolean;
    missedPrevious: boolean;
    pricePerUnit: number | null;
  };
  mileage: number | null;
}

/** A catalog text with its {placeholders} filled. */
function fill(key: string, values: Record<string, string>): string {
  return Object.entries(values).reduce((text, [name, value]) => text.replace(`{${name}}`, value), t(key));
}

/** A label's catalog text as a pattern: placeholders match anything, the rest literally, a suffix allowed. */
function label(key: string): RegExp {
  const escaped = t(key)
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{\w+\}/g, '.+');
  return new RegExp(`^${escaped}`);
}

async function serverLogs(token: string, carId: string): Promise<ServerLog[]> {
  const res = await apiCall(e2e.baseUrl, 'GET', `/car-logs/${carId}?page=1&limit=100`, undefined, token);
  expect(res.status).toBe(200);
  return res.json.data as ServerLog[];
}

async function serverLog(token: string, id: string): Promise<{ status: number; log?: ServerLog }> {
  const res = await apiCall(e2e.baseUrl, 'GET', `/car-logs/log/${id}`, undefined, token);
  return { status: res.status, log: res.json?.data as ServerLog | undefined };
}

/** Waits until `check` passes against the server (states, not clocks). */
async function serverShows(check: () => Promise<void>): Promise<void> {
  await vi.waitFor(check, { timeout: STEP_TIMEOUT_MS, interval: 200 });
}

async function carWithLog(
  token: string,
  log: Record<string, unknown>,
): Promise<{ carId: string; logId: string }> {
  const carId = randomUUID();
  const car = await apiCall(
    e2e.baseUrl,
    'POST',
    '/cars',
    { id: carId, make: 'Alpine', model: 'A110' },
    token,
  );
  expect(car.status).toBe(201);
  const logId = randomUUID();
  const created = await apiCall(
    e2e.baseUrl,
    'POST',
    '/car-logs',
    { id: logId, carId, startDate: '2025-03-14', currencyCode: 'EUR', ...log },
    token,
  );
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return { carId, logId };
}

type SignedUp = Awaited<ReturnType<typeof signUpViaApi>>;

/**
 * A device of the member: its own context (database, outbox, socket) and its own session, the
 * account in English (a device applies the account's language when it arrives), on the garage,
 * with its service worker in control (the app then opens its screens offline).
 */
async function device(
  account: SignedUp,
  title: string,
  options: { serviceWorkers?: 'block' } = {},
): Promise<Page> {
  const session = await signInAnotherDevice(e2e.baseUrl, account, 'en-US');
  const page = await e2e.newPage({ session: { ...session, locale: 'en-US' }, locale: 'en-US', ...options });
  await openGarage(page, e2e.baseUrl);
  if (!options.serviceWorkers) await waitForControllingWorker(page);
  await logRow(page, title).waitFor({ timeout: STEP_TIMEOUT_MS });
  return page;
}

async function saveLog(page: Page): Promise<void> {
  await page.getByRole('button', { name: exactly(t('CAR_LOGS.FORM_SAVE')) }).click();
  await screenHeading(page, 'CARS.MY_CARS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
}

const offline = (context: BrowserContext) => context.setOffline(true);
const online = (context: BrowserContext) => context.setOffline(false);

test('edit / edit: the cost changed on one device is kept, the title both changed keeps the later write, told and restorable; the other device shows it at once', async () => {
  const account = await signUpViaApi(e2e.baseUrl, newMember('merge'));
  const { token } = account;
  const { carId, logId } = await carWithLog(token, { type: 'maintenance', title: 'Oil change', cost: 89.9 });
  const one = await device(account, 'Oil change');
  const two = await device(account, 'Oil change');
  await offline(one.context());
  await offline(two.context());
  try {
    // Device 1, offline: title and cost.
    await openLog(one, 'Oil change');
    await field(one, 'CAR_LOGS.FORM_TITLE').fill('Oil and filter');
    await one.getByLabel(label('CAR_LOGS.FORM_COST')).fill('120');
    await saveLog(one);
    // Device 2, offline: title and notes.
    await openLog(two, 'Oil change');
    await field(two, 'CAR_LOGS.FORM_TITLE').fill('Oil, filter and plugs');
    await two.getByRole('textbox', { name: label('CAR_LOGS.FORM_CONTENT') }).click();
    await two.keyboard.type('Plugs too');
    await saveLog(two);

    // Replayed 1 then 2.
    await online(one.context());
    await localDb.waitForOutboxSettled(one, { timeoutMs: STEP_TIMEOUT_MS });
    await serverShows(async () =>
      expect((await serverLog(token, logId)).log).toMatchObject({ title: 'Oil and filter', cost: 120 }),
    );
    await online(two.context());
    await localDb.waitForOutboxSettled(two, { timeoutMs: STEP_TIMEOUT_MS });
    // Merged by field: device 1's cost stays, device 2's title and notes are the later writes.
    const merged = (await serverLog(token, logId)).log;
    expect(merged).toMatchObject({ title: 'Oil, filter and plugs', cost: 120 });
    expect(merged?.content).toContain('Plugs too');

    // Device 1 sent its own edit moments ago: device 2's later write is no echo, and shows at once
    // (no refresh), and still after a reload.
    await expectLogTitles(one, ['Oil, filter and plugs']);
    await one.reload();
    await screenHeading(one, 'CARS.MY_CARS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
    await expectLogTitles(one, ['Oil, filter and plugs']);

    // Device 2 is told that its title replaced device 1's, above the log list and on the log.
    await two
      .getByRole('link', { name: fill('CAR_LOGS.OVERWRITTEN_REVIEW', { title: 'Oil, filter and plugs' }) })
      .click();
    await screenHeading(two, 'CAR_LOGS.VIEW_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
    const notice = two.getByRole('status').filter({ hasText: t('CAR_LOGS.OVERWRITTEN_TITLE') });
    await notice
      .getByText(
        fill('CAR_LOGS.OVERWRITTEN_VALUE', { field: t('SYNC.FIELD_TITLE'), value: 'Oil and filter' }),
      )
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    // One tap restores it: an edit queued and sent like any other.
    await notice
      .getByRole('button', {
        name: fill('CAR_LOGS.OVERWRITTEN_RESTORE_FIELD', { field: t('SYNC.FIELD_TITLE') }),
      })
      .click();
    await notice.waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
    await serverShows(async () =>
      expect((await serverLog(token, logId)).log).toMatchObject({ title: 'Oil and filter', cost: 120 }),
    );
    expect((await serverLog(token, logId)).log?.content).toContain('Plugs too');
    await two
      .getByRole('heading', { level: 2, name: exactly('Oil and filter') })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    // And device 1 shows the restored title, by itself.
    await expectLogTitles(one, ['Oil and filter']);
    expect(await serverLogs(token, carId)).toHaveLength(1);
  } finally {
    await online(one.context());
    await online(two.context());
  }
});

test('edit / delete: "Keep as a new log" of a fill-up deleted on the other device keeps its fuel', async () => {
  const account = await signUpViaApi(e2e.baseUrl, newMember('gone'));
  const { token } = account;
  const fuel = { quantity: 40, unit: 'l', fullTank: true, missedPrevious: false, pricePerUnit: 1.8 };
  const { carId, logId } = await carWithLog(token, {
    type: 'fuel',
    title: 'Fill-up',
    cost: 72,
    mileage: 10_000,
    fuel,
  });
  const one = await device(account, 'Fill-up');
  const two = await device(account, 'Fill-up');
  await offline(one.context());
  try {
    // Device 1, offline, renames the fill-up; device 2, online, deletes it.
    await openLog(one, 'Fill-up');
    await field(one, 'CAR_LOGS.FORM_TITLE').fill('Fill-up in Lyon');
    await saveLog(one);
    await logRow(two, 'Fill-up').getByRole('link').click();
    await two
      .getByRole('link', { name: exactly(t('CAR_LOGS.VIEW_EDIT')) })
      .click({ timeout: STEP_TIMEOUT_MS });
    await two.getByRole('button', { name: exactly(t('CAR_LOGS.FORM_DELETE')) }).click();
    await two
      .getByRole('alertdialog')
      .or(two.getByRole('dialog'))
      .getByRole('button', { name: exactly(t('CAR_LOGS.FORM_DELETE_CONFIRM')) })
      .click();
    await serverShows(async () => expect((await serverLog(token, logId)).status).toBe(404));

    // Device 1 back: its edit is refused (404), and the sync panel offers to keep the log.
    await online(one.context());
    await localDb.waitForOutboxSettled(one, { allowFailed: true, timeoutMs: STEP_TIMEOUT_MS });
    const failedCount = one.getByTestId('sync-failed-count');
    await expect.poll(() => failedCount.textContent(), { timeout: STEP_TIMEOUT_MS }).toBe('1');
    await failedCount.click();
    const panel = one.getByRole('dialog', { name: exactly(t('SYNC.PANEL_TITLE')) });
    await panel
      .getByRole('button', { name: exactly(t('SYNC.KEEP_AS_NEW_LOG')) })
      .click({ timeout: STEP_TIMEOUT_MS });
    await localDb.waitForOutboxSettled(one, { timeoutMs: STEP_TIMEOUT_MS });

    // The new log is the whole fill-up: its fuel (quantity, unit price, full tank) included.
    await serverShows(async () => {
      const logs = await serverLogs(token, carId);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ title: 'Fill-up in Lyon', cost: 72, mileage: 10_000, fuel });
      expect(logs[0]?.id).not.toBe(logId);
    });
    // Device 2 shows it too, by itself.
    await expectLogTitles(two, ['Fill-up in Lyon']);
  } finally {
    await online(one.context());
  }
});

test('a lost answer is replayed once with the same Idempotency-Key; two tabs of a device send each write once; the other device shows each once', async () => {
  const account = await signUpViaApi(e2e.baseUrl, newMember('once'));
  const { token } = account;
  const { carId } = await carWithLog(token, { type: 'maintenance', title: 'Existing' });
  // Device 1 in two tabs (one context: one database, one outbox), device 2 its own context.
  const tabA = await device(account, 'Existing');
  const context = tabA.context();
  const tabB = await context.newPage();
  e2e.watch(tabB);
  await openGarage(tabB, e2e.baseUrl);
  await logRow(tabB, 'Existing').waitFor({ timeout: STEP_TIMEOUT_MS });
  const two = await device(account, 'Existing');

  // The first create's answer is lost: the server stores it, the browser sees the connection reset.
  const keys: string[] = [];
  let dropped = false;
  await context.route(/\/api\/v1\.0\/car-logs$/, async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    keys.push(request.headers()['idempotency-key'] ?? '');
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  try {
    await offline(context);
    await addLogThroughForm(tabA, { type: 'maintenance', title: 'Brake pads', startDate: '2025-04-01' });
    await addLogThroughForm(tabB, { type: 'maintenance', title: 'Wipers', startDate: '2025-04-02' });
    await addLogThroughForm(tabA, { type: 'maintenance', title: 'Coolant', startDate: '2025-04-03' });
    // Back online: both tabs' replayers wake; one sends, under the device's lock.
    await online(context);
    await localDb.waitForOutboxSettled(tabA, { timeoutMs: STEP_TIMEOUT_MS });
    await localDb.waitForOutboxSettled(tabB, { timeoutMs: STEP_TIMEOUT_MS });
    await serverShows(async () =>
      expect((await serverLogs(token, carId)).map((l) => l.title).sort()).toEqual([
        'Brake pads',
        'Coolant',
        'Existing',
        'Wipers',
      ]),
    );
    // The dropped answer's write was sent again with its own key (a request may be seen twice
    // here, by the page and by its service worker), and three keys in all: one per write.
    expect(dropped).toBe(true);
    const [lost] = keys;
    expect(new Set(keys).size, keys.join(' ')).toBe(3);
    expect(keys.filter((key) => key === lost).length, keys.join(' ')).toBeGreaterThan(1);
    // Each device shows each log once.
    for (const page of [tabA, tabB, two])
      await expectLogTitles(page, ['Brake pads', 'Coolant', 'Existing', 'Wipers']);
  } finally {
    await context.unroute(/\/api\/v1\.0\/car-logs$/);
    await online(context);
  }
});
