// A car shared as driver, end to end: the owner shares their car with a friend from its
// "Shared with" section; the friend accepts the invitation from their notifications and finds the
// car in their garage ("Shared by …"); the friend's phone loses its network, they log a fill-up,
// and when the phone is back the owner, who stayed on the car's page, sees it arrive live with
// "by <friend>". The server holds it once, written by the friend. Then the friend's garage on a
// 360 px phone, kept as a screenshot.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, newMember, signUpViaApi } from './support/api.mjs';
import { localDb } from './support/garage.mjs';
import {
  createCarThroughForm,
  expectLogTitles,
  logRow,
  openGarage,
  signInThroughForm,
  STEP_TIMEOUT_MS,
  waitForControllingWorker,
} from './support/garage-flows';
import { exactly, t, useE2e } from './harness';
import { field, screenHeading } from './flows';

const e2e = useE2e();

/** Where the 360 px screenshot of the shared car in the friend's garage is written. */
const SCREENSHOT = path.join(
  process.env.PADDOCK_SCREENSHOT_DIR ?? path.join(tmpdir(), 'paddock-screenshots'),
  'shared-car-en-360.png',
);

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

async function befriend(tokenFrom: string, tokenTo: string, idTo: string): Promise<void> {
  const asked = await apiCall(e2e.baseUrl, 'POST', '/friends/request', { userId: idTo }, tokenFrom);
  expect(asked.status).toBe(201);
  const answered = await apiCall(
    e2e.baseUrl,
    'PUT',
    `/friends/request/${asked.json.data.request.id as string}`,
    { action: 'accept' },
    tokenTo,
  );
  expect(answered.status).toBe(200);
}

/** "Add a log", type fuel, a full fill-up, saved on this device. */
async function logFillUp(page: Page, title: string, mileage: string): Promise<void> {
  await page
    .getByRole('link', { name: exactly(t('CAR_LOGS.ADD')) })
    .or(page.getByRole('link', { name: exactly(t('CAR_LOGS.ADD_FIRST')) }))
    .first()
    .click();
  await screenHeading(page, 'CAR_LOGS.NEW_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
  const type = field(page, 'CAR_LOGS.FORM_TYPE');
  await type.locator('option[value="fuel"]').waitFor({ state: 'attached', timeout: STEP_TIMEOUT_MS });
  await type.selectOption('fuel');
  await field(page, 'CAR_LOGS.FORM_DATE').fill('2024-06-01');
  await field(page, 'CAR_LOGS.FORM_TITLE').fill(title);
  await page.getByLabel(label('CAR_LOGS.FORM_MILEAGE')).fill(mileage);
  await page.getByLabel(label('FUEL.PRICE_PER_UNIT', { exact: false })).fill('1.9');
  await page.getByLabel(fill('FUEL.QUANTITY', { unit: 'L' }), { exact: true }).fill('42');
  await page.getByRole('button', { name: exactly(t('CAR_LOGS.FORM_SAVE')) }).click();
  await screenHeading(page, 'CARS.MY_CARS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
}

test('a car shared as driver: accepted, a fill-up logged offline, seen live by the owner with its author', async () => {
  const owner = await signUpViaApi(e2e.baseUrl, {
    ...newMember('owner'),
    firstName: 'Olivia',
    lastName: 'Owner',
  });
  const friend = await signUpViaApi(e2e.baseUrl, {
    ...newMember('driver'),
    firstName: 'Fred',
    lastName: 'Driver',
  });
  await befriend(owner.token, friend.token, friend.user.id as string);

  // The owner makes a car and shares it with Fred as a driver, from the car's "Shared with".
  const ownerPage = await e2e.newPage({ locale: 'en-US' });
  await signInThroughForm(ownerPage, e2e.baseUrl, owner.member);
  await openGarage(ownerPage, e2e.baseUrl);
  await createCarThroughForm(ownerPage, { make: 'Renault', model: 'Espace' });
  const carId = await vi.waitFor(
    async () => {
      const feed = await apiCall(e2e.baseUrl, 'GET', '/cars/feed', undefined, owner.token);
      expect(feed.json.data).toHaveLength(1);
      return feed.json.data[0].id as string;
    },
    { timeout: STEP_TIMEOUT_MS, interval: 200 },
  );
  const members = ownerPage.getByTestId('car-members');
  const invitee = members.getByRole('combobox', { name: t('CARS.INVITE_FRIEND') });
  await invitee
    .locator('option', { hasText: 'Fred Driver' })
    .waitFor({ state: 'attached', timeout: STEP_TIMEOUT_MS });
  await invitee.selectOption({ label: 'Fred Driver' });
  await members.getByRole('combobox', { name: t('CARS.INVITE_ROLE') }).selectOption('driver');
  await members.getByRole('button', { name: exactly(t('CARS.INVITE')) }).click();
  await members
    .getByTestId('car-member')
    .filter({ hasText: t('CARS.MEMBER_PENDING') })
    .waitFor({ timeout: STEP_TIMEOUT_MS });

  // Fred accepts from the notification: "Olivia Owner invited you to “Renault Espace” as driver".
  const friendPage = await e2e.newPage({ locale: 'en-US' });
  const friendContext = friendPage.context();
  await signInThroughForm(friendPage, e2e.baseUrl, friend.member);
  await waitForControllingWorker(friendPage);
  await friendPage.goto(`${e2e.baseUrl}/notifications`);
  const invitation = friendPage.getByTestId('notification').filter({
    hasText: fill('NOTIFICATIONS.CAR_INVITE_EXCERPT', {
      name: 'Olivia Owner',
      excerpt: 'Renault Espace',
      role: t('CARS.ROLE_DRIVER').toLowerCase(),
    }),
  });
  await invitation.waitFor({ timeout: STEP_TIMEOUT_MS });
  await invitation.getByRole('button', { name: exactly(t('NOTIFICATIONS.CAR_INVITE_ACCEPT')) }).click();
  await invitation.getByTestId('car-invite-actions').waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });

  // The car is in Fred's garage with its owner's name and his role; a driver adds logs, never edits the car.
  await openGarage(friendPage, e2e.baseUrl);
  await friendPage.getByRole('heading', { level: 2, name: exactly('Renault Espace') }).waitFor({
    timeout: STEP_TIMEOUT_MS,
  });
  const sharedBy = `${fill('CARS.SHARED_BY', { name: 'Olivia Owner' })} · ${t('CARS.ROLE_DRIVER')}`;
  await friendPage.getByTestId('car-shared-by').first().filter({ hasText: sharedBy }).waitFor({
    timeout: STEP_TIMEOUT_MS,
  });
  expect(await friendPage.getByRole('link', { name: exactly(t('CARS.EDIT')) }).count()).toBe(0);
  expect(await friendPage.getByRole('button', { name: exactly(t('CARS.DELETE')) }).count()).toBe(0);
  await vi.waitFor(
    async () =>
      expect(await localDb.settingsDomains(friendPage)).toEqual(expect.arrayContaining(['carLogType'])),
    { timeout: STEP_TIMEOUT_MS, interval: 200 },
  );
  // The owner's members list now says Fred accepted, live (the pending mark is gone).
  await ownerPage
    .getByTestId('car-member')
    .filter({ hasText: 'Fred Driver' })
    .filter({ hasNotText: t('CARS.MEMBER_PENDING') })
    .waitFor({ timeout: STEP_TIMEOUT_MS });

  // Fred's phone loses its network (the owner stays online, on the car's page): the fill-up waits.
  await friendContext.setOffline(true);
  try {
    await logFillUp(friendPage, 'Fred fills up', '52000');
    await expectLogTitles(friendPage, ['Fred fills up']);
    const queued = await localDb.outbox(friendPage);
    // (The invitation's notification marked read may wait beside it.)
    expect(queued.map((e) => e.kind).filter((kind) => kind.startsWith('carLog'))).toEqual(['carLog.create']);
    // Nothing reached the owner yet.
    expect(await logRow(ownerPage, 'Fred fills up').count()).toBe(0);
  } finally {
    await friendContext.setOffline(false);
  }

  // Back online: the fill-up is sent once, as Fred's, and the owner sees it live, by Fred.
  await logRow(ownerPage, 'Fred fills up')
    .filter({ hasText: fill('CAR_LOGS.BY_AUTHOR', { name: 'Fred Driver' }) })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  await localDb.waitForOutboxSettled(friendPage, { timeoutMs: STEP_TIMEOUT_MS });
  const logs = await apiCall(
    e2e.baseUrl,
    'GET',
    `/car-logs/${carId}?page=1&limit=100`,
    undefined,
    owner.token,
  );
  expect(logs.json.meta.total).toBe(1);
  expect(logs.json.data[0]).toMatchObject({
    title: 'Fred fills up',
    authorId: friend.user.id,
    mileage: 52000,
  });

  // The shared car in Fred's garage on a 360 px phone: it fits, and is kept for a person to look at.
  await friendPage.setViewportSize({ width: 360, height: 1400 });
  await logRow(friendPage, 'Fred fills up')
    .filter({ hasText: fill('CAR_LOGS.BY_AUTHOR', { name: 'Fred Driver' }) })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  expect(await friendPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
  await friendPage.screenshot({ path: SCREENSHOT, fullPage: true });
});
