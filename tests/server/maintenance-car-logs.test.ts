// The maintenance tracker on car logs over HTTP: fill-ups (`fuel`), the odometer rules on create and update
// (JSON and multipart), GET /cars/:id/odometer and GET /cars/:id/fuel-economy.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Car, CarLog } from '../../src/contract/garage';
import type { FuelEconomy, Odometer } from '../../src/contract/maintenance-api';
import { API, createCar, createLog, logBody, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { form, PDF, send } from './media-fixtures';

let t: TestApp;
let ann: Member;
let bob: Member;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
  bob = await member(t.app);
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Member, payload?: object) =>
  t.app.inject({ method, url: `${API}${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

const fillBody = (
  carId: string,
  startDate: string,
  mileage: number,
  fuel: Record<string, unknown>,
  more = {},
) =>
  logBody(carId, {
    type: 'fuel',
    title: 'Fill-up',
    startDate,
    mileage,
    fuel: { unit: 'l', fullTank: true, missedPrevious: false, ...fuel },
    ...more,
  });

describe('fill-ups', () => {
  let car: Car;
  beforeAll(async () => {
    car = await createCar(t.app, ann, { mileage: 10_000 });
  });

  test('a fuel log carries its fuel; other logs carry none', async () => {
    const res = await call(
      'POST',
      '/car-logs',
      ann,
      fillBody(car.id, '2025-01-01', 10_000, { quantity: 42.37, pricePerUnit: 1.859 }, { cost: 78.77 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const log = res.json<{ data: CarLog }>().data;
    const fuel = { quantity: 42.37, unit: 'l', fullTank: true, missedPrevious: false, pricePerUnit: 1.859 };
    expect(log.fuel).toEqual(fuel);
    expect((await call('GET', `/car-logs/log/${log.id}`, ann)).json().data.fuel).toEqual(fuel);
    const plain = await createLog(t.app, ann, car.id, { startDate: '2025-01-02', mileage: 10_010 });
    expect(plain).not.toHaveProperty('fuel');
  });

  test.each([
    ['on another type', { type: 'repair' }, 'body.fuel'],
    ['without a mileage', { mileage: null }, 'body.mileage'],
    [
      'with a quantity of 0',
      { fuel: { quantity: 0, unit: 'l', fullTank: true, missedPrevious: false } },
      'body.fuel.quantity',
    ],
    [
      'in an unknown unit',
      { fuel: { quantity: 5, unit: 'pint', fullTank: true, missedPrevious: false } },
      'body.fuel.unit',
    ],
    ['without fullTank', { fuel: { quantity: 5, unit: 'l', missedPrevious: false } }, 'body.fuel'],
  ])('refuses fuel %s', async (_name, overrides, field) => {
    const res = await call('POST', '/car-logs', ann, {
      ...fillBody(car.id, '2025-01-03', 10_100, { quantity: 5 }),
      ...overrides,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(
      res
        .json()
        .error.fields.map((f: { field: string }) => f.field)
        .join(' '),
    ).toContain(field);
  });

  test('PUT sets, keeps and removes the fuel', async () => {
    const log = (
      await call('POST', '/car-logs', ann, fillBody(car.id, '2025-01-04', 10_200, { quantity: 30 }))
    ).json<{
      data: CarLog;
    }>().data;
    const kept = await call('PUT', `/car-logs/${log.id}`, ann, { title: 'Full tank' });
    expect(kept.json().data.fuel).toMatchObject({ quantity: 30 });
    const changed = await call('PUT', `/car-logs/${log.id}`, ann, {
      fuel: { quantity: 8, unit: 'gal_uk', fullTank: false, missedPrevious: true },
    });
    expect(changed.json().data.fuel).toEqual({
      quantity: 8,
      unit: 'gal_uk',
      fullTank: false,
      missedPrevious: true,
      pricePerUnit: null,
    });
    expect((await call('PUT', `/car-logs/${log.id}`, ann, { type: 'repair' })).statusCode).toBe(400);
    const removed = await call('PUT', `/car-logs/${log.id}`, ann, { type: 'repair', fuel: null });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).not.toHaveProperty('fuel');
  });

  test('the multipart create takes the fuel in its data field', async () => {
    const res = await send(
      t.app,
      ann,
      'POST',
      '/car-logs/with-media',
      form(
        { data: JSON.stringify(fillBody(car.id, '2025-01-05', 10_300, { quantity: 12.5, unit: 'gal_us' })) },
        [{ name: 'media', bytes: PDF, filename: 'pump.pdf', type: 'application/pdf' }],
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      fuel: { quantity: 12.5, unit: 'gal_us' },
      media: [{ kind: 'pdf' }],
    });
  });
});

describe('odometer rules', () => {
  let car: Car;
  beforeAll(async () => {
    // The car's own mileage is not a dated reading: it never refuses a log.
    car = await createCar(t.app, ann, { mileage: 90_000 });
    await createLog(t.app, ann, car.id, { startDate: '2025-01-01', mileage: 10_000 });
    await createLog(t.app, ann, car.id, { startDate: '2025-02-01', mileage: 11_000 });
  });

  test('a reading lower than an earlier one: 400 ODOMETER_OUT_OF_ORDER naming that log', async () => {
    const res = await call(
      'POST',
      '/car-logs',
      ann,
      logBody(car.id, { startDate: '2025-03-01', mileage: 10_500 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'ODOMETER_OUT_OF_ORDER',
      message: 'The odometer reading 10500 is lower than 11000 on 2025-02-01.',
      fields: [{ field: 'body.mileage', message: 'must not be lower than 11000 (the log of 2025-02-01)' }],
    });
  });

  test('a reading higher than a later one is refused too, in French when asked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/car-logs`,
      headers: { ...ann.headers, 'accept-language': 'fr-FR' },
      payload: logBody(car.id, { startDate: '2025-01-15', mileage: 11_500 }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('ODOMETER_OUT_OF_ORDER');
    expect(res.json().error.message).toBe(
      'Le relevé du compteur 11500 est supérieur à celui de 11000 du 2025-02-01.',
    );
  });

  test('a jump needs odometerConfirmed, which is not stored', async () => {
    const body = logBody(car.id, { startDate: '2025-02-02', mileage: 20_000 });
    const refused = await call('POST', '/car-logs', ann, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'ODOMETER_JUMP',
      message: 'The odometer reading 20000 means 9000 km a day since 11000 on 2025-02-01.',
    });
    const confirmed = await call('POST', '/car-logs', ann, { ...body, odometerConfirmed: true });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json().data).not.toHaveProperty('odometerConfirmed');
  });

  test('PUT checks a changed reading or date against the others, not against itself', async () => {
    const log = await createLog(t.app, ann, car.id, { startDate: '2025-06-01', mileage: 25_000 });
    expect((await call('PUT', `/car-logs/${log.id}`, ann, { mileage: 25_100 })).statusCode).toBe(200);
    const back = await call('PUT', `/car-logs/${log.id}`, ann, { startDate: '2025-01-10' });
    expect(back.statusCode).toBe(400);
    expect(back.json().error).toMatchObject({ code: 'ODOMETER_OUT_OF_ORDER' });
    // A change that moves neither reading nor date is never refused.
    expect((await call('PUT', `/car-logs/${log.id}`, ann, { title: 'Service' })).statusCode).toBe(200);
  });

  test('the multipart create is checked the same way', async () => {
    const res = await send(
      t.app,
      ann,
      'POST',
      '/car-logs/with-media',
      form({ data: JSON.stringify(logBody(car.id, { startDate: '2025-03-01', mileage: 9_000 })) }, [
        { name: 'media', bytes: PDF, filename: 'r.pdf', type: 'application/pdf' },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('ODOMETER_OUT_OF_ORDER');
    const jump = form(
      { ...Object.fromEntries(Object.entries(logBody(car.id)).map(([k, v]) => [k, String(v)])), tags: 'x' },
      [],
    );
    jump.set('startDate', '2025-12-02');
    jump.set('mileage', '999999');
    const refused = await send(t.app, ann, 'POST', '/car-logs/with-media', jump);
    expect(refused.json().error?.code, refused.body).toBe('ODOMETER_JUMP');
    jump.set('odometerConfirmed', 'true');
    expect((await send(t.app, ann, 'POST', '/car-logs/with-media', jump)).statusCode).toBe(201);
  });
});

describe('GET /cars/:id/odometer', () => {
  test('current, readings in date order and the distance a day; the car’s own mileage before any reading', async () => {
    const car = await createCar(t.app, ann, { mileage: 5_000, mileageUnit: 'mi' });
    const empty = await call('GET', `/cars/${car.id}/odometer`, ann);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data).toEqual({ current: 5_000, unit: 'mi', readings: [], perDay: null });
    const b = await createLog(t.app, ann, car.id, { startDate: '2025-03-11', mileage: 1_500 });
    const a = await createLog(t.app, ann, car.id, { startDate: '2025-03-01', mileage: 1_000 });
    await createLog(t.app, ann, car.id, { startDate: '2025-03-05', mileage: null });
    const data = (await call('GET', `/cars/${car.id}/odometer`, ann)).json<{ data: Odometer }>().data;
    expect(data).toEqual({
      current: 1_500,
      unit: 'mi',
      readings: [
        { logId: a.id, date: '2025-03-01', mileage: 1_000 },
        { logId: b.id, date: '2025-03-11', mileage: 1_500 },
      ],
      perDay: 50,
    });
  });

  test('another member’s car: 404', async () => {
    const car = await createCar(t.app, ann);
    expect((await call('GET', `/cars/${car.id}/odometer`, bob)).statusCode).toBe(404);
    expect((await call('GET', `/cars/${car.id}/fuel-economy`, bob)).statusCode).toBe(404);
  });
});

describe('GET /cars/:id/fuel-economy', () => {
  let car: Car;
  beforeAll(async () => {
    car = await createCar(t.app, ann, { energyType: 'diesel', mileage: null });
    const fills: [string, number, Record<string, unknown>, number][] = [
      ['2025-01-01', 10_000, { quantity: 40 }, 70],
      ['2025-01-10', 10_500, { quantity: 30 }, 54],
      ['2025-01-15', 10_800, { quantity: 10, fullTank: false }, 18],
      ['2025-01-20', 11_100, { quantity: 35 }, 63],
      ['2025-02-01', 12_000, { quantity: 60, missedPrevious: true }, 108],
    ];
    for (const [date, mileage, fuel, cost] of fills) {
      const res = await call('POST', '/car-logs', ann, fillBody(car.id, date, mileage, fuel, { cost }));
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  test('the car’s default unit: segments, Σ distance ÷ Σ fuel of the valid ones, best and worst', async () => {
    const res = await call('GET', `/cars/${car.id}/fuel-economy`, ann);
    expect(res.statusCode, res.body).toBe(200);
    const e = res.json<{ data: FuelEconomy }>().data;
    expect(e.unit).toBe('l_per_100km');
    expect(e.segments.map((s) => [s.distance, s.quantity, s.valid])).toEqual([
      [500, 30, true],
      [600, 45, true],
      [900, 60, false],
    ]);
    expect(e.distance).toBe(1_100);
    expect(e.quantity).toBe(75);
    expect(e.average).toBeCloseTo((75 / 1_100) * 100, 10);
    expect(e.best).toBe(6);
    expect(e.worst).toBe(7.5);
    expect(e.costPerDistance.EUR).toBeCloseTo(135 / 1_100, 10);
  });

  test('in another unit: best is still best', async () => {
    const e = (await call('GET', `/cars/${car.id}/fuel-economy?unit=mpg_uk`, ann)).json<{
      data: FuelEconomy;
    }>().data;
    expect(e.unit).toBe('mpg_uk');
    expect(e.average).toBeCloseTo(1_100 / 1.609344 / (75 / 4.54609), 10);
    expect(e.best!).toBeGreaterThan(e.worst!);
  });

  test('an unknown unit: 400', async () => {
    expect((await call('GET', `/cars/${car.id}/fuel-economy?unit=furlongs`, ann)).statusCode).toBe(400);
  });

  test('an electric unit on a car with liquid fills only: nothing to show', async () => {
    const e = (await call('GET', `/cars/${car.id}/fuel-economy?unit=kwh_per_100km`, ann)).json().data;
    expect(e).toMatchObject({ average: null, segments: [], distance: 0 });
  });
});

describe('GET /cars/:id/fuel-economy after a change to the fill-ups', () => {
  test('an edit, a new fill and a deletion each change the answer at once (no stale economy)', async () => {
    const car = await createCar(t.app, ann, { energyType: 'diesel', mileage: null });
    const post = async (date: string, mileage: number, quantity: number) => {
      const res = await call('POST', '/car-logs', ann, fillBody(car.id, date, mileage, { quantity }));
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ data: CarLog }>().data;
    };
    const economy = async () =>
      (await call('GET', `/cars/${car.id}/fuel-economy`, ann)).json<{ data: FuelEconomy }>().data;
    await post('2025-03-01', 20_000, 40);
    const second = await post('2025-03-10', 20_500, 30);
    expect((await economy()).quantity).toBe(30);
    expect((await economy()).quantity).toBe(30); // asked again: the same answer
    const edited = await call('PUT', `/car-logs/${second.id}`, ann, {
      fuel: { quantity: 25, unit: 'l', fullTank: true, missedPrevious: false },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await economy()).quantity).toBe(25);
    const third = await post('2025-03-20', 21_000, 35);
    expect((await economy()).segments.map((s) => s.quantity)).toEqual([25, 35]);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `${API}/car-logs/${third.id}`,
      headers: ann.headers,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await economy()).segments.map((s) => s.quantity)).toEqual([25]);
    // In miles now: the same fills, the distance read in the car's new unit.
    const inMiles = await call('PUT', `/cars/${car.id}`, ann, { mileageUnit: 'mi' });
    expect(inMiles.statusCode, inMiles.body).toBe(200);
    expect((await economy()).unit).toBe('mpg_us');
  });
});
