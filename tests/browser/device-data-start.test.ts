// The device's data (Dexie, the outbox's replayer, the header's counts, the feed's data layer) waits
// on a cold signed-in /feed for a reason to start (src/lib/offline/shell-settled.ts): the member's
// first gesture, or at once when writes wait in the outbox. The start notes its reason in a User
// Timing mark, which these tests read; Dexie's chunks come from the build's graph.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { apiCall, signUpViaApi } from './support/api.mjs';
import {
  deviceDataReason as startReason,
  startDeviceData,
  waitForMirroredPosts,
} from './support/device-data.mjs';
import { DEVICE_DATA_ROOTS, FEED_IDLE_ROOTS, jsFromManifest } from './support/first-render-graph.mjs';
import type { SeededSession } from './support/first-render-js.mjs';
import { localDb } from './support/garage.mjs';
import { backOnlineAlone, goOfflineAlone } from './support/people-flows';
import { STEP_TIMEOUT_MS, useE2e } from './harness';
import { screenHeading } from './flows';

const e2e = useE2e();

/** Dexie's chunks and the socket library's (the start-up's last step on /feed), from the build. */
function chunks(): { dexie: Set<string>; socket: string } {
  const device = jsFromManifest(DEVICE_DATA_ROOTS);
  const idle = jsFromManifest(FEED_IDLE_ROOTS);
  const socket = idle.files.find((f) =>
    f.modules.some((m) => /socket\.io-client\/build\/esm\/index\.js$/.test(m)),
  );
  if (!socket) throw new Error("the socket library's chunk is not in the build");
  expect(device.dexieFiles.length).toBeGreaterThan(0);
  return { dexie: new Set(device.dexieFiles), socket: socket.path };
}

/**
 * A page of the member's with service workers blocked (what is kept on the device is the app's own
 * cache, not the worker's), the paths it asks for, the moment it asks for the socket's library (the
 * start-up's last step on /feed), and Dexie's chunks.
 */
async function watchedPage(session: SeededSession) {
  const { dexie, socket } = chunks();
  const page = await e2e.newPage({ session, locale: 'en-US', serviceWorkers: 'block' });
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  const socketAsked = page.waitForRequest((r) => new URL(r.url()).pathname === socket, {
    timeout: STEP_TIMEOUT_MS,
  });
  return { page, asked, socketAsked, dexie };
}

test('a cold /feed loads no Dexie until the first gesture, which starts the device data', async () => {
  const session = await signUpViaApi(e2e.baseUrl);
  const made = await apiCall(
    e2e.baseUrl,
    'POST',
    '/posts',
    { content: '<p>Fresh oil, new filter.</p>' },
    session.token,
  );
  expect(made.status).toBe(201);
  const { page, asked, socketAsked, dexie } = await watchedPage(session);

  await page.goto(`${e2e.baseUrl}/feed`);
  await screenHeading(page, 'POSTS.MY_POSTS_TITLE').waitFor();
  await page.locator('#root article.post-card footer .post-card__like').first().waitFor();
  await socketAsked; // the first post is up and the start-up's last step has gone
  expect(asked.filter((p) => dexie.has(p))).toEqual([]);
  expect(await startReason(page)).toBeNull();

  const dexieAsked = page.waitForRequest((r) => dexie.has(new URL(r.url()).pathname), {
    timeout: STEP_TIMEOUT_MS,
  });
  expect(await startDeviceData(page)).toBe('gesture:wheel');
  await dexieAsked;
  // The feed's data layer takes over from the first page and keeps it on the device.
  await waitForMirroredPosts(page, 1);
  await page.locator('#root article.post-card footer .post-card__like').first().waitFor();
});

test('writes waiting in the outbox start the device data at once, and are sent with no gesture', async () => {
  const session = await signUpViaApi(e2e.baseUrl);
  const car = await apiCall(e2e.baseUrl, 'POST', '/cars', { make: 'Alpine', model: 'A110' }, session.token);
  expect(car.status).toBe(201);
  const carId = car.json.data.id as string;

  // A first visit opens the garage (its database), then two fill-ups are queued offline.
  const first = await e2e.newPage({ session, locale: 'en-US' });
  await first.goto(`${e2e.baseUrl}/my-cars`);
  await screenHeading(first, 'CARS.MY_CARS_TITLE').waitFor();
  await goOfflineAlone(first.context());
  await localDb.queueCarLogCreates(first, carId, 2, '2024-05-01', 'Waiting at start');
  expect(await localDb.outbox(first)).toHaveLength(2);
  const context = first.context();
  await first.close();
  await backOnlineAlone(context);

  // The next start: nothing touched, the device's data starts at once and the writes are sent. Its
  // reason is the writes waiting, unless a part of the screen opened the member's database before
  // the start-up looked (on a loaded machine the feed may fall back to the device's posts first):
  // never a gesture, never the quiet page's delay. Which reason wins is pinned by
  // src/lib/offline/shell-settled.test.ts.
  const page = await context.newPage();
  e2e.watch(page);
  await page.goto(`${e2e.baseUrl}/account`);
  await screenHeading(page, 'ACCOUNT.TITLE').waitFor();
  await expect
    .poll(() => startReason(page), { timeout: STEP_TIMEOUT_MS })
    .toMatch(/^(writes-waiting|wanted)$/);
  await expect
    .poll(
      async () => {
        const logs = await apiCall(
          e2e.baseUrl,
          'GET',
          `/car-logs/${carId}?page=1&limit=100`,
          undefined,
          session.token,
        );
        return (logs.json?.data ?? []).filter((log: { title: string }) =>
          log.title.startsWith('Waiting at start'),
        ).length;
      },
      { timeout: STEP_TIMEOUT_MS },
    )
    .toBe(2);
  await localDb.waitForOutboxSettled(page, { timeoutMs: STEP_TIMEOUT_MS });
});

/** A post's photo as the server serves it (GET /posts/{id}/images/{imageId}). */
const PHOTO = /^\/api\/v1\.0\/posts\/[\w-]+\/images\/[\w-]+$/;

/** The rows of the member's media cache, read with IndexedDB itself (no Dexie in the page). */
function mediaCacheRows(page: Page, memberId: string): Promise<Array<{ url: string; size: number }>> {
  return page.evaluate(
    (name) =>
      new Promise<Array<{ url: string; size: number }>>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('mediaCache')) {
            database.close();
            resolve([]);
            return;
          }
          const all = database.transaction('mediaCache').objectStore('mediaCache').getAll();
          all.onsuccess = () => {
            database.close();
            resolve(
              (all.result as Array<{ url: string; blob: Blob }>).map((r) => ({
                url: r.url,
                size: r.blob.size,
              })),
            );
          };
          all.onerror = () => reject(all.error);
        };
      }),
    `paddock-${memberId}`,
  );
}

test("a post's photo shows with no Dexie, is kept on the device once the device data starts, and is read from there next time", async () => {
  const session = await signUpViaApi(e2e.baseUrl);
  const form = new FormData();
  form.append('content', '<p>Track day.</p>');
  const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#1e5ac8' } })
    .png()
    .toBuffer();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'track.png');
  const made = await fetch(`${e2e.baseUrl}/api/v1.0/posts/with-image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token as string}` },
    body: form,
  });
  expect(made.status).toBe(201);
  const memberId = session.user.id as string;
  const { page, asked, socketAsked, dexie } = await watchedPage(session);
  const photo = page.locator('#root article.post-card img[src^="blob:"]').first();

  await page.goto(`${e2e.baseUrl}/feed`);
  await photo.waitFor();
  await socketAsked;
  expect(asked.filter((p) => PHOTO.test(p))).toHaveLength(1);
  expect(asked.filter((p) => dexie.has(p))).toEqual([]);
  expect(await startReason(page)).toBeNull();
  expect(await mediaCacheRows(page, memberId)).toEqual([]);

  expect(await startDeviceData(page)).toBe('gesture:wheel');
  await expect
    .poll(() => mediaCacheRows(page, memberId), { timeout: STEP_TIMEOUT_MS })
    .toEqual([{ url: expect.stringMatching(PHOTO), size: expect.any(Number) }]);
  const [kept] = await mediaCacheRows(page, memberId);
  expect(kept!.size).toBeGreaterThan(0);

  // The next cold start reads the photo from the device, still without Dexie.
  asked.length = 0;
  await page.reload();
  await photo.waitFor();
  expect(asked.filter((p) => PHOTO.test(p))).toEqual([]);
  expect(asked.filter((p) => dexie.has(p))).toEqual([]);
  expect(await startReason(page)).toBeNull();
});
