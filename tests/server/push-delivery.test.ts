// Web Push delivery members can count on, against a real push service on 127.0.0.1 (the test app
// runs with PUSH_ALLOW_PRIVATE_ENDPOINTS=1) that decrypts with each subscription's own keys:
// - a push is done only once the push service accepted it: 429 (its Retry-After honoured), 5xx and
//   network failures are retried with backoff; accepted, it is never sent again; a pending retry
//   survives a restart (it is stored); 404 and 410 remove the subscription;
// - every push carries a TTL, an Urgency and a Topic;
// - a car's odometer changed (its own mileage, a log with a higher reading) pushes at once;
// - at most 20 subscriptions per member, the oldest dropped; p256dh and auth keys validated.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import {
  PUSH_RETRY_BASE_MS,
  PUSH_SUBSCRIPTIONS_PER_MEMBER,
  REMINDER_PUSH_TTL_SECONDS,
  backoffMs,
} from '../../server/src/push/push-service';
import { API, createCar, createLog, member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import {
  browser,
  decrypt,
  overdueReminder,
  pushServer,
  subscribe,
  until,
  type PushServer,
} from './push-fixtures';

let service: PushServer;
beforeAll(async () => {
  service = await pushServer();
});
afterAll(async () => service?.close());

/** A member who reads English (the server's default language is another). */
async function englishMember(app: TestApp['app']) {
  const who = await member(app);
  await app.db.kysely.updateTable('users').set({ language: 'en-US' }).where('id', '=', who.id).execute();
  return who;
}

const to = (path: string) => service.received.filter((r) => r.path === path);

async function deliveriesOf(t: { app: TestApp['app'] }, endpoint: string) {
  return t.app.db.kysely
    .selectFrom('push_deliveries as d')
    .innerJoin('push_subscriptions as s', 's.id', 'd.subscription_id')
    .select(['d.attempts', 'd.next_attempt_at', 'd.lease_until', 'd.created_at'])
    .where('s.endpoint', '=', endpoint)
    .execute();
}

/** A port nothing listens on: a connection to it fails at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('delivery', () => {
  test('429 with Retry-After: 2 is retried within a minute, not before 2 s; accepted, it is never sent again; TTL, Urgency and Topic on every push', async () => {
    service.answer = ({ path, count }) =>
      path.startsWith('/busy/') && count === 1
        ? { status: 429, headers: { 'retry-after': '2' } }
        : { status: 201 };
    const t = await createTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' });
    try {
      const ann = await englishMember(t.app);
      const phone = browser(`${service.base}/busy/${ann.id}`);
      expect((await subscribe(t.app, ann, phone.json)).statusCode).toBe(201);
      const car = await createCar(t.app, ann, { nickname: 'Berlinette' });
      const reminder = await overdueReminder(t.app, ann, car.id);
      const path = `/busy/${ann.id}`;
      await until(() => to(path).length >= 2, 60_000, 'the retry');
      const [first, second] = to(path);
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(1_500);
      expect(decrypt(second!, phone)).toEqual(decrypt(first!, phone));
      expect(decrypt(second!, phone).notification).toMatchObject({
        title: 'Overdue: Insurance',
        tag: `reminder-${reminder.id}`,
      });
      for (const message of [first!, second!]) {
        const ttl = Number(message.headers.ttl);
        expect(ttl).toBeGreaterThan(REMINDER_PUSH_TTL_SECONDS - 60);
        expect(ttl).toBeLessThanOrEqual(REMINDER_PUSH_TTL_SECONDS);
        expect(message.headers.urgency).toBe('high'); // overdue; a reminder due soon is `normal`
        expect(message.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
      }
      // Accepted: nothing waits any more, and closing (which waits for sends in flight) sends nothing.
      await until(
        async () => (await deliveriesOf(t, phone.json.endpoint)).length === 0,
        10_000,
        'the row done',
      );
      await t.app.close();
      expect(to(path)).toHaveLength(2);
    } finally {
      await t.close();
    }
  });

  test('5xx and network failures are retried with backoff; a pending retry is stored and sent after a restart', async () => {
    let down = true;
    service.answer = ({ path }) => (path.startsWith('/down/') && down ? { status: 503 } : { status: 201 });
    const t = await createTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' });
    let app = t.app;
    try {
      const ann = await englishMember(app);
      const phone = browser(`${service.base}/down/${ann.id}`);
      const unreachable = browser(`http://127.0.0.1:${await closedPort()}/push/${ann.id}`);
      expect((await subscribe(app, ann, phone.json)).statusCode).toBe(201);
      expect((await subscribe(app, ann, unreachable.json)).statusCode).toBe(201);
      const car = await createCar(app, ann);
      await overdueReminder(app, ann, car.id);
      for (const endpoint of [phone.json.endpoint, unreachable.json.endpoint]) {
        await until(
          async () => {
            const rows = await deliveriesOf(t, endpoint);
            return rows.length === 1 && Number(rows[0]!.attempts) === 1 && rows[0]!.lease_until === null;
          },
          10_000,
          'a failed attempt',
        );
        const [row] = await deliveriesOf(t, endpoint);
        // Backoff: the next attempt at least the first wait later.
        expect(Date.parse(row!.next_attempt_at) - Date.parse(row!.created_at)).toBeGreaterThanOrEqual(
          PUSH_RETRY_BASE_MS,
        );
      }
      expect(to(`/down/${ann.id}`)).toHaveLength(1);
      expect(backoffMs(1)).toBe(PUSH_RETRY_BASE_MS);
      expect(backoffMs(2)).toBeGreaterThan(backoffMs(1));

      // Restart while the retry waits; the push service is back.
      await app.close();
      down = false;
      app = await buildApp(loadConfig(t.env), { logger: false });
      await app.ready();
      await until(() => to(`/down/${ann.id}`).length === 2, 60_000, 'the retry after the restart');
      expect(decrypt(to(`/down/${ann.id}`)[1]!, phone).notification.title).toBe('Overdue: Insurance');
      await until(
        async () => (await deliveriesOf({ app }, phone.json.endpoint)).length === 0,
        10_000,
        'the row done',
      );
    } finally {
      await app.close();
      await t.close();
    }
  });

  test('404 and 410 remove the subscription, with nothing left to send', async () => {
    service.answer = ({ path }) =>
      path.startsWith('/404/')
        ? { status: 404 }
        : path.startsWith('/410/')
          ? { status: 410 }
          : { status: 201 };
    const t = await createTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' });
    try {
      const ann = await member(t.app);
      const endpoints = [`${service.base}/404/${ann.id}`, `${service.base}/410/${ann.id}`];
      for (const endpoint of endpoints)
        expect((await subscribe(t.app, ann, browser(endpoint).json)).statusCode).toBe(201);
      await overdueReminder(t.app, ann, (await createCar(t.app, ann)).id);
      const left = () =>
        t.app.db.kysely
          .selectFrom('push_subscriptions')
          .select('id')
          .where('endpoint', 'in', endpoints)
          .execute();
      await until(async () => (await left()).length === 0, 10_000, 'the subscriptions removed');
      expect(await t.app.db.kysely.selectFrom('push_deliveries').selectAll().execute()).toEqual([]);
      for (const endpoint of endpoints) expect(to(new URL(endpoint).pathname)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  test("a car's odometer changed pushes at once: its own mileage, and a log with a higher reading", async () => {
    service.answer = () => ({ status: 201 });
    const t = await createTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' });
    try {
      const ann = await englishMember(t.app);
      const phone = browser(`${service.base}/odo/${ann.id}`);
      expect((await subscribe(t.app, ann, phone.json)).statusCode).toBe(201);
      const car = await createCar(t.app, ann, { mileage: 1_000 });
      for (const [title, dueMileage] of [
        ['Belt', 5_000],
        ['Clutch', 9_000],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: `${API}/reminders`,
          headers: ann.headers,
          payload: { carId: car.id, title, dueMileage },
        });
        expect(res.json<{ data: { state: string } }>().data.state).toBe('ok');
      }
      const put = await t.app.inject({
        method: 'PUT',
        url: `${API}/cars/${car.id}`,
        headers: ann.headers,
        payload: { mileage: 5_200 },
      });
      expect(put.statusCode, put.body).toBe(200);
      await until(() => to(`/odo/${ann.id}`).length === 1, 10_000, 'the push of the mileage change');
      expect(decrypt(to(`/odo/${ann.id}`)[0]!, phone).notification.title).toBe('Overdue: Belt');

      await createLog(t.app, ann, car.id, { type: 'fuel', mileage: 9_100 });
      await until(() => to(`/odo/${ann.id}`).length === 2, 10_000, 'the push of the higher reading');
      expect(decrypt(to(`/odo/${ann.id}`)[1]!, phone).notification.title).toBe('Overdue: Clutch');
    } finally {
      await t.close();
    }
  });
});

describe('subscriptions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' });
  });
  afterAll(async () => t?.close());

  test('at most 20 per member: the 21st drops the oldest; other members keep theirs', async () => {
    const [ann, bob] = [await member(t.app), await member(t.app)];
    const bobs = browser(`${service.base}/cap/bob-${bob.id}`);
    expect((await subscribe(t.app, bob, bobs.json)).statusCode).toBe(201);
    const endpoints: string[] = [];
    for (let i = 0; i <= PUSH_SUBSCRIPTIONS_PER_MEMBER; i++) {
      endpoints.push(`${service.base}/cap/${ann.id}/${i}`);
      const res = await subscribe(t.app, ann, browser(endpoints[i]!).json);
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(PUSH_SUBSCRIPTIONS_PER_MEMBER).toBe(20);
    const kept = await t.app.db.kysely
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', ann.id)
      .execute();
    expect(kept.map((r) => r.endpoint).sort()).toEqual(endpoints.slice(1).sort());
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `${API}/push-subscriptions`,
      headers: ann.headers,
      payload: { endpoint: endpoints[0] },
    });
    expect(gone.statusCode).toBe(404);
    const bobKept = await t.app.db.kysely
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', bob.id)
      .execute();
    expect(bobKept).toEqual([{ endpoint: bobs.json.endpoint }]);
  });

  test('p256dh must be an uncompressed P-256 point on the curve, auth 16 bytes: else 400', async () => {
    const ann = await member(t.app);
    const good = browser(`${service.base}/keys/${ann.id}`).json;
    const point = Buffer.from(good.keys.p256dh, 'base64url');
    const offCurve = Buffer.from(point);
    offCurve[64] = offCurve[64]! ^ 1;
    const compressedPrefix = Buffer.from(point);
    compressedPrefix[0] = 0x02;
    const b64 = (b: Buffer) => b.toString('base64url');
    for (const keys of [
      { ...good.keys, p256dh: b64(offCurve) },
      { ...good.keys, p256dh: b64(compressedPrefix) },
      { ...good.keys, p256dh: b64(Buffer.concat([point, Buffer.from([0])])) },
      { ...good.keys, p256dh: b64(Buffer.alloc(65, 4)) },
      { ...good.keys, p256dh: `${b64(point).slice(0, -1)}!` },
      { ...good.keys, auth: b64(Buffer.alloc(15, 7)) },
      { ...good.keys, auth: b64(Buffer.alloc(17, 7)) },
      { ...good.keys, auth: b64(Buffer.alloc(24, 7)) },
    ]) {
      const res = await subscribe(t.app, ann, { ...good, keys });
      expect(res.statusCode, JSON.stringify(keys)).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('VALIDATION_ERROR');
    }
    // Random 65-byte "points" (0x04 first): off the curve, always 400, never a 500; no row stored.
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 64, maxLength: 64 }), async (xy) => {
        const p256dh = b64(Buffer.concat([Buffer.from([4]), Buffer.from(xy)]));
        const res = await subscribe(t.app, ann, { ...good, keys: { ...good.keys, p256dh } });
        expect(res.statusCode).toBe(400);
      }),
      { numRuns: 60 },
    );
    expect(
      await t.app.db.kysely
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', ann.id)
        .execute(),
    ).toEqual([]);
    // With padding, as some browsers give it, the real keys are taken.
    const padded = { ...good, keys: { p256dh: `${good.keys.p256dh}=`, auth: `${good.keys.auth}==` } };
    expect((await subscribe(t.app, ann, padded)).statusCode).toBe(201);
  });
});
