// The garage offline: writes made with the server unreachable and the browser offline
// survive a closed page, reach the server exactly once when the member is back online (the
// replay starts on `online`), and another session of the member sees them; a car made offline goes before its
// logs; a write the server refuses waits under "needs attention" while the others are sent.
import { randomUUID } from 'node:crypto';
import { expect, test, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, newMember, signUpViaApi } from './support/api.mjs';
import { localDb } from './support/garage.mjs';
import {
  addLogThroughForm,
  apiLogin,
  backOnline,
  createCarThroughForm,
  deleteLogThroughForm,
  expectLogTitles,
  logRow,
  makeJpeg,
  openGarage,
  openLog,
  renameLogThroughForm,
  selectCar,
  signInThroughForm,
  STEP_TIMEOUT_MS,
  waitForControllingWorker,
} from './support/garage-flows';
import { exactly, t, useE2e } from './harness';
import { screenHeading } from './flows';

const e2e = useE2e();

interface ServerLog {
  id: string;
  carId: string;
  type: string;
  title: string;
  media: {
    id: string;
    url: string;
    kind: string;
    mime: string;
    width: number | null;
    height: number | null;
  }[];
}

/** Every log of a car on the server (the API's largest page is 100). */
async function serverLogs(token: string, carId: string): Promise<{ logs: ServerLog[]; total: number }> {
  const res = await apiCall(e2e.baseUrl, 'GET', `/car-logs/${carId}?page=1&limit=100`, undefined, token);
  expect(res.status).toBe(200);
  return { logs: res.json.data as ServerLog[], total: res.json.meta.total as number };
}

async function createLogViaApi(
  token: string,
  log: { carId: string; type: string; title: string; startDate: string },
): Promise<string> {
  const id = randomUUID();
  const res = await apiCall(e2e.baseUrl, 'POST', '/car-logs', { id, ...log }, token);
  expect(res.status).toBe(201);
  return id;
}

/** The settings the log form's selects need, kept on the device before the network goes. */
async function expectSettingsMirrored(page: Page): Promise<void> {
  await vi.waitFor(
    async () => expect(await localDb.settingsDomains(page)).toEqual(expect.arrayContaining(['carLogType'])),
    { timeout: STEP_TIMEOUT_MS, interval: 200 },
  );
}

/** A catalog text with its {placeholders} filled (no plural forms in the ones used here). */
function fill(key: string, values: Record<string, string | number>): string {
  return Object.entries(values).reduce(
    (text, [name, value]) => text.replace(`{${name}}`, String(value)),
    t(key),
  );
}

test('offline: a log with a photo, an edit and a deletion survive a closed page and reach the server once', async () => {
  const { member, token } = await signUpViaApi(e2e.baseUrl, newMember('garage'));
  const page = await e2e.newPage({ locale: 'en-US' });
  const context = page.context();

  // Online: sign in, create the car through the app, and two logs from another device.
  await signInThroughForm(page, e2e.baseUrl, member);
  await waitForControllingWorker(page);
  await openGarage(page, e2e.baseUrl);
  await createCarThroughForm(page, { make: 'Alpine', model: 'A110' });
  const carId = await vi.waitFor(
    async () => {
      const feed = await apiCall(e2e.baseUrl, 'GET', '/cars/feed', undefined, token);
      expect(feed.json.data).toHaveLength(1);
      return feed.json.data[0].id as string;
    },
    { timeout: STEP_TIMEOUT_MS, interval: 200 },
  );
  const editedId = await createLogViaApi(token, {
    carId,
    type: 'repair',
    title: 'Brake pads',
    startDate: '2024-03-02',
  });
  const deletedId = await createLogViaApi(token, {
    carId,
    type: 'fuel',
    title: 'Fuel stop',
    startDate: '2024-03-01',
  });
  // The open garage hears of them (the member's socket) and keeps them on the device.
  await expectLogTitles(page, ['Brake pads', 'Fuel stop']);
  await expectSettingsMirrored(page);

  // Offline for real: the server stopped and the network cut; the app reloads from its worker.
  await e2e.goOffline(context);
  try {
    await page.reload();
    await screenHeading(page, 'CARS.MY_CARS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
    await expectLogTitles(page, ['Brake pads', 'Fuel stop']);

    const photo = { name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(96, 64) };
    await addLogThroughForm(page, {
      type: 'maintenance',
      title: 'Oil change',
      startDate: '2024-04-10',
      photo,
    });
    await renameLogThroughForm(page, 'Brake pads', 'Brake pads and discs');
    await deleteLogThroughForm(page, 'Fuel stop');
    await expectLogTitles(page, ['Oil change', 'Brake pads and discs']);
    const queued = await localDb.outbox(page);
    expect(queued.map((e) => e.kind)).toEqual(['carLog.create', 'carLog.update', 'carLog.delete']);
    expect(queued.every((e) => e.status !== 'failed')).toBe(true);
    const newId = queued[0]!.entityId!;
    expect(queued.slice(1).map((e) => e.entityId)).toEqual([editedId, deletedId]);

    // Close the page; open the app again, still offline: all three changes are there, pending.
    await page.close();
    const reopened = await context.newPage();
    e2e.watch(reopened);
    await openGarage(reopened, e2e.baseUrl);
    await expectLogTitles(reopened, ['Oil change', 'Brake pads and discs']);
    for (const title of ['Oil change', 'Brake pads and discs']) {
      await logRow(reopened, title)
        .getByText(exactly(t('CAR_LOGS.SYNC_PENDING')))
        .waitFor({ timeout: STEP_TIMEOUT_MS });
    }
    // The photo picked offline is shown from the device.
    await openLog(reopened, 'Oil change');
    const preview = reopened.getByRole('img', { name: fill('CAR_LOGS.FORM_MEDIA_IMAGE', { n: 1 }) });
    await preview.waitFor({ timeout: STEP_TIMEOUT_MS });
    await reopened.waitForFunction(
      () => [...document.querySelectorAll<HTMLImageElement>('img')].some((img) => img.naturalWidth === 96),
      undefined,
      { timeout: STEP_TIMEOUT_MS },
    );
    await reopened.getByRole('link', { name: exactly(t('CAR_LOGS.FORM_CANCEL')) }).click();
    await screenHeading(reopened, 'CARS.MY_CARS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });

    // Back online: the server comes to hold exactly that state. "Within 5 s" is a promise about
    // the app's scheduling, not about this machine's speed: `online` replays at once and clears a
    // network-error backoff (src/lib/outbox/triggers.test.ts, with the replayer's own clock); a
    // wall-clock bound here would measure how loaded the machine is.
    await e2e.server.restart();
    await context.setOffline(false);
    const settled = await vi.waitFor(
      async () => {
        const { logs, total } = await serverLogs(token, carId);
        expect(logs.map((l) => l.title).sort()).toEqual(['Brake pads and discs', 'Oil change']);
        expect(total).toBe(2);
        expect(logs.find((l) => l.id === newId)?.media).toHaveLength(1);
        return logs;
      },
      { timeout: STEP_TIMEOUT_MS, interval: 100 },
    );

    // Exactly once: the new log under the id the device gave it, no copy; the edit; the deletion.
    const created = settled.find((l) => l.id === newId)!;
    expect(created).toMatchObject({ carId, type: 'maintenance', title: 'Oil change' });
    expect(new Set(settled.map((l) => l.id)).size).toBe(2);
    const edited = await apiCall(e2e.baseUrl, 'GET', `/car-logs/log/${editedId}`, undefined, token);
    expect(edited.status).toBe(200);
    expect(edited.json.data).toMatchObject({ title: 'Brake pads and discs', type: 'repair' });
    expect((await apiCall(e2e.baseUrl, 'GET', `/car-logs/log/${deletedId}`, undefined, token)).status).toBe(
      404,
    );

    // The photo, re-encoded by the server (WebP, metadata dropped), not the bytes that were sent.
    const media = created.media[0]!;
    expect(media).toMatchObject({ kind: 'image', mime: 'image/webp', width: 96, height: 64 });
    const file = await fetch(new URL(media.url, e2e.baseUrl), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^image\/webp/);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(bytes.equals(photo.buffer)).toBe(false);

    // The device is in step: nothing left to send, no pending badge.
    await localDb.waitForOutboxSettled(reopened, { timeoutMs: STEP_TIMEOUT_MS });
    await expectLogTitles(reopened, ['Oil change', 'Brake pads and discs']);
    await reopened
      .getByText(exactly(t('CAR_LOGS.SYNC_PENDING')))
      .first()
      .waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });

    // Another signed-in session of the member sees the same garage, photo included.
    const other = await e2e.newPage({ locale: 'en-US' });
    await signInThroughForm(other, e2e.baseUrl, member);
    await openGarage(other, e2e.baseUrl);
    await expectLogTitles(other, ['Oil change', 'Brake pads and discs']);
    await openLog(other, 'Oil change');
    await other
      .getByRole('img', { name: fill('CAR_LOGS.FORM_MEDIA_IMAGE', { n: 1 }) })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await other.waitForFunction(
      () => [...document.querySelectorAll<HTMLImageElement>('img')].some((img) => img.naturalWidth === 96),
      undefined,
      { timeout: STEP_TIMEOUT_MS },
    );
  } finally {
    await backOnline(e2e, context);
  }
});

test('a car created offline with two logs reaches the server, the car first, each once', async () => {
  const { member, token } = await signUpViaApi(e2e.baseUrl, newMember('garage'));
  const page = await e2e.newPage({ locale: 'en-US' });
  const context = page.context();
  await signInThroughForm(page, e2e.baseUrl, member);
  await waitForControllingWorker(page);
  await openGarage(page, e2e.baseUrl);
  await page.getByText(exactly(t('CARS.EMPTY_TITLE'))).waitFor({ timeout: STEP_TIMEOUT_MS });
  await expectSettingsMirrored(page);

  await e2e.goOffline(context);
  try {
    await page.reload();
    await page.getByText(exactly(t('CARS.EMPTY_TITLE'))).waitFor({ timeout: STEP_TIMEOUT_MS });
    await createCarThroughForm(page, { make: 'Renault', model: 'R5 Turbo' });
    await addLogThroughForm(page, { type: 'fuel', title: 'First fill-up', startDate: '2024-06-01' });
    await addLogThroughForm(page, {
      type: 'inspection',
      title: 'Roadworthiness test',
      startDate: '2024-06-03',
    });
    await expectLogTitles(page, ['First fill-up', 'Roadworthiness test']);

    const queued = await localDb.outbox(page);
    expect(queued.map((e) => e.kind)).toEqual(['car.create', 'carLog.create', 'carLog.create']);
    const [car, ...logs] = queued;
    // Each log waits for the car (its write depends on the car's).
    for (const log of logs) expect(log.dependsOn).toContain(car!.id);

    await backOnline(e2e, context);
    const carId = car!.entityId!;
    await vi.waitFor(
      async () => {
        const { logs: onServer, total } = await serverLogs(token, carId);
        expect(total).toBe(2);
        expect(onServer.map((l) => l.title).sort()).toEqual(['First fill-up', 'Roadworthiness test']);
      },
      { timeout: STEP_TIMEOUT_MS, interval: 200 },
    );
    const feed = await apiCall(e2e.baseUrl, 'GET', '/cars/feed', undefined, token);
    expect(feed.json.data).toHaveLength(1);
    expect(feed.json.data[0]).toMatchObject({ id: carId, make: 'Renault', model: 'R5 Turbo' });
    const { logs: onServer } = await serverLogs(token, carId);
    expect(onServer.map((l) => l.id).sort()).toEqual(logs.map((l) => l.entityId).sort());
    await localDb.waitForOutboxSettled(page, { timeoutMs: STEP_TIMEOUT_MS });
  } finally {
    await backOnline(e2e, context);
  }
});

test("a write the server refuses waits under 'needs attention' while the others are sent", async () => {
  const { member, token } = await signUpViaApi(e2e.baseUrl, newMember('garage'));
  const newCar = async (make: string, model: string) => {
    const res = await apiCall(e2e.baseUrl, 'POST', '/cars', { id: randomUUID(), make, model }, token);
    expect(res.status).toBe(201);
    return res.json.data.id as string;
  };
  const doomedCar = await newCar('Peugeot', '205 GTI');
  const keptCar = await newCar('Lancia', 'Delta');
  await createLogViaApi(token, {
    carId: doomedCar,
    type: 'repair',
    title: 'Clutch',
    startDate: '2024-02-02',
  });

  const page = await e2e.newPage({ locale: 'en-US' });
  const context = page.context();
  await signInThroughForm(page, e2e.baseUrl, member);
  await waitForControllingWorker(page);
  await openGarage(page, e2e.baseUrl);
  await selectCar(page, 'Peugeot 205 GTI');
  await expectLogTitles(page, ['Clutch']);
  await selectCar(page, 'Lancia Delta');
  await page.getByText(exactly(t('CAR_LOGS.EMPTY_TITLE'))).waitFor({ timeout: STEP_TIMEOUT_MS });
  await expectSettingsMirrored(page);

  await e2e.goOffline(context);
  try {
    await page.reload();
    await screenHeading(page, 'CARS.MY_CARS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
    await selectCar(page, 'Peugeot 205 GTI');
    await renameLogThroughForm(page, 'Clutch', 'Clutch and flywheel');
    await selectCar(page, 'Lancia Delta');
    await addLogThroughForm(page, { type: 'maintenance', title: 'Timing belt', startDate: '2024-02-10' });
    expect((await localDb.outbox(page)).map((e) => e.kind)).toEqual(['carLog.update', 'carLog.create']);

    // Meanwhile, on another device, the member deletes the Peugeot (and with it the log edited here).
    await e2e.server.restart();
    const elsewhere = await apiLogin(e2e.baseUrl, member);
    expect((await apiCall(e2e.baseUrl, 'DELETE', `/cars/${doomedCar}`, undefined, elsewhere)).status).toBe(
      200,
    );

    // Back online: the edit is refused (404), the new log is sent all the same.
    await context.setOffline(false);
    await vi.waitFor(
      async () => {
        const { logs } = await serverLogs(token, keptCar);
        expect(logs.map((l) => l.title)).toEqual(['Timing belt']);
      },
      { timeout: STEP_TIMEOUT_MS, interval: 200 },
    );
    await localDb.waitForOutboxSettled(page, { allowFailed: true, timeoutMs: STEP_TIMEOUT_MS });
    const left = await localDb.outbox(page);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ kind: 'carLog.update', status: 'failed', lastStatus: 404 });

    // The header says one change needs attention; the sync panel shows it, with the server's answer.
    const failedCount = page.getByTestId('sync-failed-count');
    await expect.poll(() => failedCount.textContent(), { timeout: STEP_TIMEOUT_MS }).toBe('1');
    await failedCount.click();
    const panel = page.getByRole('dialog', { name: exactly(t('SYNC.PANEL_TITLE')) });
    await panel.waitFor({ timeout: STEP_TIMEOUT_MS });
    const attention = panel.getByRole('region', { name: exactly(t('SYNC.ATTENTION_TITLE')) });
    const entry = attention.getByRole('article');
    await entry.waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await entry.count()).toBe(1);
    await entry
      .getByRole('heading', { name: new RegExp(t('SYNC.KIND_CARLOG_UPDATE')) })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await entry.getByText('Clutch and flywheel').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    // The log is gone on the server: the card says so, and offers to keep it as a new log or drop it.
    await entry.getByText(exactly(t('SYNC.GONE_LABEL'))).waitFor({ timeout: STEP_TIMEOUT_MS });
    await entry
      .getByRole('button', { name: exactly(t('SYNC.KEEP_AS_NEW_LOG')) })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await entry.getByRole('button', { name: exactly(t('SYNC.DROP')) }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await panel
      .getByRole('region', { name: exactly(t('SYNC.PENDING_TITLE')) })
      .getByText(exactly(t('SYNC.PENDING_NONE')))
      .waitFor({ timeout: STEP_TIMEOUT_MS });
  } finally {
    await backOnline(e2e, context);
  }
});
