// Cars over HTTP: CRUD, the feed's pagination, settings-checked fields, the description limit,
// ownership (another member gets 404 and changes nothing) and exactly-once creates
// (notifications: garage-api.test.ts).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Car } from '../../src/contract/garage';
import { createTestApp, type TestApp } from './helpers';
import { API, carBody, createCar, createLog, member, richTextOf, type Member } from './garage-fixtures';

let t: TestApp;
let ann: Member;
let bob: Member;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
  bob = await member(t.app);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Member | null, payload?: object) =>
  t.app.inject({
    method,
    url: `${API}${url}`,
    headers: who ? who.headers : {},
    ...(payload ? { payload } : {}),
  });

describe('POST /cars and GET /cars/:id', () => {
  test('creates a car owned by the caller, with defaults, ignoring owner and timestamps in the body', async () => {
    const res = await call('POST', '/cars', ann, {
      make: 'Citroën',
      model: 'DS',
      ownerId: bob.id,
      createdAt: '2000-01-01T00:00:00.000Z',
      updatedAt: '2000-01-01T00:00:00.000Z',
      image: 'https://evil.example/x.png',
      admin: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const car = res.json<{ data: Car }>().data;
    expect(car).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ownerId: ann.id,
      make: 'Citroën',
      model: 'DS',
      year: null,
      nickname: null,
      energyType: null,
      gearboxType: null,
      upholsteryMaterial: null,
      mileage: null,
      mileageUnit: 'km',
      description: null,
      energyTypes: [],
      vin: null,
      plate: null,
      firstRegistrationDate: null,
      inspectionDueDate: null,
      insuranceDueDate: null,
      image: null,
      createdAt: expect.any(String),
      updatedAt: car.createdAt,
      // The member's role on the car.
      role: 'owner',
    });
    expect(Date.now() - Date.parse(car.createdAt)).toBeLessThan(60_000);
    const again = await call('GET', `/cars/${car.id}`, ann);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(car);
  });

  test('keeps every field given', async () => {
    const car = await createCar(t.app, ann, {
      mileageUnit: 'mi',
      description: '<p>Blue <strong>Alpine</strong></p>',
    });
    expect(car).toMatchObject({
      ...carBody(),
      mileageUnit: 'mi',
      description: '<p>Blue <strong>Alpine</strong></p>',
    });
  });

  test('missing, malformed and unknown', async () => {
    expect((await call('POST', '/cars', ann, { make: 'Fiat' })).json().error.fields[0].field).toBe(
      'body.model',
    );
    expect((await call('POST', '/cars', ann, carBody({ year: 'old' }))).statusCode).toBe(400);
    expect((await call('POST', '/cars', ann, carBody({ mileage: -1 }))).statusCode).toBe(400);
    for (const [year, status] of [
      [1884, 400],
      [1885, 201],
      [2100, 201],
      [2101, 400],
    ] as const) {
      expect((await call('POST', '/cars', ann, carBody({ year }))).statusCode, `year ${year}`).toBe(status);
    }
    expect((await call('POST', '/cars', ann, carBody({ id: 'not-a-uuid' }))).statusCode).toBe(400);
    expect((await call('GET', '/cars/not-a-uuid', ann)).statusCode).toBe(400);
    expect((await call('GET', `/cars/${randomUUID()}`, ann)).statusCode).toBe(404);
    expect((await call('GET', `/cars/${randomUUID()}`, null)).statusCode).toBe(401);
    expect((await call('POST', '/cars', null, carBody())).statusCode).toBe(401);
  });

  test.each([
    ['energyType', 'steam'],
    ['gearboxType', 'telepathic'],
    ['upholsteryMaterial', 'moss'],
    ['mileageUnit', 'furlong'],
  ])('%s must be a key of its settings', async (field, value) => {
    const res = await call('POST', '/cars', ann, carBody({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([
      { field: `body.${field}`, message: expect.stringContaining(field) },
    ]);
  });

  test('the description is sanitised and holds at most 20000 characters of text', async () => {
    const dirty = await createCar(t.app, ann, {
      description: '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror=alert(1)></p>',
    });
    expect(dirty.description).toBe('<p>Hi</p>');
    const full = await createCar(t.app, ann, { description: richTextOf(20_000) });
    expect(full.description).toBe(richTextOf(20_000));
    const over = await call('POST', '/cars', ann, carBody({ description: richTextOf(20_001) }));
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fields[0].field).toBe('body.description');
    // Markup does not count: 20000 characters inside heavy formatting still fit.
    const styled = `<p>${'<span style="color: #ff0000">aaaaa</span>'.repeat(4_000)}</p>`;
    expect((await call('POST', '/cars', ann, carBody({ description: styled }))).statusCode).toBe(201);
    // The raw HTML is capped too (500000 characters), before any parsing.
    const atCap = `<p>x</p>${'<br>'.repeat(124_998)}`;
    expect(atCap).toHaveLength(500_000);
    expect((await call('POST', '/cars', ann, carBody({ description: atCap }))).statusCode).toBe(201);
    const tooLong = await call('POST', '/cars', ann, carBody({ description: `${atCap} ` }));
    expect(tooLong.json().error.fields).toEqual([
      { field: 'body.description', message: expect.stringContaining('500000') },
    ]);
    const put = await call('PUT', `/cars/${full.id}`, ann, { description: richTextOf(20_001) });
    expect(put.statusCode).toBe(400);
  });
});

describe('GET /cars/feed', () => {
  test('pages the caller’s cars, newest first, 20 by default and at most 100', async () => {
    const carl = await member(t.app);
    const made: Car[] = [];
    for (let i = 0; i < 23; i++) {
      made.push(await createCar(t.app, carl, { nickname: `n${i}` }));
      // "Newest first" is by creation time (ties by id): one car per millisecond keeps the order known.
      await new Promise((r) => setTimeout(r, 2));
    }
    await createCar(t.app, bob);
    const first = (await call('GET', '/cars/feed', carl)).json();
    expect(first.data).toHaveLength(20);
    expect(first.meta).toEqual({ total: 23, limit: 20, offset: 0 });
    expect(first.data.map((c: Car) => c.nickname)).toEqual(
      made
        .slice(3)
        .reverse()
        .map((c) => c.nickname),
    );
    const last = (await call('GET', '/cars/feed?limit=5&offset=20', carl)).json();
    expect(last.data.map((c: Car) => c.nickname)).toEqual(['n2', 'n1', 'n0']);
    expect(last.meta).toEqual({ total: 23, limit: 5, offset: 20 });
    expect((await call('GET', '/cars/feed?limit=100', carl)).statusCode).toBe(200);
    expect((await call('GET', '/cars/feed?limit=101', carl)).statusCode).toBe(400);
    expect((await call('GET', '/cars/feed?offset=-1', carl)).statusCode).toBe(400);
  });
});

describe('PUT and DELETE /cars/:id', () => {
  test('PUT changes the fields given and keeps the rest, owner and creation time', async () => {
    const car = await createCar(t.app, ann);
    await new Promise((r) => setTimeout(r, 5));
    const res = await call('PUT', `/cars/${car.id}`, ann, {
      mileage: 90_000,
      nickname: null,
      ownerId: bob.id,
      createdAt: 'x',
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<{ data: Car }>().data;
    expect(updated).toEqual({ ...car, mileage: 90_000, nickname: null, updatedAt: expect.any(String) });
    expect(updated.updatedAt > car.updatedAt).toBe(true);
    expect((await call('GET', `/cars/${car.id}`, ann)).json().data).toEqual(updated);
    const bad = await call('PUT', `/cars/${car.id}`, ann, { gearboxType: 'telepathic' });
    expect(bad.json().error.fields).toEqual([{ field: 'body.gearboxType', message: expect.any(String) }]);
  });

  test('DELETE removes the car and its logs', async () => {
    const car = await createCar(t.app, ann);
    const log = await createLog(t.app, ann, car.id);
    const res = await call('DELETE', `/cars/${car.id}`, ann);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { id: car.id } });
    expect((await call('GET', `/cars/${car.id}`, ann)).statusCode).toBe(404);
    expect((await call('GET', `/car-logs/log/${log.id}`, ann)).statusCode).toBe(404);
    const rows = await t.app.db.kysely
      .selectFrom('car_logs')
      .select('id')
      .where('car_id', '=', car.id)
      .execute();
    expect(rows).toEqual([]);
    expect((await call('DELETE', `/cars/${car.id}`, ann)).statusCode).toBe(404);
  });
});

describe('another member', () => {
  test('gets 404 for every verb on my car, and my car is unchanged', async () => {
    const car = await createCar(t.app, ann);
    for (const [method, payload] of [['GET'], ['PUT', { make: 'Stolen' }], ['DELETE']] as const) {
      const res = await call(method, `/cars/${car.id}`, bob, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect((await call('GET', `/cars/${car.id}`, ann)).json().data).toEqual(car);
    const feed = (await call('GET', '/cars/feed?limit=100', bob)).json().data as Car[];
    expect(feed.some((c) => c.id === car.id)).toBe(false);
  });
});

describe('exactly once by client id', () => {
  test('a repeated create answers the stored car with 200 and makes one row', async () => {
    const id = randomUUID();
    const first = await call('POST', '/cars', ann, carBody({ id }));
    expect(first.statusCode).toBe(201);
    const again = await call('POST', '/cars', ann, carBody({ id, make: 'Changed' }));
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const rows = await t.app.db.kysely.selectFrom('cars').select('id').where('id', '=', id).execute();
    expect(rows).toHaveLength(1);
  });

  test('an id already used by someone else is a conflict and changes nothing', async () => {
    const car = await createCar(t.app, ann, { id: randomUUID() });
    const res = await call('POST', '/cars', bob, carBody({ id: car.id, make: 'Mine now' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CONFLICT');
    expect((await call('GET', `/cars/${car.id}`, ann)).json().data).toEqual(car);
  });
});
