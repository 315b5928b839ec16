// Several energies per car on the server (docs/SPEC-NOTES.md "A car's home", "Energies"): the fuel
// economy of one energy (?energy=KEY), the main one by default with the cost of a distance in all
// energies together, electricity in kWh where a charge to the usual target is a full fill. Real
// server, real SQLite (or PostgreSQL with TEST_DATABASE=postgres).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FuelEconomy } from '../../src/contract/maintenance-api';
import { createTestApp, type TestApp } from './helpers';
import { API, createCar, member, type Member } from './garage-fixtures';

let t: TestApp;
let ann: Member;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who: Member = ann) =>
  t.app.inject({ method, url: `${API}${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

async function fill(
  carId: string,
  mileage: number,
  quantity: number,
  cost: number,
  fuel: Record<string, unknown> = {},
) {
  const res = await call('POST', '/car-logs', {
    carId,
    type: 'fuel',
    startDate: '2026-02-01',
    mileage,
    cost,
    currencyCode: 'EUR',
    fuel: { quantity, unit: 'l', fullTank: true, missedPrevious: false, ...fuel },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const economy = async (carId: string, query = '') => {
  const res = await call('GET', `/cars/${carId}/fuel-economy${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: FuelEconomy }>().data;
};

describe('the economy of one energy', () => {
  let carId: string;
  beforeAll(async () => {
    const car = await createCar(t.app, ann, { energyTypes: ['gasoline', 'lpg'], mileage: 900 });
    carId = car.id;
    // Petrol: full at 1,000 and 1,500. LPG: full at 1,100, partial at 1,300, full at 1,600.
    await fill(carId, 1_000, 40, 60);
    await fill(carId, 1_100, 20, 16, { energy: 'lpg' });
    await fill(carId, 1_300, 10, 8, { energy: 'lpg', fullTank: false });
    await fill(carId, 1_500, 30, 45, { energy: 'gasoline' });
    await fill(carId, 1_600, 30, 24, { energy: 'lpg' });
  });

  test("?energy=lpg: segments between that energy's full fills, its fills only, over the odometer", async () => {
    const lpg = await economy(carId, '?energy=lpg');
    expect(lpg.unit).toBe('l_per_100km');
    expect(lpg.segments).toHaveLength(1);
    expect(lpg.segments[0]).toMatchObject({ distance: 500, quantity: 40, valid: true, suspect: false });
    expect(lpg.average).toBeCloseTo(8, 10);
    expect(lpg.distance).toBe(500);
    expect(lpg.quantity).toBe(40);
    expect(lpg.costPerDistance.EUR).toBeCloseTo(32 / 500, 10);
    expect(lpg).not.toHaveProperty('allEnergiesCostPerDistance');
  });

  test('without energy: the main one (a fill without energy is of it), plus every energy’s cost', async () => {
    const main = await economy(carId);
    expect(main.segments).toHaveLength(1);
    expect(main.segments[0]).toMatchObject({ distance: 500, quantity: 30 });
    expect(main.average).toBeCloseTo(6, 10);
    expect(main.costPerDistance.EUR).toBeCloseTo(45 / 500, 10);
    expect(main.allEnergiesCostPerDistance!.EUR).toBeCloseTo(45 / 500 + 32 / 500, 10);
    expect(await economy(carId, '?energy=gasoline')).toMatchObject({ average: main.average });
  });

  test('in miles the costs are per mile', async () => {
    const mpg = await economy(carId, '?unit=mpg_us');
    expect(mpg.costPerDistance.EUR).toBeCloseTo((45 / 500) * 1.609344, 10);
    expect(mpg.allEnergiesCostPerDistance!.EUR).toBeCloseTo((77 / 500) * 1.609344, 10);
  });

  test('an energy the car does not have, or no energy key at all, is refused with 400', async () => {
    for (const energy of ['diesel', 'nope']) {
      const res = await call('GET', `/cars/${carId}/fuel-economy?energy=${energy}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    }
  });

  test('a new fill of one energy changes that energy’s answer (no stale answer kept)', async () => {
    const before = await economy(carId, '?energy=lpg');
    await fill(carId, 2_100, 50, 40, { energy: 'lpg' });
    const after = await economy(carId, '?energy=lpg');
    expect(after.segments).toHaveLength(before.segments.length + 1);
    expect(after.distance).toBe(1_000);
    expect((await economy(carId)).segments).toHaveLength(1);
  });

  test('a stranger gets 404 whatever the energy', async () => {
    const bob = await member(t.app);
    const res = await call('GET', `/cars/${carId}/fuel-economy?energy=lpg`, undefined, bob);
    expect(res.statusCode).toBe(404);
  });
});

describe('electricity', () => {
  test('a plug-in hybrid: charges in kWh, a charge to the usual target (fullTank) closes a segment', async () => {
    const car = await createCar(t.app, ann, { energyTypes: ['gasoline', 'electric'], mileage: 100 });
    const charge = { unit: 'kwh', energy: 'electric' };
    await fill(car.id, 1_000, 10, 3, charge);
    await fill(car.id, 1_050, 35, 70);
    // A top-up that did not reach the usual target is partial: it counts in the next segment.
    await fill(car.id, 1_100, 4, 1, { ...charge, fullTank: false });
    await fill(car.id, 1_200, 28, 7, charge);
    const electric = await economy(car.id, '?energy=electric');
    expect(electric.unit).toBe('kwh_per_100km');
    expect(electric.segments).toHaveLength(1);
    expect(electric.quantity).toBe(32);
    expect(electric.average).toBeCloseTo(16, 10);
    expect(electric.costPerDistance.EUR).toBeCloseTo(8 / 200, 10);
    // The main energy (petrol) has one fill: no segment yet, and costs nothing per km so far.
    const main = await economy(car.id);
    expect(main).toMatchObject({ unit: 'l_per_100km', segments: [], average: null });
    expect(main.allEnergiesCostPerDistance!.EUR).toBeCloseTo(8 / 200, 10);
  });

  test('an electric car answers kWh by default', async () => {
    const car = await createCar(t.app, ann, { energyType: 'electric', mileage: 100 });
    await fill(car.id, 1_000, 40, 10, { unit: 'kwh' });
    await fill(car.id, 1_250, 40, 10, { unit: 'kwh' });
    const main = await economy(car.id);
    expect(main).toMatchObject({ unit: 'kwh_per_100km', average: 16 });
    expect(main.allEnergiesCostPerDistance).toEqual(main.costPerDistance);
  });

  test('a car without any energy counts every fill, as before', async () => {
    const car = await createCar(t.app, ann, { energyType: null, mileage: 100 });
    await fill(car.id, 1_000, 40, 50);
    await fill(car.id, 1_500, 30, 40);
    const main = await economy(car.id);
    expect(main.average).toBeCloseTo(6, 10);
    expect(main.allEnergiesCostPerDistance).toEqual(main.costPerDistance);
    expect((await call('GET', `/cars/${car.id}/fuel-economy?energy=gasoline`)).statusCode).toBe(400);
  });
});
