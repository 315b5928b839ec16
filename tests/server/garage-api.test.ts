// The garage's cross-cutting behaviour: every change notifies the owner's sockets (and nobody
// else's), Idempotency-Key replays answer once, and the routes are published in OpenAPI.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Car } from '../../src/contract/garage';
import { createTestApp, type TestApp } from './helpers';
import {
  API,
  carBody,
  collect,
  createCar,
  createLog,
  listen,
  logBody,
  member,
  received,
  socketOf,
  type Member,
} from './garage-fixtures';

let t: TestApp;
let ann: Member;
let bob: Member;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
  bob = await member(t.app);
  url = await listen(t.app);
});
afterAll(async () => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  who: Member,
  payload?: object,
  headers = {},
) =>
  t.app.inject({
    method,
    url: `${API}${path}`,
    headers: { ...who.headers, ...headers },
    ...(payload ? { payload } : {}),
  });

describe('notifications', () => {
  test("every change reaches the owner's sockets as 'car' and 'car log' events, nobody else's", async () => {
    const annSocket = await socketOf(url, ann);
    const bobSocket = await socketOf(url, bob);
    try {
      const annEvents = collect(annSocket);
      const bobEvents = collect(bobSocket);
      const car = await createCar(t.app, ann);
      await call('PUT', `/cars/${car.id}`, ann, { mileage: 1 });
      const log = await createLog(t.app, ann, car.id);
      await call('PUT', `/car-logs/${log.id}`, ann, { title: 'New title' });
      await call('DELETE', `/car-logs/${log.id}`, ann);
      await call('DELETE', `/cars/${car.id}`, ann);
      // Refused attempts by someone else tell nobody anything.
      await call('PUT', `/cars/${car.id}`, bob, { mileage: 2 });
      await call('DELETE', `/car-logs/${log.id}`, bob);
      const events = await received(annEvents, 7);
      // A write's event carries the row's updatedAt (a device tells its own echo from a newer
      // write by it); a delete's has none.
      const version = (action: string) => (action === 'deleted' ? {} : { updatedAt: expect.any(String) });
      const carEvent = (action: string) => ['car', { relatedCarId: car.id, action, ...version(action) }];
      const logEvent = (action: string) => [
        'car log',
        { relatedCarId: car.id, relatedCarLogId: log.id, action, ...version(action) },
      ];
      expect(events.map((e) => [e.type, e.jsonPayload])).toEqual([
        carEvent('created'),
        carEvent('updated'),
        logEvent('created'),
        // The log's reading is above the car's mileage (1): it raises it, told as a car change.
        carEvent('updated'),
        logEvent('updated'),
        logEvent('deleted'),
        carEvent('deleted'),
      ]);
      for (const e of events) {
        // Realtime only: no stored notification behind these.
        expect(e.id).toBe('-'.repeat(36));
        expect(Math.abs(Date.now() - Date.parse(e.createdAt))).toBeLessThan(60_000);
      }
      expect(bobEvents).toEqual([]);
    } finally {
      annSocket.disconnect();
      bobSocket.disconnect();
    }
  });

  test('a replayed create (same client id) notifies once', async () => {
    const annSocket = await socketOf(url, ann);
    try {
      const events = collect(annSocket);
      const id = randomUUID();
      expect((await call('POST', '/cars', ann, carBody({ id }))).statusCode).toBe(201);
      expect((await call('POST', '/cars', ann, carBody({ id }))).statusCode).toBe(200);
      await received(events, 1);
      // A later car's push arrives second: the replayed create pushed nothing in between.
      const later = randomUUID();
      expect((await call('POST', '/cars', ann, carBody({ id: later }))).statusCode).toBe(201);
      await received(events, 2);
      expect(events[1]!.jsonPayload.relatedCarId).toBe(later);
    } finally {
      annSocket.disconnect();
    }
  });
});

describe('Idempotency-Key', () => {
  test('the same key twice creates one log and answers the first answer', async () => {
    const car = await createCar(t.app, ann);
    const key = { 'idempotency-key': randomUUID() };
    const first = await call('POST', '/car-logs', ann, logBody(car.id), key);
    const again = await call('POST', '/car-logs', ann, logBody(car.id), key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const list = (await call('GET', `/car-logs/${car.id}`, ann)).json();
    expect(list.meta.total).toBe(1);
  });
});

describe('plain-text fields', () => {
  // docs/SECURITY-CHECKS.md's attack list fed to the fields that are not rich text: they are data, kept as typed
  // and answered as JSON (never HTML), so the client shows them as text and nothing runs.
  const attacks = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<svg onload=alert(1)>',
    '<iframe src=//evil.example>',
  ];
  test.each(attacks)('%s', async (attack) => {
    const car = await call('POST', '/cars', ann, carBody({ make: attack, nickname: attack }));
    expect(car.headers['content-type']).toContain('application/json');
    expect(car.json().data).toMatchObject({ make: attack, nickname: attack });
    const log = await call(
      'POST',
      '/car-logs',
      ann,
      logBody(car.json().data.id, { title: attack, location: attack, tags: [attack.slice(0, 40)] }),
    );
    expect(log.headers['content-type']).toContain('application/json');
    expect(log.json().data).toMatchObject({ title: attack, location: attack, tags: [attack.slice(0, 40)] });
  });
});

describe('OpenAPI', () => {
  test('publishes every garage route with its tag, summary and bearer security', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${API}/docs/json` })).json<{
      paths: Record<string, Record<string, { tags?: string[]; summary?: string; security?: unknown[] }>>;
    }>();
    const routes: [string, string, string][] = [
      ['/cars/feed', 'get', 'cars'],
      ['/cars', 'post', 'cars'],
      ['/cars/{id}', 'get', 'cars'],
      ['/cars/{id}', 'put', 'cars'],
      ['/cars/{id}', 'delete', 'cars'],
      ['/car-logs/{carId}', 'get', 'car logs'],
      ['/car-logs/log/{id}', 'get', 'car logs'],
      ['/car-logs/stats/{carId}', 'get', 'car logs'],
      ['/car-logs', 'post', 'car logs'],
      ['/car-logs/{id}', 'put', 'car logs'],
      ['/car-logs/{id}', 'delete', 'car logs'],
    ];
    for (const [path, method, tag] of routes) {
      const op = doc.paths[`${API}${path}`]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op?.tags).toEqual([tag]);
      expect(op?.summary).toEqual(expect.any(String));
      expect(op?.security).toEqual([{ bearerAuth: [] }]);
    }
  });

  test('answers match their declared schema (nothing dropped on the way out)', async () => {
    const car: Car = await createCar(t.app, ann, { description: '<p>x</p>' });
    const feed = (await call('GET', '/cars/feed?limit=100', ann)).json();
    expect(feed.data.find((c: Car) => c.id === car.id)).toEqual(car);
  });
});
