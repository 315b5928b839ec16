// Sign-out on a shared or borrowed phone, end to end, with two browser contexts each time: signing
// out from the garage with a car shown never freezes (React's maximum update depth, #185, came
// from a closing screen's query signing out again and again); it asks what to do with the waiting
// writes — send first, or discard — and then the member's database (mirror and outbox) and the
// runtime caches are gone from the device, so the next sign-in sends nothing old. And a driver
// removed from a car while offline keeps their refused fill-up: its card shows the quantity, and
// offers to copy it to a car of their own or to download it. The sign-out question is kept as
// 360 px screenshots in English and French.
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, newMember, signUpViaApi, type SignedUp } from './support/api.mjs';
import { localDb } from './support/garage.mjs';
import { openGarage, STEP_TIMEOUT_MS, waitForControllingWorker } from './support/garage-flows';
import { backOnlineAlone, goOfflineAlone } from './support/people-flows';
import { exactly, t, useE2e, type Locale } from './harness';
import { field, screenHeading, settled, signIn, signOut } from './flows';

const e2e = useE2e();

const SCREENSHOTS = process.env.PADDOCK_SCREENSHOT_DIR ?? path.join(tmpdir(), 'paddock-screenshots');

/** Page errors and console errors, and whether React reported its maximum update depth. */
function watchErrors(page: Page): { errors: string[]; updateDepth: () => boolean } {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return {
    errors,
    updateDepth: () => errors.some((e) => /#185|Maximum update depth/i.test(e)),
  };
}

/** A catalog text with its {placeholders} filled (plural forms: the `other` one). */
function fill(key: string, values: Record<string, string | number>, locale: Locale = 'en-US'): string {
  let text = t(key, locale);
  const plural = /\{count, plural, one \{[^}]*\} other \{([^}]*)\}\}/;
  text = text.replace(plural, (_m, other: string) => other);
  return Object.entries(values).reduce(
    (out, [name, value]) => out.replaceAll(`{${name}}`, String(value)).replaceAll('#', String(value)),
    text,
  );
}

/** What this device keeps of the member, read in the page: databases, caches, storage keys. */
async function deviceState(page: Page): Promise<{
  databases: string[];
  caches: string[];
  keys: string[];
}> {
  return page.evaluate(async () => ({
    databases: (await indexedDB.databases()).map((d) => d.name ?? ''),
    caches: await caches.keys(),
    keys: Object.keys(localStorage),
  }));
}

async function carOf(member: SignedUp, make: string, model: string): Promise<string> {
  const made = await apiCall(e2e.baseUrl, 'POST', '/cars', { make, model }, member.token);
  expect(made.status).toBe(201);
  return made.json.data.id as string;
}

async function serverLogs(member: SignedUp, carId: string): Promise<Record<string, any>[]> {
  const res = await apiCall(
    e2e.baseUrl,
    'GET',
    `/car-logs/${carId}?page=1&limit=100`,
    undefined,
    member.token,
  );
  expect(res.status).toBe(200);
  return res.json.data as Record<string, any>[];
}

/**
 * Signs in through the login form. On a loaded machine the form can be filled while the app takes
 * over the prerendered login page, which then says the e-mail is required: fill it again then.
 */
async function signInSteadily(
  page: Page,
  member: { email: string; password: string },
  locale: Locale = 'en-US',
) {
  for (let attempt = 1; ; attempt += 1) {
    await signIn(page, member.email, member.password, locale);
    const outcome = await Promise.race([
      page
        .waitForURL((url) => url.pathname === '/feed', { timeout: STEP_TIMEOUT_MS, waitUntil: 'commit' })
        .then(() => 'in' as const),
      page
        .getByText(t('VALIDATION.REQUIRED', locale))
        .first()
        .waitFor({ timeout: STEP_TIMEOUT_MS })
        .then(() => 'again' as const),
    ]);
    if (outcome === 'in' || attempt === 3) break;
  }
  await screenHeading(page, 'POSTS.MY_POSTS_TITLE', locale).waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** Signed in on the garage with the car shown, the service worker in control (the app opens offline). */
async function garageWithCar(page: Page, member: SignedUp, title: string): Promise<void> {
  await page.goto(`${e2e.baseUrl}/login`);
  await settled(page);
  await signInSteadily(page, member.member);
  await waitForControllingWorker(page);
  await openGarage(page, e2e.baseUrl);
  await page.getByRole('heading', { level: 2, name: exactly(title) }).waitFor({ timeout: STEP_TIMEOUT_MS });
  // The settings labels (and the rest of the first sync) have landed: the database exists.
  await vi.waitFor(
    async () => expect((await deviceState(page)).databases).toContain(`paddock-${member.user.id}`),
    {
      timeout: STEP_TIMEOUT_MS,
      interval: 200,
    },
  );
}

function signOutDialog(page: Page, locale: Locale = 'en-US') {
  return page.getByRole('alertdialog', { name: exactly(t('SYNC.SIGN_OUT_TITLE', locale)) });
}

async function expectLoginPage(page: Page, locale: Locale = 'en-US'): Promise<void> {
  await screenHeading(page, 'AUTH.LOGIN_TITLE', locale).waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** Nothing of the member is left: no database of theirs, no runtime cache, none of their keys. */
async function expectNothingLeft(page: Page, memberId: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const state = await deviceState(page);
      expect(state.databases).not.toContain(`paddock-${memberId}`);
      // Nor a database the closing screens would have opened without a member.
      expect(state.databases).not.toContain('paddock');
      expect(state.caches.filter((name) => !/-precache-/.test(name))).toEqual([]);
      for (const key of [
        'access_token',
        'refresh_token',
        'current_user',
        'paddock-query-cache',
        'selectedCar',
      ])
        expect(state.keys).not.toContain(key);
    },
    { timeout: STEP_TIMEOUT_MS, interval: 200 },
  );
}

test('signing out from the garage with a car shown: no freeze, asks, discards, and leaves nothing on the device', async () => {
  const me = await signUpViaApi(e2e.baseUrl, newMember('phone'));
  const carId = await carOf(me, 'Lancia', 'Fulvia');

  // Device 1, the borrowed phone; device 2, the member's own, which keeps its session.
  const borrowed = await e2e.newPage({ locale: 'en-US' });
  const own = await e2e.newPage({ locale: 'en-US' });
  const watched = watchErrors(borrowed);
  await garageWithCar(borrowed, me, 'Lancia Fulvia');
  await garageWithCar(own, me, 'Lancia Fulvia');
  // A photo shown once is in the media cache: the runtime cache must go with the member.
  await borrowed.evaluate(async () => {
    const cache = await caches.open('paddock-media');
    await cache.put('/api/v1.0/media/e2e-kept', new Response('member photo'));
  });

  // Offline, three fill-ups wait on the borrowed phone.
  await goOfflineAlone(borrowed.context());
  await localDb.queueCarLogCreates(borrowed, carId, 3, '2024-05-01', 'Left on the phone');
  expect(await localDb.outbox(borrowed)).toHaveLength(3);

  await signOut(borrowed);
  const dialog = signOutDialog(borrowed);
  await dialog.waitFor({ timeout: STEP_TIMEOUT_MS });
  await dialog.getByText(fill('SYNC.SIGN_OUT_UNSENT', { count: 3 })).waitFor();
  await dialog.getByText(t('SYNC.SIGN_OUT_CLEARS')).waitFor();
  // Send first, offline: the question says it cannot be sent now, and offers discard or stay.
  await dialog.getByRole('button', { name: exactly(t('SYNC.SIGN_OUT_SEND_FIRST')) }).click();
  await dialog.getByText(fill('SYNC.SIGN_OUT_OFFLINE', { count: 3 })).waitFor({ timeout: STEP_TIMEOUT_MS });
  expect(await dialog.getByRole('button', { name: exactly(t('SYNC.STAY')) }).isVisible()).toBe(true);
  await dialog.getByRole('button', { name: exactly(t('SYNC.SIGN_OUT_DISCARD')) }).click();

  // The login page shows, the tab answers, React never hit its update depth.
  await expectLoginPage(borrowed);
  expect(await borrowed.evaluate(() => 1 + 1)).toBe(2);
  expect(watched.updateDepth()).toBe(false);
  expect(watched.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  await expectNothingLeft(borrowed, me.user.id as string);

  // The member's other device is untouched and still signed in.
  await own.reload();
  await own
    .getByRole('heading', { level: 2, name: exactly('Lancia Fulvia') })
    .waitFor({ timeout: STEP_TIMEOUT_MS });

  // Back online, the same member signs in on the borrowed phone: nothing old is sent.
  await backOnlineAlone(borrowed.context());
  await signInSteadily(borrowed, me.member);
  await openGarage(borrowed, e2e.baseUrl);
  await borrowed
    .getByRole('heading', { level: 2, name: exactly('Lancia Fulvia') })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  // That heading may be the garage's first paint, drawn before the app has opened the device's
  // database (-1: none yet): the checks below read the database the app has opened.
  await vi.waitFor(
    async () => expect(await localDb.countCarLogs(borrowed, carId)).toBeGreaterThanOrEqual(0),
    { timeout: STEP_TIMEOUT_MS, interval: 100 },
  );
  await localDb.waitForOutboxSettled(borrowed, { timeoutMs: STEP_TIMEOUT_MS });
  expect(await localDb.outbox(borrowed)).toEqual([]);
  expect(await serverLogs(me, carId)).toEqual([]);
  expect(await localDb.countCarLogs(borrowed, carId)).toBe(0);
  expect(watched.updateDepth()).toBe(false);
});

test('"Send first" sends the waiting writes, then signs out; the next member signs in to an empty device', async () => {
  const me = await signUpViaApi(e2e.baseUrl, newMember('sender'));
  const next = await signUpViaApi(e2e.baseUrl, newMember('next'));
  const carId = await carOf(me, 'Alpine', 'A110');
  await carOf(next, 'Renault', '5');

  const phone = await e2e.newPage({ locale: 'en-US' });
  const watched = watchErrors(phone);
  await garageWithCar(phone, me, 'Alpine A110');
  await goOfflineAlone(phone.context());
  await localDb.queueCarLogCreates(phone, carId, 2, '2024-05-02', 'Sent before leaving');
  await signOut(phone);
  const dialog = signOutDialog(phone);
  await dialog.waitFor({ timeout: STEP_TIMEOUT_MS });
  await dialog.getByText(fill('SYNC.SIGN_OUT_UNSENT', { count: 2 })).waitFor();
  // Kept for a person to look at: the question at 360 px, in English.
  await phone.setViewportSize({ width: 360, height: 740 });
  mkdirSync(SCREENSHOTS, { recursive: true });
  await phone.screenshot({ path: path.join(SCREENSHOTS, 'sign-out-dialog-en-360.png') });
  // "Stay" keeps everything.
  await dialog.getByRole('button', { name: exactly(t('SYNC.STAY')) }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await localDb.outbox(phone)).toHaveLength(2);

  // The member's own phone, in another context, watches the car while the writes are sent.
  const watcher = await e2e.newPage({ locale: 'en-US' });
  await garageWithCar(watcher, me, 'Alpine A110');
  // Asked again, then the network comes back: "Send first" sends both and signs out.
  await signOut(phone);
  await dialog.waitFor({ timeout: STEP_TIMEOUT_MS });
  await backOnlineAlone(phone.context());
  await dialog.getByRole('button', { name: exactly(t('SYNC.SIGN_OUT_SEND_FIRST')) }).click();
  await expectLoginPage(phone);
  const sent = await serverLogs(me, carId);
  expect(sent.map((log) => log.title).sort()).toEqual(['Sent before leaving 1', 'Sent before leaving 2']);
  await watcher
    .locator('.log-row__title', { hasText: 'Sent before leaving 2' })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  await expectNothingLeft(phone, me.user.id as string);
  expect(watched.updateDepth()).toBe(false);

  // Another member signs in on the same phone: their garage only, nothing of the first one sent.
  await signInSteadily(phone, next.member);
  await openGarage(phone, e2e.baseUrl);
  await phone
    .getByRole('heading', { level: 2, name: exactly('Renault 5') })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  expect(await phone.getByRole('heading', { level: 2, name: exactly('Alpine A110') }).count()).toBe(0);
  await localDb.waitForOutboxSettled(phone, { timeoutMs: STEP_TIMEOUT_MS });
  expect(await localDb.outbox(phone)).toEqual([]);
  expect(await serverLogs(me, carId)).toHaveLength(2);
  expect((await deviceState(phone)).databases).not.toContain(`paddock-${me.user.id as string}`);
});

test('the sign-out question in French at 360 px', async () => {
  const me = await signUpViaApi(e2e.baseUrl, { ...newMember('fr') });
  const carId = await carOf(me, 'Peugeot', '205');
  const phone = await e2e.newPage({ locale: 'fr-FR', viewport: { width: 360, height: 740 } });
  await phone.goto(`${e2e.baseUrl}/login`);
  await settled(phone);
  await field(phone, 'AUTH.EMAIL', 'fr-FR').waitFor({ timeout: STEP_TIMEOUT_MS });
  await signInSteadily(phone, me.member, 'fr-FR');
  await waitForControllingWorker(phone);
  await phone.goto(`${e2e.baseUrl}/my-cars`);
  await phone
    .getByRole('heading', { level: 2, name: exactly('Peugeot 205') })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  await vi.waitFor(
    async () => expect((await deviceState(phone)).databases).toContain(`paddock-${me.user.id}`),
    {
      timeout: STEP_TIMEOUT_MS,
      interval: 200,
    },
  );
  await goOfflineAlone(phone.context());
  await localDb.queueCarLogCreates(phone, carId, 3, '2024-05-03', 'Plein');
  await signOut(phone, 'fr-FR');
  const dialog = signOutDialog(phone, 'fr-FR');
  await dialog
    .getByText(fill('SYNC.SIGN_OUT_UNSENT', { count: 3 }, 'fr-FR'))
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  // The question fits the phone: nothing of it overflows the screen nor its own box.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const overflow = await dialog.evaluate((panel) => panel.scrollWidth - panel.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await phone.screenshot({ path: path.join(SCREENSHOTS, 'sign-out-dialog-fr-360.png') });
  await dialog.getByRole('button', { name: exactly(t('SYNC.SIGN_OUT_DISCARD', 'fr-FR')) }).click();
  await expectLoginPage(phone, 'fr-FR');
  await expectNothingLeft(phone, me.user.id as string);
});

test('a driver removed while offline keeps the refused fill-up: its quantity shown, copied to their own car, downloaded', async () => {
  const owner = await signUpViaApi(e2e.baseUrl, {
    ...newMember('owner'),
    firstName: 'Olivia',
    lastName: 'Owner',
  });
  const driver = await signUpViaApi(e2e.baseUrl, {
    ...newMember('driver'),
    firstName: 'Fred',
    lastName: 'Driver',
  });
  const asked = await apiCall(
    e2e.baseUrl,
    'POST',
    '/friends/request',
    { userId: driver.user.id },
    owner.token,
  );
  expect(asked.status).toBe(201);
  const accepted = await apiCall(
    e2e.baseUrl,
    'PUT',
    `/friends/request/${asked.json.data.request.id as string}`,
    { action: 'accept' },
    driver.token,
  );
  expect(accepted.status).toBe(200);
  const sharedCar = await carOf(owner, 'Renault', 'Espace');
  const ownCar = await carOf(driver, 'Fiat', 'Panda');
  const invited = await apiCall(
    e2e.baseUrl,
    'POST',
    `/cars/${sharedCar}/members`,
    { userId: driver.user.id, role: 'driver' },
    owner.token,
  );
  expect(invited.status).toBe(201);
  const joined = await apiCall(
    e2e.baseUrl,
    'PUT',
    `/car-invites/${sharedCar}`,
    { action: 'accept' },
    driver.token,
  );
  expect(joined.status).toBe(200);

  // The owner on the shared car, in one context; the driver's phone in another.
  const ownerPage = await e2e.newPage({ locale: 'en-US' });
  await garageWithCar(ownerPage, owner, 'Renault Espace');
  const phone = await e2e.newPage({ locale: 'en-US' });
  await garageWithCar(phone, driver, 'Renault Espace');

  // Offline, the driver logs a fill-up of 42 L on the shared car (what the fill-up form queues).
  await goOfflineAlone(phone.context());
  const logId = await phone.evaluate(
    async ({ car, member }) => {
      const done = <T>(request: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const db = await done(indexedDB.open(`paddock-${member}`));
      const id = crypto.randomUUID();
      const now = Date.now();
      const json = {
        id,
        carId: car,
        type: 'fuel',
        title: 'Fred fills up',
        startDate: '2024-06-01',
        mileage: 52000,
        cost: 79.8,
        currencyCode: 'EUR',
        tags: ['motorway'],
        location: 'Aire de Beaune',
        fuel: { quantity: 42, unit: 'l', fullTank: true, missedPrevious: false, pricePerUnit: 1.9 },
      };
      const tx = db.transaction(['outbox'], 'readwrite');
      tx.objectStore('outbox').add({
        id: crypto.randomUUID(),
        kind: 'carLog.create',
        entityId: id,
        method: 'POST',
        path: '/car-logs',
        body: { type: 'json', json },
        seq: now,
        createdAt: now,
        attempts: 0,
        nextAttemptAt: now,
        status: 'pending',
      });
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      return id;
    },
    { car: sharedCar, member: driver.user.id as string },
  );

  // Meanwhile the owner removes the driver from the car.
  const removed = await apiCall(
    e2e.baseUrl,
    'DELETE',
    `/cars/${sharedCar}/members/${driver.user.id as string}`,
    undefined,
    owner.token,
  );
  expect([200, 204]).toContain(removed.status);

  // Back online: the fill-up is refused (403) and waits under "needs attention".
  await backOnlineAlone(phone.context());
  await phone.reload();
  await localDb.waitForOutboxSettled(phone, { allowFailed: true, timeoutMs: STEP_TIMEOUT_MS });
  const failedCount = phone.getByTestId('sync-failed-count');
  await expect.poll(() => failedCount.textContent(), { timeout: STEP_TIMEOUT_MS }).toBe('1');
  await failedCount.click();
  const panel = phone.getByRole('dialog', { name: exactly(t('SYNC.PANEL_TITLE')) });
  const entry = panel.getByRole('region', { name: exactly(t('SYNC.ATTENTION_TITLE')) }).getByRole('article');
  await entry.getByText(exactly(t('SYNC.CAR_ACCESS_LOST'))).waitFor({ timeout: STEP_TIMEOUT_MS });
  // The card shows the fill-up's quantity and unit.
  await entry.getByText(exactly(t('SYNC.FIELD_FUEL'))).waitFor();
  await entry.getByText(exactly(`42 ${t('FUEL.SYMBOL_L')}`)).waitFor();

  // Download: a JSON file of the entry's content, fuel included.
  const downloading = phone.waitForEvent('download');
  await entry.getByRole('button', { name: exactly(t('SYNC.DOWNLOAD')) }).click();
  const download = await downloading;
  const file = JSON.parse(readFileSync(await download.path(), 'utf8')) as Record<string, any>;
  expect(file.kind).toBe('carLog.create');
  expect(file.content).toMatchObject({ title: 'Fred fills up', fuel: { quantity: 42, unit: 'l' } });

  // Copy to the driver's own car: queued, sent, on the server with every field, fuel included.
  await entry
    .getByRole('combobox', { name: exactly(t('SYNC.COPY_CAR_LABEL')) })
    .selectOption({ label: 'Fiat Panda' });
  await entry.getByRole('button', { name: exactly(t('SYNC.COPY_TO_CAR')) }).click();
  await entry.waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
  await localDb.waitForOutboxSettled(phone, { timeoutMs: STEP_TIMEOUT_MS });
  const copies = await serverLogs(driver, ownCar);
  expect(copies).toHaveLength(1);
  expect(copies[0]).toMatchObject({
    type: 'fuel',
    title: 'Fred fills up',
    startDate: '2024-06-01',
    mileage: 52000,
    cost: 79.8,
    currencyCode: 'EUR',
    tags: ['motorway'],
    location: 'Aire de Beaune',
    fuel: { quantity: 42, unit: 'l', fullTank: true, missedPrevious: false, pricePerUnit: 1.9 },
  });
  expect(copies[0]!.id).not.toBe(logId);
  // Nothing reached the owner's car.
  expect(await serverLogs(owner, sharedCar)).toEqual([]);
});
