// A car's home, the server's side (docs/SPEC-NOTES.md "A car's home"): a fill-up without a title is
// named in the member's language; the car's mileage follows its logbook; the fuel economy questions
// its segments, and "mark as missed" / "it's right" settle them. Real server, real SQLite.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CarEquipment } from '../../src/contract/car-equipment';
import type { CarSaleSummary } from '../../src/contract/car-transfers';
import type { Car, CarLog } from '../../src/contract/garage';
import type { FuelEconomy } from '../../src/contract/maintenance-api';
import { createTestApp, type TestApp } from './helpers';
import { API, createCar, createLog, member, type Member } from './garage-fixtures';
import { befriend, type Person } from './people-fixtures';

let t: TestApp;
let ann: Member;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
});
afterAll(async () => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `${API}${url}`,
    headers: { ...ann.headers, ...headers },
    ...(payload ? { payload } : {}),
  });

const fillUp = (carId: string, mileage: number, quantity: number, more: Record<string, unknown> = {}) => ({
  carId,
  type: 'fuel',
  startDate: '2026-01-01',
  mileage,
  fuel: { quantity, unit: 'l', fullTank: true, missedPrevious: false },
  ...more,
});

const carOf = async (id: string) => (await call('GET', `/cars/${id}`)).json<{ data: Car }>().data;

describe('a fill-up without a title', () => {
  test('answers 201 with a title from its quantity and place, in the language asked for', async () => {
    const car = await createCar(t.app, ann, { mileage: 1_000 });
    const en = await call('POST', '/car-logs', fillUp(car.id, 1_100, 42.5, { location: 'Total Access' }), {
      'accept-language': 'en-US',
    });
    expect(en.statusCode, en.body).toBe(201);
    expect(en.json<{ data: CarLog }>().data.title).toBe('Fill-up: 42.5\u00a0L at Total Access');
    const fr = await call('POST', '/car-logs', fillUp(car.id, 1_200, 40), { 'accept-language': 'fr' });
    expect(fr.statusCode, fr.body).toBe(201);
    expect(fr.json<{ data: CarLog }>().data.title).toBe('Plein\u202f: 40\u00a0L');
  });

  test('without Accept-Language, in the language the member chose', async () => {
    const bob = await member(t.app);
    const set = await t.app.inject({
      method: 'PUT',
      url: `${API}/users/me`,
      headers: bob.headers,
      payload: { language: 'en-US' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const car = await createCar(t.app, bob);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/car-logs`,
      headers: bob.headers,
      payload: fillUp(car.id, 90_000, 30, {
        fuel: { quantity: 30, unit: 'kwh', fullTank: true, missedPrevious: false },
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: CarLog }>().data.title).toBe('Charge: 30\u00a0kWh');
  });

  test('any other log still needs its title (400, nothing stored)', async () => {
    const car = await createCar(t.app, ann);
    const res = await call('POST', '/car-logs', {
      carId: car.id,
      type: 'maintenance',
      startDate: '2026-01-01',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { fields: { field: string }[] } }>().error.fields[0]?.field).toBe('body.title');
    expect((await carOf(car.id)).mileage).toBe(84_000);
    const list = await call('GET', `/car-logs/${car.id}`);
    expect(list.json<{ meta: { total: number } }>().meta.total).toBe(0);
  });
});

describe('the car’s mileage follows its logbook', () => {
  test('a log with a higher reading raises it; a lower one leaves it; an edit below it keeps it', async () => {
    const car = await createCar(t.app, ann, { mileage: 182_000 });
    const log = await createLog(t.app, ann, car.id, { startDate: '2026-02-01', mileage: 185_350 });
    expect((await carOf(car.id)).mileage).toBe(185_350);
    await createLog(t.app, ann, car.id, { startDate: '2025-01-01', mileage: 150_000 });
    expect((await carOf(car.id)).mileage).toBe(185_350);
    // A log moved to a higher reading raises it again.
    const moved = await call('PUT', `/car-logs/${log.id}`, { mileage: 186_000 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await carOf(car.id)).mileage).toBe(186_000);
    // The car's own edit cannot go below its logbook, nor to null.
    const lower = await call('PUT', `/cars/${car.id}`, { mileage: 100 });
    expect(lower.statusCode, lower.body).toBe(200);
    expect(lower.json<{ data: Car }>().data.mileage).toBe(186_000);
    const cleared = await call('PUT', `/cars/${car.id}`, { mileage: null });
    expect(cleared.json<{ data: Car }>().data.mileage).toBe(186_000);
    const higher = await call('PUT', `/cars/${car.id}`, { mileage: 190_000 });
    expect(higher.json<{ data: Car }>().data.mileage).toBe(190_000);
  });
});

describe('an economy that questions itself', () => {
  test('a suspect segment is answered so and left out; "it\'s right" and "mark as missed" settle it', async () => {
    const car = await createCar(t.app, ann, { mileage: 0 });
    const quantities = [40, 30, 32, 31, 10, 33];
    const logs: CarLog[] = [];
    for (const [i, quantity] of quantities.entries()) {
      const res = await call(
        'POST',
        '/car-logs',
        fillUp(car.id, 10_000 + i * 500, quantity, {
          startDate: `2026-01-${String(i + 1).padStart(2, '0')}`,
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      logs.push(res.json<{ data: CarLog }>().data);
    }
    const economy = async () =>
      (await call('GET', `/cars/${car.id}/fuel-economy?unit=l_per_100km`)).json<{ data: FuelEconomy }>().data;
    const first = await economy();
    expect(first.segments.map((s) => s.suspect)).toEqual([false, false, false, true, false]);
    expect(first.distance).toBe(2_000);
    expect(first.best).toBe(6);

    // "It's right": the flag on the fill-up that closes the segment.
    const closing = logs[4]!;
    const right = await call('PUT', `/car-logs/${closing.id}`, {
      fuel: { ...closing.fuel, economyConfirmed: true },
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json<{ data: CarLog }>().data.fuel?.economyConfirmed).toBe(true);
    const counted = await economy();
    expect(counted.segments[3]).toMatchObject({ suspect: false, valid: true });
    expect(counted.distance).toBe(2_500);
    expect(counted.best).toBe(2);

    // "Mark as missed": the segment is no longer valid, and nothing is suspect.
    const missed = await call('PUT', `/car-logs/${closing.id}`, {
      fuel: { ...closing.fuel, missedPrevious: true },
    });
    expect(missed.statusCode, missed.body).toBe(200);
    expect(missed.json<{ data: CarLog }>().data.fuel).not.toHaveProperty('economyConfirmed');
    const settled = await economy();
    expect(settled.segments[3]).toMatchObject({ suspect: false, valid: false });
    expect(settled.distance).toBe(2_000);
  });

  test('a fill-up of an energy the car does not have is refused with 400', async () => {
    const car = await createCar(t.app, ann, { energyType: 'gasoline' });
    const bad = await call(
      'POST',
      '/car-logs',
      fillUp(car.id, 90_000, 30, {
        fuel: { quantity: 30, unit: 'l', fullTank: true, missedPrevious: false, energy: 'lpg' },
      }),
    );
    expect(bad.statusCode, bad.body).toBe(400);
    const good = await call(
      'POST',
      '/car-logs',
      fillUp(car.id, 90_000, 30, {
        fuel: { quantity: 30, unit: 'l', fullTank: true, missedPrevious: false, energy: 'gasoline' },
      }),
    );
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json<{ data: CarLog }>().data.fuel?.energy).toBe('gasoline');
  });
});

describe('tyres and equipment', () => {
  test('a set mounted and removed counts its distance; its age from the DOT date; reminders', async () => {
    const car = await createCar(t.app, ann, { mileage: 10_000 });
    const made = await call('POST', `/cars/${car.id}/equipment`, {
      kind: 'tyres',
      name: 'Winter set',
      dotCode: '0120',
      reminderDistance: 8_000,
    });
    expect(made.statusCode, made.body).toBe(201);
    const set = made.json<{ data: CarEquipment }>().data;
    expect(set).toMatchObject({ mounted: false, distance: 0, stints: [], due: null });
    expect(set.ageMonths).toBeGreaterThanOrEqual(70);

    const mounted = await call('POST', `/equipment/${set.id}/mount`, { mileage: 10_000, date: '2026-01-01' });
    expect(mounted.statusCode, mounted.body).toBe(200);
    expect(
      await call('POST', `/equipment/${set.id}/mount`, { mileage: 10_100, date: '2026-01-02' }),
    ).toMatchObject({
      statusCode: 409,
    });
    // Under way: counted to the car's mileage, which a log raises.
    await createLog(t.app, ann, car.id, { startDate: '2026-02-01', mileage: 14_000 });
    const list = await call('GET', `/cars/${car.id}/equipment`);
    expect(list.json<{ data: CarEquipment[] }>().data[0]).toMatchObject({ mounted: true, distance: 4_000 });

    const early = await call('POST', `/equipment/${set.id}/remove`, { mileage: 9_000, date: '2026-03-01' });
    expect(early.statusCode).toBe(400);
    const removed = await call('POST', `/equipment/${set.id}/remove`, {
      mileage: 15_000,
      date: '2026-03-01',
    });
    expect(removed.json<{ data: CarEquipment }>().data).toMatchObject({
      mounted: false,
      distance: 5_000,
      due: null,
    });
    await call('POST', `/equipment/${set.id}/mount`, { mileage: 20_000, date: '2026-10-01' });
    const again = await call('POST', `/equipment/${set.id}/remove`, { mileage: 23_500, date: '2027-03-01' });
    expect(again.json<{ data: CarEquipment }>().data).toMatchObject({ distance: 8_500, due: 'distance' });

    const aged = await call('PUT', `/equipment/${set.id}`, { reminderDistance: null, reminderAgeMonths: 60 });
    expect(aged.json<{ data: CarEquipment }>().data.due).toBe('age');
    expect(await call('PUT', `/equipment/${set.id}`, { dotCode: '5420' })).toMatchObject({ statusCode: 400 });

    const bob = await member(t.app);
    const hidden = await t.app.inject({
      method: 'GET',
      url: `${API}/equipment/${set.id}`,
      headers: bob.headers,
    });
    expect(hidden.statusCode).toBe(404);
    expect((await call('DELETE', `/equipment/${set.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/equipment/${set.id}`)).statusCode).toBe(404);
  });
});

describe('the sale, the careful way', () => {
  test('the seller sees what the buyer will receive; the buyer sees the same summary', async () => {
    const car = await createCar(t.app, ann);
    await createLog(t.app, ann, car.id, {
      startDate: '2026-01-01',
      mileage: 84_100,
      cost: 10,
      currencyCode: 'EUR',
    });
    await createLog(t.app, ann, car.id, {
      startDate: '2026-01-02',
      mileage: 84_200,
      cost: 5.5,
      currencyCode: 'EUR',
      content: null,
      location: null,
    });
    const preview = await call('GET', `/cars/${car.id}/sale-summary?keepCosts=false&keepNotes=true`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<{ data: CarSaleSummary }>().data).toMatchObject({
      logs: { count: 2, handedOver: true },
      costs: { count: 2, handedOver: false, total: {} },
      notes: { count: 1, handedOver: true },
    });
    const buyer = await member(t.app);
    const offer = await call('POST', `/cars/${car.id}/transfers`, {
      toUserId: buyer.id,
      keepCosts: true,
      keepNotes: false,
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const transferId = offer.json<{ data: { id: string } }>().data.id;
    const seen = await t.app.inject({
      method: 'GET',
      url: `${API}/car-transfers/${transferId}/summary`,
      headers: buyer.headers,
    });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<{ data: CarSaleSummary }>().data).toMatchObject({
      keepCosts: true,
      costs: { count: 2, handedOver: true, total: { EUR: 15.5 } },
      notes: { handedOver: false },
    });
    const stranger = await member(t.app);
    const probe = await t.app.inject({
      method: 'GET',
      url: `${API}/car-transfers/${transferId}/summary`,
      headers: stranger.headers,
    });
    expect(probe.statusCode).toBe(404);
  });
});

describe('the car’s papers, dates and energies', () => {
  test('VIN upper-cased, a wrong North American check digit warned; invalid VIN or date 400', async () => {
    const car = await createCar(t.app, ann, { vin: '1m8gdm9axkp042788', plate: 'AB-123-CD' });
    expect(car).toMatchObject({ vin: '1M8GDM9AXKP042788', plate: 'AB-123-CD' });
    expect(car).not.toHaveProperty('vinWarning');
    const wrong = await call('PUT', `/cars/${car.id}`, { vin: '1M8GDM9A1KP042788' });
    expect(wrong.json<{ data: Car }>().data).toMatchObject({ vinWarning: 'checkDigit' });
    expect((await call('PUT', `/cars/${car.id}`, { vin: 'WVWZZZ1JZXW00000I' })).statusCode).toBe(400);
    expect((await call('PUT', `/cars/${car.id}`, { inspectionDueDate: '2026-13-01' })).statusCode).toBe(400);
    // A friend sees the car, never its VIN nor its plate.
    const friend = await member(t.app);
    await befriend(t.app, friend as Person, ann as Person);
    const seen = await t.app.inject({ method: 'GET', url: `${API}/cars/${car.id}`, headers: friend.headers });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<{ data: Car }>().data).toMatchObject({ vin: null, plate: null });
  });

  test('a due date makes one reminder with its source; a new date moves that same reminder', async () => {
    const car = await createCar(t.app, ann, { inspectionDueDate: '2027-05-01' });
    const list = async () =>
      (await call('GET', `/reminders?carId=${car.id}`)).json<{
        data: { id: string; source?: string; dueDate: string }[];
      }>().data;
    const [first] = await list();
    expect(first).toMatchObject({ source: 'inspectionDueDate', dueDate: '2027-05-01' });
    await call('PUT', `/cars/${car.id}`, { inspectionDueDate: '2027-06-15', insuranceDueDate: '2027-01-31' });
    const moved = await list();
    expect(moved).toHaveLength(2);
    expect(moved.find((r) => r.source === 'inspectionDueDate')).toMatchObject({
      id: first!.id,
      dueDate: '2027-06-15',
    });
    expect(moved.find((r) => r.source === 'insuranceDueDate')).toMatchObject({ dueDate: '2027-01-31' });
    await call('PUT', `/cars/${car.id}`, { insuranceDueDate: null });
    expect((await list()).map((r) => r.source)).toEqual(['inspectionDueDate']);
  });

  test('energyTypes: the main one is energyType; a fill-up of a second energy is accepted', async () => {
    const car = await createCar(t.app, ann, { energyType: 'gasoline' });
    expect(car.energyTypes).toEqual(['gasoline']);
    const both = await call('PUT', `/cars/${car.id}`, { energyTypes: ['lpg', 'gasoline'] });
    expect(both.json<{ data: Car }>().data).toMatchObject({
      energyType: 'lpg',
      energyTypes: ['lpg', 'gasoline'],
    });
    expect((await call('PUT', `/cars/${car.id}`, { energyTypes: ['nope'] })).statusCode).toBe(400);
  });
});
