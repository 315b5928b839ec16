// The device's data (Dexie, the outbox's replayer, the header's counts, the feed's data layer) waits
// on a cold signed-in /feed for a reason to start (src/lib/offline/shell-settled.ts): the member's
// first gesture, or at once when writes wait in the outbox. The start notes its reason in a User
// Timing mark, which these tests read; Dexie's chunks come from the build's graph.
import { expect, test } from 'vitest';
import { apiCall, signUpViaApi } from './support/api.mjs';
import {
  deviceDataReason as startReason,
  startDeviceData,
  waitForMirroredPosts,
} from './support/device-data.mjs';
import { DEVICE_DATA_ROOTS, FEED_IDLE_ROOTS, jsFromManifest } from './support/first-render-graph.mjs';
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
  const { dexie, socket } = chunks();
  const page = await e2e.newPage({ session, locale: 'en-US', serviceWorkers: 'block' });
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  const socketAsked = page.waitForRequest((r) => new URL(r.url()).pathname === socket, {
    timeout: STEP_TIMEOUT_MS,
  });

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
