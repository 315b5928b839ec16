// Reminders over HTTP: CRUD with the state derived on every answer, ownership (404 for
// another member's car or reminder), validation, and exactly-once creates (client id, Idempotency-Key).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Car } from '../../src/contract/garage';
import type { Reminder } from '../../src/contract/maintenance-api';
import { API, createCar, createLog, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let ann: Member;
let bob: Member;
let car: Car;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
  bob = await member(t.app);
  car = await createCar(t.app, ann, { mileage: 50_000 });
});
afterAll(async () => t?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: Member,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `${API}${url}`,
    headers: { ...who.headers, ...headers },
    ...(payload ? { payload } : {}),
  });

async function createReminder(body: Record<string, unknown>, who = ann): Promise<Reminder> {
  const res = await call('POST', '/reminders', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Reminder }>().data;
}

const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('POST /reminders and GET /reminders/:id', () => {
  test('a recurring reminder answers its stored fields and its derived state', async () => {
    const r = await createReminder({
      carId: car.id,
      title: 'Oil and filter',
      logType: 'maintenance',
      intervalMonths: 12,
      intervalDistance: 10_000,
      notes: '5W-40',
    });
    expect(r).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      carId: car.id,
      title: 'Oil and filter',
      logType: 'maintenance',
      intervalMonths: 12,
      intervalDistance: 10_000,
      setDueDate: null,
      setDueMileage: null,
      soonDays: null,
      soonDistance: null,
      notes: '5W-40',
      createdMileage: 50_000,
      createdAt: expect.any(String),
      updatedAt: r.createdAt,
      state: 'ok',
      dueDate: expect.any(String),
      dueMileage: 60_000,
      predictedDate: null,
      firedBy: null,
      doneLogId: null,
    });
    expect((await call('GET', `/reminders/${r.id}`, ann)).json().data).toEqual(r);
  });

  test('a one-off past its date is overdue', async () => {
    const r = await createReminder({ carId: car.id, title: 'Tax', dueDate: daysFromToday(-1) });
    expect(r).toMatchObject({
      state: 'overdue',
      firedBy: 'date',
      dueDate: daysFromToday(-1),
      setDueDate: daysFromToday(-1),
    });
  });

  test.each([
    ['neither interval nor due point', {}, 'body'],
    ['an unknown log type', { intervalMonths: 6, logType: 'teleport' }, 'body.logType'],
    ['an interval of 0 months', { intervalMonths: 0 }, 'body.intervalMonths'],
    ['a bad date', { dueDate: '2025-13-45' }, 'body.dueDate'],
  ])('refuses %s with 400', async (_name, fields, field) => {
    const res = await call('POST', '/reminders', ann, { carId: car.id, title: 'x', ...fields });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.fields[0].field).toBe(field);
  });

  test('on another member’s car: 404, nothing stored', async () => {
    const res = await call('POST', '/reminders', bob, { carId: car.id, title: 'x', intervalMonths: 6 });
    expect(res.statusCode).toBe(404);
    expect((await call('GET', '/reminders', bob)).json().data).toEqual([]);
  });
});

describe('the state follows the history', () => {
  test('a log completes it, deleting that log makes it due again', async () => {
    const own = await createCar(t.app, ann, { mileage: 20_000 });
    const r = await createReminder({
      carId: own.id,
      title: 'Brake fluid',
      logType: 'maintenance',
      intervalDistance: 1_000,
    });
    expect(r).toMatchObject({ state: 'ok', dueMileage: 21_000 });
    // Driven past the due distance: overdue.
    const drive = await createLog(t.app, ann, own.id, { type: 'fuel', startDate: today(), mileage: 21_200 });
    expect((await call('GET', `/reminders/${r.id}`, ann)).json().data).toMatchObject({
      state: 'overdue',
      firedBy: 'mileage',
    });
    // Done at 21,200: due at 22,200, 1,000 away (the warning starts 500 before).
    const done = await createLog(t.app, ann, own.id, {
      type: 'maintenance',
      startDate: today(),
      mileage: 21_200,
    });
    expect((await call('GET', `/reminders/${r.id}`, ann)).json().data).toMatchObject({
      state: 'ok',
      dueMileage: 22_200,
      doneLogId: done.id,
    });
    expect((await call('DELETE', `/car-logs/${done.id}`, ann)).statusCode).toBe(200);
    expect((await call('GET', `/reminders/${r.id}`, ann)).json().data).toMatchObject({
      state: 'overdue',
      dueMileage: 21_000,
      doneLogId: null,
    });
    expect(drive.id).toBeTruthy();
  });
  test('the car’s own mileage changed (no reading yet): the state follows at once', async () => {
    const own = await createCar(t.app, ann, { mileage: 20_000 });
    const r = await createReminder({ carId: own.id, title: 'Tyres', intervalDistance: 1_000 });
    expect((await call('GET', '/reminders', ann)).json<{ data: Reminder[] }>().data).toContainEqual(
      expect.objectContaining({ id: r.id, state: 'ok' }),
    );
    expect((await call('PUT', `/cars/${own.id}`, ann, { mileage: 20_600 })).statusCode).toBe(200);
    expect((await call('GET', '/reminders', ann)).json<{ data: Reminder[] }>().data).toContainEqual(
      expect.objectContaining({ id: r.id, state: 'soon', firedBy: 'mileage' }),
    );
  });
});

describe('GET /reminders', () => {
  test('all of mine, or one car’s with carId; another member’s car: 404', async () => {
    const other = await createCar(t.app, ann);
    const a = await createReminder({ carId: other.id, title: 'Tyres', intervalDistance: 40_000 });
    const mine = (await call('GET', '/reminders', ann)).json<{ data: Reminder[] }>().data;
    expect(mine.map((r) => r.id)).toContain(a.id);
    expect(mine.every((r) => typeof r.state === 'string')).toBe(true);
    const ofCar = (await call('GET', `/reminders?carId=${other.id}`, ann)).json<{ data: Reminder[] }>().data;
    expect(ofCar.map((r) => r.id)).toEqual([a.id]);
    expect((await call('GET', `/reminders?carId=${other.id}`, bob)).statusCode).toBe(404);
  });
});

describe('PUT and DELETE /reminders/:id', () => {
  test('PUT changes the fields given and answers the new state', async () => {
    const r = await createReminder({ carId: car.id, title: 'Inspection', dueDate: daysFromToday(100) });
    expect(r.state).toBe('ok');
    const res = await call('PUT', `/reminders/${r.id}`, ann, { dueDate: daysFromToday(5) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'Inspection', state: 'soon', firedBy: 'date' });
    const cleared = await call('PUT', `/reminders/${r.id}`, ann, { dueDate: null });
    expect(cleared.statusCode).toBe(400);
  });

  test('PUT may not move it to another member’s car', async () => {
    const r = await createReminder({ carId: car.id, title: 'Belt', intervalMonths: 60 });
    const bobsCar = await createCar(t.app, bob);
    expect((await call('PUT', `/reminders/${r.id}`, ann, { carId: bobsCar.id })).statusCode).toBe(404);
  });

  test('another member’s reminder: 404 to read, change or delete, and it stays', async () => {
    const r = await createReminder({ carId: car.id, title: 'Insurance', intervalMonths: 12 });
    expect((await call('GET', `/reminders/${r.id}`, bob)).statusCode).toBe(404);
    expect((await call('PUT', `/reminders/${r.id}`, bob, { title: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', `/reminders/${r.id}`, bob)).statusCode).toBe(404);
    expect((await call('GET', `/reminders/${r.id}`, ann)).json().data.title).toBe('Insurance');
  });

  test('DELETE removes it', async () => {
    const r = await createReminder({ carId: car.id, title: 'Wipers', intervalMonths: 12 });
    const res = await call('DELETE', `/reminders/${r.id}`, ann);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: r.id });
    expect((await call('GET', `/reminders/${r.id}`, ann)).statusCode).toBe(404);
  });
});

describe('exactly once', () => {
  test('a repeated client id answers the stored reminder with 200; another member’s id is a conflict', async () => {
    const id = randomUUID();
    const body = { id, carId: car.id, title: 'Coolant', intervalMonths: 24 };
    const first = await call('POST', '/reminders', ann, body);
    expect(first.statusCode).toBe(201);
    const again = await call('POST', '/reminders', ann, { ...body, title: 'Changed' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const bobsCar = await createCar(t.app, bob);
    expect((await call('POST', '/reminders', bob, { ...body, carId: bobsCar.id })).statusCode).toBe(409);
    const all = (await call('GET', `/reminders?carId=${car.id}`, ann)).json<{ data: Reminder[] }>().data;
    expect(all.filter((r) => r.id === id)).toHaveLength(1);
  });

  test('a repeated Idempotency-Key answers the first answer again, once', async () => {
    const key = randomUUID();
    const body = { carId: car.id, title: 'Battery', intervalMonths: 36 };
    const first = await call('POST', '/reminders', ann, body, { 'idempotency-key': key });
    const again = await call('POST', '/reminders', ann, body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    const all = (await call('GET', `/reminders?carId=${car.id}`, ann)).json<{ data: Reminder[] }>().data;
    expect(all.filter((r) => r.title === 'Battery')).toHaveLength(1);
    const del = randomUUID();
    const id = first.json().data.id as string;
    expect(
      (await call('DELETE', `/reminders/${id}`, ann, undefined, { 'idempotency-key': del })).statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', `/reminders/${id}`, ann, undefined, { 'idempotency-key': del })).statusCode,
    ).toBe(200);
  });
});

describe('OpenAPI', () => {
  test('documents the maintenance routes and the fuel of a log', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${API}/docs/json` })).json<{
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
    }>();
    for (const path of ['/cars/{id}/odometer', '/cars/{id}/fuel-economy', '/reminders', '/reminders/{id}'])
      expect(Object.keys(doc.paths), path).toContain(`${API}${path}`);
    expect(Object.keys(doc.paths[`${API}/reminders/{id}`]!)).toEqual(
      expect.arrayContaining(['get', 'put', 'delete']),
    );
    const logInput = JSON.stringify(doc.paths[`${API}/car-logs`]!.post!.requestBody);
    expect(logInput).toContain('"fuel"');
    expect(logInput).toContain('"odometerConfirmed"');
  });
});
