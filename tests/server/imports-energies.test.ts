// Imports keep a refuelling's second and third fuels as fills of their energies (docs/SPEC-NOTES.md
// "A car's home"): Drivvo's fuel blocks and Spritmonitor's fuel codes name the fuel; a file of
// several energies tags each fill with its own (fuel.energy), and the energies the car lacks join
// its energyTypes (a preview says so in `energiesAdded`). A file of one energy, or a flex-fuel car's
// petrol and E85 (one tank), stays as before. Real server, real SQLite (or PostgreSQL).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Car } from '../../src/contract/garage';
import type { FuelEconomy } from '../../src/contract/maintenance-api';
import { API, createCar, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { fixture, imported, logsOf } from './imports-fixtures';

let t: TestApp;
let ann: Member;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
});
afterAll(async () => t?.close());

const get = async <T>(url: string): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url: `${API}${url}`, headers: ann.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
};

const DRIVVO_HEADER =
  '"Odometer (km)","Date","Fuel","Price / L","Total cost","Volume","Filled tank completely","Second fuel","Price / L","Total cost","Volume","Filled tank completely" 2,"Third fuel","Price / L","Total cost","Volume","Filled tank completely" 3,"Gas station","Notes"';
const drivvo = (...rows: string[]) => Buffer.from(['##Refuelling', DRIVVO_HEADER, ...rows].join('\n'));

describe('Drivvo: a refuelling of petrol and LPG', () => {
  // Petrol full at 10,000 and 10,600; LPG full at 10,000, then LPG full (with a petrol top-up, not
  // full) at 10,400, then LPG full at 10,600 with its petrol fill.
  const file = drivvo(
    '"10000.0","2024-05-01 07:00:00","Gasoline","1.90","76.00","40","Yes","LPG","0.90","27.00","30","Yes","","0","0","0","No","Shell",""',
    '"10400.0","2024-05-10 07:00:00","Gasoline","1.90","19.00","10","No","LPG","0.90","22.50","25","Yes","","0","0","0","No","Total",""',
    '"10600.0","2024-05-20 07:00:00","Gasoline","1.90","38.00","20","Yes","GPL","0.90","13.50","15","Yes","","0","0","0","No","Total",""',
  );

  test('the preview tags each fill with its energy and says the car gains LPG; nothing is written', async () => {
    const car = await createCar(t.app, ann, { energyType: 'gasoline', mileage: null });
    const preview = await imported(t.app, ann, car.id, file, { query: 'dryRun=true' });
    expect(preview).toMatchObject({ format: 'drivvo', created: 6, energiesAdded: ['lpg'] });
    expect(
      preview.preview!.map((p) => [p.mileage, p.fuel!.energy, p.fuel!.quantity, p.fuel!.fullTank]),
    ).toEqual([
      [10_000, 'gasoline', 40, true],
      [10_000, 'lpg', 30, true],
      [10_400, 'gasoline', 10, false],
      [10_400, 'lpg', 25, true],
      [10_600, 'gasoline', 20, true],
      [10_600, 'lpg', 15, true],
    ]);
    expect((await get<Car>(`/cars/${car.id}`)).energyTypes).toEqual(['gasoline']);
  });

  test('the import keeps the second fuel as a fill of LPG and adds LPG to the car', async () => {
    const car = await createCar(t.app, ann, { energyType: 'gasoline', mileage: null });
    const result = await imported(t.app, ann, car.id, file);
    expect(result).toMatchObject({ created: 6, errors: [], energiesAdded: ['lpg'] });
    expect(await get<Car>(`/cars/${car.id}`)).toMatchObject({
      energyType: 'gasoline',
      energyTypes: ['gasoline', 'lpg'],
    });
    const logs = await logsOf(t.app, ann, car.id);
    expect(logs.filter((l) => l.fuel?.energy === 'lpg')).toHaveLength(3);
    // Petrol: one segment 10,000 → 10,600, 30 l over 600 km. LPG: two segments, 40 l over 600 km.
    const petrol = await get<FuelEconomy>(`/cars/${car.id}/fuel-economy`);
    expect(petrol.average).toBeCloseTo((30 / 600) * 100, 9);
    const lpg = await get<FuelEconomy>(`/cars/${car.id}/fuel-economy?energy=lpg`);
    expect(lpg.segments).toHaveLength(2);
    expect(lpg.average).toBeCloseTo((40 / 600) * 100, 9);
    // Imported again: nothing new, the car's energies unchanged.
    const again = await imported(t.app, ann, car.id, file);
    expect(again).toMatchObject({ created: 0 });
    expect(again).not.toHaveProperty('energiesAdded');
  });

  test("Paddock's CSV keeps each fill's energy: exported and imported into a new car, the same fills", async () => {
    const car = await createCar(t.app, ann, { energyType: 'gasoline', mileage: null });
    await imported(t.app, ann, car.id, file);
    const csv = await t.app.inject({
      method: 'GET',
      url: `${API}/cars/${car.id}/export?format=paddock&kind=all`,
      headers: ann.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toContain('Energy,Economy confirmed');
    const copy = await createCar(t.app, ann, { energyType: 'gasoline', mileage: null });
    const result = await imported(t.app, ann, copy.id, Buffer.from(csv.body), { filename: 'paddock.csv' });
    expect(result).toMatchObject({ format: 'paddock', created: 6, energiesAdded: ['lpg'] });
    const energies = async (id: string) =>
      (await logsOf(t.app, ann, id)).map((l) => [l.mileage, l.fuel?.energy, l.fuel?.quantity]).sort();
    expect(await energies(copy.id)).toEqual(await energies(car.id));
  });

  test('a car that has the energy already gains nothing', async () => {
    const car = await createCar(t.app, ann, { energyTypes: ['lpg', 'gasoline'], mileage: null });
    const result = await imported(t.app, ann, car.id, file);
    expect(result).not.toHaveProperty('energiesAdded');
    expect((await get<Car>(`/cars/${car.id}`)).energyTypes).toEqual(['lpg', 'gasoline']);
  });

  test('a flex-fuel car’s petrol and E85 share one tank: no energy is added, fills merge as before', async () => {
    const car = await createCar(t.app, ann, { energyType: 'gasoline', mileage: null });
    const result = await imported(t.app, ann, car.id, fixture('drivvo-en-real.csv'));
    expect(result).toMatchObject({ created: 4, errors: [] });
    expect(result).not.toHaveProperty('energiesAdded');
    expect((await logsOf(t.app, ann, car.id)).every((l) => l.fuel?.energy === undefined)).toBe(true);
  });
});

describe('Spritmonitor: fuel codes of several energies', () => {
  test('Super and LPG rows are fills of petrol and LPG; electricity in kWh', async () => {
    const file = Buffer.from(
      [
        'Datum;Km-Stand;Teil-Km;Spritmenge;Kosten;Währung;Tankart;Kraftstoff;Bemerkung',
        '20.05.2024;10.600;;20;38,00;EUR;1;7;',
        '15.05.2024;10.500;;30;27,00;EUR;1;12;',
        '10.05.2024;10.300;;12;4,00;EUR;1;19;',
        '05.05.2024;10.100;;25;22,50;EUR;1;12;',
        '01.05.2024;10.000;;40;76,00;EUR;1;7;',
      ].join('\n'),
    );
    const car = await createCar(t.app, ann, { energyType: 'gasoline', mileage: null });
    const result = await imported(t.app, ann, car.id, file, { fields: { format: 'spritmonitor' } });
    expect(result).toMatchObject({ format: 'spritmonitor', created: 5, errors: [] });
    expect(result.energiesAdded).toEqual(['lpg', 'electric']);
    const logs = await logsOf(t.app, ann, car.id);
    const electric = logs.find((l) => l.fuel?.energy === 'electric');
    expect(electric?.fuel).toMatchObject({ unit: 'kwh', quantity: 12 });
    const lpg = await get<FuelEconomy>(`/cars/${car.id}/fuel-economy?energy=lpg`);
    expect(lpg.average).toBeCloseTo((30 / 400) * 100, 9);
    const petrol = await get<FuelEconomy>(`/cars/${car.id}/fuel-economy`);
    expect(petrol.average).toBeCloseTo((20 / 600) * 100, 9);
  });

  test('a file of one energy leaves fill energies out', async () => {
    const file = Buffer.from(
      [
        'Datum;Km-Stand;Teil-Km;Spritmenge;Kosten;Währung;Tankart;Kraftstoff',
        '01.05.2024;10.000;;40;76,00;EUR;1;7',
      ].join('\n'),
    );
    const car = await createCar(t.app, ann, { energyType: 'diesel', mileage: null });
    const result = await imported(t.app, ann, car.id, file, { fields: { format: 'spritmonitor' } });
    expect(result).toMatchObject({ created: 1 });
    expect(result).not.toHaveProperty('energiesAdded');
    expect((await logsOf(t.app, ann, car.id))[0]!.fuel).not.toHaveProperty('energy');
  });
});
