// Car logs over HTTP: CRUD, the paged list and its filters, validation, privacy to the car's owner
// (404 for everyone else, nothing changed) and exactly-once creates
// (notifications: garage-api.test.ts).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Car, CarLog } from '../../src/contract/garage';
import { createTestApp, type TestApp } from './helpers';
import { API, createCar, createLog, logBody, member, richTextOf, type Member } from './garage-fixtures';

let t: TestApp;
let ann: Member;
let bob: Member;
let car: Car;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
  bob = await member(t.app);
  car = await createCar(t.app, ann);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Member | null, payload?: object) =>
  t.app.inject({
    method,
    url: `${API}${url}`,
    headers: who ? who.headers : {},
    ...(payload ? { payload } : {}),
  });

describe('POST /car-logs and GET /car-logs/log/:id', () => {
  test('creates a log on my car, sanitising content and ignoring timestamps and media in the body', async () => {
    const res = await call('POST', '/car-logs', ann, {
      ...logBody(car.id, {
        content: '<p>Done<script>alert(1)</script></p>',
        tags: [' oil ', 'oil', 'filter'],
      }),
      createdAt: '2000-01-01T00:00:00.000Z',
      media: [{ id: 'x', url: 'https://evil.example', mimeType: 'text/html' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const log = res.json<{ data: CarLog }>().data;
    expect(log).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      // The log says who wrote it.
      authorId: ann.id,
      ...logBody(car.id),
      content: '<p>Done</p>',
      tags: ['oil', 'filter'],
      media: [],
      createdAt: expect.any(String),
      updatedAt: log.createdAt,
    });
    expect(Date.now() - Date.parse(log.createdAt)).toBeLessThan(60_000);
    expect((await call('GET', `/car-logs/log/${log.id}`, ann)).json().data).toEqual(log);
  });

  test('optional fields default to empty', async () => {
    const log = await createLog(t.app, ann, car.id, {
      content: undefined,
      location: undefined,
      tags: undefined,
      cost: undefined,
      currencyCode: undefined,
      mileage: undefined,
    });
    expect(log).toMatchObject({
      content: null,
      location: null,
      tags: [],
      cost: null,
      currencyCode: null,
      mileage: null,
      media: [],
    });
  });

  test.each([
    ['type', { type: 'teleport' }, 'body.type'],
    ['currencyCode', { currencyCode: 'XXX' }, 'body.currencyCode'],
    ['cost with 3 decimals', { cost: 1.005 }, 'body.cost'],
    ['negative cost', { cost: -1 }, 'body.cost'],
    ['cost without currency', { currencyCode: null }, 'body.currencyCode'],
    ['21 tags', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'body.tags'],
    ['a tag of 41 characters', { tags: ['x'.repeat(41)] }, 'body.tags.0'],
    ['a date that does not exist', { startDate: '2025-02-30' }, 'body.startDate'],
    ['content over 20000 characters of text', { content: richTextOf(20_001) }, 'body.content'],
    ['a missing title', { title: undefined }, 'body.title'],
  ])('refuses %s with 400 naming the field', async (_name, overrides, field) => {
    const res = await call('POST', '/car-logs', ann, logBody(car.id, overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields[0].field).toBe(field);
  });

  test('limits are inclusive: 20 tags of 40 characters, 2 decimals, 20000 characters of text', async () => {
    const tags = Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(40, 'x'));
    const log = await createLog(t.app, ann, car.id, { tags, cost: 0.07, content: richTextOf(20_000) });
    expect(log).toMatchObject({ tags, cost: 0.07, content: richTextOf(20_000) });
    expect((await createLog(t.app, ann, car.id, { cost: 0 })).cost).toBe(0);
  });

  test('unknown ids, bad ids and no token', async () => {
    expect((await call('POST', '/car-logs', ann, logBody(randomUUID()))).statusCode).toBe(404);
    expect((await call('GET', `/car-logs/log/${randomUUID()}`, ann)).statusCode).toBe(404);
    expect((await call('GET', '/car-logs/log/42', ann)).statusCode).toBe(400);
    expect((await call('GET', `/car-logs/${randomUUID()}`, ann)).statusCode).toBe(404);
    expect((await call('GET', `/car-logs/${car.id}`, null)).statusCode).toBe(401);
    expect((await call('POST', '/car-logs', null, logBody(car.id))).statusCode).toBe(401);
  });
});

describe('GET /car-logs/:carId', () => {
  test('pages by 20, latest start date first then latest created, with a type filter', async () => {
    const own = await createCar(t.app, ann);
    const made: CarLog[] = [];
    for (let i = 0; i < 25; i++) {
      // Days 01..13 each twice (the later one created second), fuel on every third.
      const day = String(13 - Math.floor(i / 2)).padStart(2, '0');
      made.push(
        await createLog(t.app, ann, own.id, {
          title: `log ${i}`,
          startDate: `2024-05-${day}`,
          type: i % 3 === 0 ? 'fuel' : 'repair',
        }),
      );
      // Distinct creation times, so that the expected order below has no ties.
      await new Promise((r) => setTimeout(r, 2));
    }
    const byDateThenCreated = (a: CarLog, b: CarLog) =>
      a.startDate === b.startDate
        ? b.createdAt.localeCompare(a.createdAt)
        : b.startDate.localeCompare(a.startDate);
    const expected = [...made].sort(byDateThenCreated);
    expect(new Set(made.map((l) => l.createdAt)).size).toBe(25);
    const first = (await call('GET', `/car-logs/${own.id}`, ann)).json();
    expect(first.meta).toEqual({ total: 25, page: 1, limit: 20 });
    expect(first.data.map((l: CarLog) => l.title)).toEqual(expected.slice(0, 20).map((l) => l.title));
    const second = (await call('GET', `/car-logs/${own.id}?page=2`, ann)).json();
    expect(second.data.map((l: CarLog) => l.title)).toEqual(expected.slice(20).map((l) => l.title));
    const fuel = (await call('GET', `/car-logs/${own.id}?type=fuel&limit=3&page=2`, ann)).json();
    expect(fuel.meta).toEqual({ total: 9, page: 2, limit: 3 });
    expect(fuel.data.map((l: CarLog) => l.title)).toEqual(
      expected
        .filter((l) => l.type === 'fuel')
        .slice(3, 6)
        .map((l) => l.title),
    );
    expect((await call('GET', `/car-logs/${own.id}?limit=500`, ann)).statusCode).toBe(200);
    expect((await call('GET', `/car-logs/${own.id}?limit=501`, ann)).statusCode).toBe(400);
    expect((await call('GET', `/car-logs/${own.id}?page=0`, ann)).statusCode).toBe(400);
  });
});

describe('PUT and DELETE /car-logs/:id', () => {
  test('PUT changes the fields given, may move the log to another of my cars, never to yours', async () => {
    const log = await createLog(t.app, ann, car.id);
    const res = await call('PUT', `/car-logs/${log.id}`, ann, {
      title: 'Oil and filters',
      cost: null,
      tags: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<{ data: CarLog }>().data;
    expect(updated).toEqual({
      ...log,
      title: 'Oil and filters',
      cost: null,
      tags: [],
      updatedAt: expect.any(String),
    });
    const bobCar = await createCar(t.app, bob);
    expect((await call('PUT', `/car-logs/${log.id}`, ann, { carId: bobCar.id })).statusCode).toBe(404);
    expect((await call('GET', `/car-logs/log/${log.id}`, ann)).json().data).toEqual(updated);
    const other = await createCar(t.app, ann);
    const moved = await call('PUT', `/car-logs/${log.id}`, ann, { carId: other.id });
    expect(moved.json().data.carId).toBe(other.id);
    expect(
      (await call('PUT', `/car-logs/${log.id}`, ann, { type: 'teleport' })).json().error.fields[0].field,
    ).toBe('body.type');
  });

  test('DELETE removes the log', async () => {
    const log = await createLog(t.app, ann, car.id);
    expect((await call('DELETE', `/car-logs/${log.id}`, ann)).json()).toEqual({
      success: true,
      data: { id: log.id },
    });
    expect((await call('GET', `/car-logs/log/${log.id}`, ann)).statusCode).toBe(404);
    expect((await call('DELETE', `/car-logs/${log.id}`, ann)).statusCode).toBe(404);
  });
});

describe('another member', () => {
  test('gets 404 for every verb on my car’s logs, and they are unchanged', async () => {
    const log = await createLog(t.app, ann, car.id);
    const tries = [
      call('GET', `/car-logs/log/${log.id}`, bob),
      call('PUT', `/car-logs/${log.id}`, bob, { title: 'Mine' }),
      call('DELETE', `/car-logs/${log.id}`, bob),
      call('GET', `/car-logs/${car.id}`, bob),
      call('GET', `/car-logs/stats/${car.id}`, bob),
      call('POST', '/car-logs', bob, logBody(car.id)),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect((await call('GET', `/car-logs/log/${log.id}`, ann)).json().data).toEqual(log);
  });
});

describe('exactly once by client id', () => {
  test('a repeated create answers the stored log with 200 and makes one row; a foreign id is 409', async () => {
    const id = randomUUID();
    const first = await call('POST', '/car-logs', ann, logBody(car.id, { id }));
    expect(first.statusCode).toBe(201);
    const again = await call('POST', '/car-logs', ann, logBody(car.id, { id, title: 'Changed' }));
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const rows = await t.app.db.kysely.selectFrom('car_logs').select('id').where('id', '=', id).execute();
    expect(rows).toHaveLength(1);
    const bobCar = await createCar(t.app, bob);
    const foreign = await call('POST', '/car-logs', bob, logBody(bobCar.id, { id }));
    expect(foreign.statusCode).toBe(409);
    expect((await call('GET', `/car-logs/log/${id}`, ann)).json().data).toEqual(first.json().data);
  });
});
