// Import: POST /cars/:id/imports over HTTP on a real SQLite database, with a fixture for
// every format (tests/fixtures/imports/), the fuel economy after the import checked by hand.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { importsRepository } from '../../server/src/imports/imports-repository';
import { IMPORT_PREVIEW_ROWS } from '../../src/contract/imports';
import { LITRES_PER_GAL_UK } from '../../src/contract/maintenance/units';
import { createCar, createLog, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { economy, fixture, hammondDatabase, imported, logsOf, upload } from './imports-fixtures';

let t: TestApp;
let ann: Member;
let bob: Member;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
  bob = await member(t.app);
});
afterAll(async () => t?.close());

const newCar = (mileageUnit = 'km') => createCar(t.app, ann, { mileage: null, mileageUnit });
const byDate = <T extends { startDate: string; mileage: number | null }>(logs: T[]) =>
  [...logs].sort((a, b) =>
    a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : (a.mileage ?? 0) - (b.mileage ?? 0),
  );

describe('each format, detected from its content', () => {
  test('LubeLogger fuel: a BOM, M/D/YYYY dates, US gallons, a partial and a missed fill', async () => {
    const car = await newCar('mi');
    const result = await imported(t.app, ann, car.id, fixture('lubelogger-fuel.csv'));
    expect(result).toMatchObject({ format: 'lubelogger-fuel', rows: 5, created: 5, skipped: 0, errors: [] });
    expect(result.units).toMatchObject({
      distance: 'mi',
      volume: 'gal_us',
      dateFormat: 'mm/dd/yyyy',
      decimalSeparator: '.',
    });
    const logs = byDate(await logsOf(t.app, ann, car.id));
    expect(logs.map((l) => l.startDate)).toEqual([
      '2024-01-05',
      '2024-01-20',
      '2024-02-03',
      '2024-02-14',
      '2024-03-01',
    ]);
    expect(logs[0]).toMatchObject({
      type: 'fuel',
      mileage: 10_000,
      cost: 35,
      currencyCode: 'EUR',
      tags: ['road', 'trip'],
    });
    expect(logs[0]!.content).toBe('<p>First fill</p><p>Station: Shell</p>');
    expect(logs[2]!.fuel).toMatchObject({
      quantity: 4,
      unit: 'gal_us',
      fullTank: false,
      missedPrevious: false,
    });
    expect(logs[4]!.fuel).toMatchObject({ fullTank: true, missedPrevious: true });
    // 10,000 → 10,300: 300 mi on 10 gal; 10,300 → 10,700: 400 mi on 4 + 6 gal; the last segment
    // follows a missed fill-up. Σ 700 mi ÷ Σ 20 gal = 35 mpg (US).
    const e = await economy(t.app, ann, car.id, 'mpg_us');
    expect(e.average).toBeCloseTo(35, 9);
    expect(e.segments.map((s) => s.valid)).toEqual([true, true, false]);
  });

  test('LubeLogger service and tax records: thousands separators, the type from the file name', async () => {
    const car = await newCar('mi');
    await imported(t.app, ann, car.id, fixture('lubelogger-fuel.csv'));
    const service = await imported(t.app, ann, car.id, fixture('lubelogger-service.csv'), {
      filename: 'RepairRecords.csv',
    });
    expect(service).toMatchObject({ format: 'lubelogger-service', created: 2, errors: [] });
    const tax = await imported(t.app, ann, car.id, fixture('lubelogger-tax.csv'));
    expect(tax).toMatchObject({ format: 'lubelogger-tax', created: 1 });
    const logs = await logsOf(t.app, ann, car.id);
    expect(logs.find((l) => l.title === 'Brake pads, front')).toMatchObject({
      type: 'repair',
      cost: 1234.5,
      mileage: 10_900,
    });
    expect(logs.find((l) => l.title === 'Oil change')).toMatchObject({
      tags: ['oil', 'filter'],
      content: '<p>5W-30</p>',
    });
    expect(logs.find((l) => l.title === 'Road tax')).toMatchObject({ type: 'tax', cost: 150, mileage: null });
  });

  test('Fuelly web: DD/MM/YYYY, price per litre, the odometer from the trip, partial and missed', async () => {
    const car = await newCar('km');
    const result = await imported(t.app, ann, car.id, fixture('fuelly-web.csv'));
    expect(result).toMatchObject({ format: 'fuelly-web', rows: 5, created: 5, errors: [] });
    expect(result.units).toMatchObject({ distance: 'km', volume: 'l', dateFormat: 'dd/mm/yyyy' });
    const logs = byDate(await logsOf(t.app, ann, car.id));
    expect(logs[0]).toMatchObject({ startDate: '2024-01-05', title: 'Total', cost: 72 });
    expect(logs[0]!.fuel).toMatchObject({ quantity: 40, pricePerUnit: 1.8 });
    expect(logs[1]!.content).toBe('<p>Note, with a comma</p>');
    expect(logs[2]).toMatchObject({ startDate: '2024-02-01', mileage: 50_900 });
    expect(logs[2]!.fuel?.fullTank).toBe(false);
    // 600 km on 39 l, then 800 km on 20 + 28 l; the last follows a missed fill. 87 l ÷ 1,400 km.
    expect((await economy(t.app, ann, car.id, 'l_per_100km')).average).toBeCloseTo((87 / 1400) * 100, 9);
  });

  test('Fuelly app: Gas and Service rows, M/D/YYYY', async () => {
    const car = await newCar('mi');
    const result = await imported(t.app, ann, car.id, fixture('fuelly-app.csv'));
    expect(result).toMatchObject({ format: 'fuelly-app', rows: 4, created: 4, errors: [] });
    const logs = byDate(await logsOf(t.app, ann, car.id));
    expect(logs[2]).toMatchObject({ type: 'maintenance', title: 'Oil Change', cost: 120, mileage: 20_300 });
    expect(logs[0]!.fuel).toMatchObject({ quantity: 10, unit: 'gal_us', pricePerUnit: 3.459 });
    // 250 mi and 300 mi on 10 gal each.
    expect((await economy(t.app, ann, car.id, 'mpg_us')).average).toBeCloseTo(27.5, 9);
  });

  test('aCar: sections, the metadata date format, currency signs, thousands separators, UK gallons', async () => {
    const car = await newCar('mi');
    const result = await imported(t.app, ann, car.id, fixture('acar.csv'));
    expect(result).toMatchObject({ format: 'acar', rows: 4, created: 4, errors: [] });
    expect(result.units).toMatchObject({ volume: 'gal_uk', dateFormat: 'mm/dd/yyyy' });
    const logs = byDate(await logsOf(t.app, ann, car.id));
    expect(logs[0]).toMatchObject({ mileage: 12_000, cost: 52, location: 'High Street', title: 'BP' });
    expect(logs[0]!.fuel).toMatchObject({ quantity: 8, unit: 'gal_uk', pricePerUnit: 6.5 });
    expect(logs.find((l) => l.type === 'maintenance')).toMatchObject({
      title: 'Annual service',
      cost: 1250,
      mileage: 12_400,
    });
    // 360 mi on 9 gal (UK), 360 mi on 8: 720 ÷ 17 mpg (UK); the same in L/100 km.
    expect((await economy(t.app, ann, car.id, 'mpg_uk')).average).toBeCloseTo(720 / 17, 9);
    expect((await economy(t.app, ann, car.id, 'l_per_100km')).average).toBeCloseTo(
      (100 * 17 * LITRES_PER_GAL_UK) / (720 * 1.609344),
      9,
    );
  });

  test('Drivvo: Portuguese headers, comma decimals, refuels, services and expenses', async () => {
    const car = await newCar('km');
    const result = await imported(t.app, ann, car.id, fixture('drivvo.csv'));
    expect(result).toMatchObject({ format: 'drivvo', rows: 6, created: 6, errors: [] });
    expect(result.units).toMatchObject({ decimalSeparator: ',', dateFormat: 'dd/mm/yyyy' });
    const logs = byDate(await logsOf(t.app, ann, car.id));
    expect(logs[0]).toMatchObject({
      startDate: '2024-02-01',
      cost: 220,
      location: 'Shell',
      title: 'Gasolina',
    });
    expect(logs[0]!.fuel).toMatchObject({ quantity: 40, pricePerUnit: 5.5 });
    expect(logs.find((l) => l.type === 'maintenance')).toMatchObject({ title: 'Troca de óleo', cost: 350 });
    expect(logs.find((l) => l.type === 'other')).toMatchObject({ title: 'Estacionamento', cost: 25 });
    // 500 km on 36 l, then 500 km on 20 + 16 l.
    expect((await economy(t.app, ann, car.id, 'l_per_100km')).average).toBeCloseTo(7.2, 9);
  });

  test('Fuelio: units in the headers, costs with their categories, templates left out', async () => {
    const car = await newCar('km');
    const result = await imported(t.app, ann, car.id, fixture('fuelio.csv'));
    expect(result).toMatchObject({ format: 'fuelio', rows: 4, created: 4, errors: [] });
    const logs = byDate(await logsOf(t.app, ann, car.id));
    expect(logs[0]).toMatchObject({ cost: 63, location: 'Lyon' });
    expect(logs[0]!.fuel).toMatchObject({ quantity: 35, unit: 'l', pricePerUnit: 1.8 });
    expect(logs.find((l) => l.title === 'Oil service')).toMatchObject({
      type: 'maintenance',
      cost: 120,
      mileage: 80_900,
    });
    expect((await economy(t.app, ann, car.id, 'l_per_100km')).average).toBeCloseTo(6, 9);
  });

  test('Spritmonitor: `;`, DD.MM.YYYY, comma decimals, thousands separators, Type 1/2/3', async () => {
    const car = await newCar('km');
    const result = await imported(t.app, ann, car.id, fixture('spritmonitor.csv'));
    expect(result).toMatchObject({ format: 'spritmonitor', rows: 4, created: 4, errors: [] });
    expect(result.units).toMatchObject({ dateFormat: 'dd.mm.yyyy', decimalSeparator: ',' });
    const logs = byDate(await logsOf(t.app, ann, car.id));
    expect(logs[0]).toMatchObject({ mileage: 120_000, cost: 90.5, currencyCode: 'EUR', title: 'Aral' });
    expect(logs.map((l) => [l.fuel?.fullTank, l.fuel?.missedPrevious])).toEqual([
      [true, true],
      [true, false],
      [false, false],
      [true, false],
    ]);
    // 800 km on 48 l, then 900 km on 10 + 20 l.
    expect((await economy(t.app, ann, car.id, 'l_per_100km')).average).toBeCloseTo((78 / 1700) * 100, 9);
  });

  test('Hammond: its SQLite database, the main vehicle, deleted rows left out', async () => {
    const car = await newCar('mi');
    const result = await imported(t.app, ann, car.id, hammondDatabase(), { filename: 'hammond.db' });
    expect(result).toMatchObject({ format: 'hammond', rows: 5, created: 5, errors: [] });
    const logs = byDate(await logsOf(t.app, ann, car.id));
    expect(logs[0]).toMatchObject({ cost: 42, currencyCode: 'USD', title: 'Costco', mileage: 40_000 });
    expect(logs[0]!.fuel).toMatchObject({ quantity: 12, unit: 'gal_us', pricePerUnit: 3.5 });
    expect(logs.find((l) => l.type === 'repair')).toMatchObject({ cost: 250, mileage: 40_400 });
    // 330 mi on 11 gal, then 300 mi on 5 + 5.
    expect((await economy(t.app, ann, car.id, 'mpg_us')).average).toBeCloseTo(630 / 21, 9);
  });

  test('miles in the file, kilometres on the car: readings converted exactly and rounded', async () => {
    const car = await newCar('km');
    const result = await imported(t.app, ann, car.id, fixture('fuelly-app.csv'));
    expect(result.units.distance).toBe('mi');
    const logs = byDate(await logsOf(t.app, ann, car.id));
    expect(logs[0]!.mileage).toBe(Math.round(20_000 * 1.609344));
  });
});

describe('overrides', () => {
  test('a date format and decimal separator given win over the guesses', async () => {
    const car = await newCar('km');
    const csv =
      'Date,Odometer,FuelConsumed,Cost,FuelEconomy,IsFillToFull,MissedFuelUp,Notes,Tags\n03/04/2024,100,"10,5","20,00",,True,False,,\n';
    const guessed = await imported(t.app, ann, car.id, Buffer.from(csv), { query: 'dryRun=true' });
    expect(guessed.preview![0]).toMatchObject({ startDate: '2024-03-04' });
    const given = await imported(t.app, ann, car.id, Buffer.from(csv), {
      query: 'dryRun=true',
      fields: { dateFormat: 'dd/mm/yyyy', decimalSeparator: ',', volumeUnit: 'gal_uk' },
    });
    expect(given.preview![0]).toMatchObject({ startDate: '2024-04-03', cost: 20 });
    expect(given.preview![0]!.fuel).toMatchObject({ quantity: 10.5, unit: 'gal_uk' });
  });

  test('a format given reads the file as that format', async () => {
    const car = await newCar('km');
    const res = await upload(t.app, ann, car.id, fixture('lubelogger-tax.csv'), {
      fields: { format: 'spritmonitor' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ format: 'spritmonitor', created: 0 });
    expect(res.json().data.errors.length).toBeGreaterThan(0);
  });
});

describe('dry runs, errors and repeats', () => {
  test('a dry run writes nothing and previews the rows as they would be stored', async () => {
    const car = await newCar('km');
    const result = await imported(t.app, ann, car.id, fixture('spritmonitor.csv'), { query: 'dryRun=true' });
    expect(result).toMatchObject({ rows: 4, created: 4, skipped: 0, errors: [] });
    expect(result.preview).toHaveLength(4);
    expect(result.preview![0]).toMatchObject({
      row: 2,
      type: 'fuel',
      startDate: '2024-05-01',
      mileage: 120_000,
      duplicate: false,
    });
    expect(await logsOf(t.app, ann, car.id)).toEqual([]);
  });

  test(`the preview holds the first ${IMPORT_PREVIEW_ROWS} rows`, async () => {
    const car = await newCar('km');
    const lines = Array.from(
      { length: IMPORT_PREVIEW_ROWS + 5 },
      (_, i) => `2024-01-${String(i + 1).padStart(2, '0')},${1000 + i * 10},10,15,,True,False,,`,
    );
    const csv = [
      'Date,Odometer,FuelConsumed,Cost,FuelEconomy,IsFillToFull,MissedFuelUp,Notes,Tags',
      ...lines,
    ].join('\n');
    const result = await imported(t.app, ann, car.id, Buffer.from(csv), { query: 'dryRun=true' });
    expect(result.rows).toBe(IMPORT_PREVIEW_ROWS + 5);
    expect(result.preview).toHaveLength(IMPORT_PREVIEW_ROWS);
  });

  const broken = [
    'Date,Odometer,FuelConsumed,Cost,FuelEconomy,IsFillToFull,MissedFuelUp,Notes,Tags',
    '2024-01-01,1000,10,15,,True,False,,',
    ',1100,10,15,,True,False,,',
    '2024-01-10,900,10,15,,True,False,,',
    '2024-01-20,1300,abc,15,,True,False,,',
    '2024-01-25,1400,10,15,,True,False,,',
  ].join('\n');

  test('rows breaking a rule are listed with their line and reason; abort writes nothing', async () => {
    const car = await newCar('km');
    const res = await upload(t.app, ann, car.id, Buffer.from(broken));
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({ rows: 5, created: 0, skipped: 0 });
    expect(result.errors).toEqual([
      { row: 3, message: 'the date is missing' },
      { row: 4, message: expect.stringMatching(/^ODOMETER_OUT_OF_ORDER: .*900.*1000/) },
      { row: 5, message: 'FuelConsumed "abc" is not a number' },
    ]);
    expect(await logsOf(t.app, ann, car.id)).toEqual([]);
  });

  test('onError=skip writes the valid rows and counts the others skipped', async () => {
    const car = await newCar('km');
    const result = await imported(t.app, ann, car.id, Buffer.from(broken), {
      query: 'dryRun=false&onError=skip',
    });
    expect(result).toMatchObject({ rows: 5, created: 2, skipped: 3 });
    expect((await logsOf(t.app, ann, car.id)).map((l) => l.mileage).sort()).toEqual([1000, 1400]);
  });

  test('a reading jumping more than 2,000 a day is listed', async () => {
    const car = await newCar('km');
    const csv =
      'Date,Odometer,FuelConsumed,Cost,FuelEconomy,IsFillToFull,MissedFuelUp,Notes,Tags\n2024-01-01,1000,10,15,,True,False,,\n2024-01-02,3001,10,15,,True,False,,\n';
    const result = await imported(t.app, ann, car.id, Buffer.from(csv), { query: 'dryRun=true' });
    expect(result.errors).toEqual([{ row: 3, message: expect.stringMatching(/^ODOMETER_JUMP/) }]);
  });

  test("rows are checked against the car's stored readings too", async () => {
    const car = await newCar('km');
    await createLog(t.app, ann, car.id, { startDate: '2024-05-10', mileage: 200_000 });
    const result = await imported(t.app, ann, car.id, fixture('spritmonitor.csv'), { query: 'dryRun=true' });
    expect(result.errors.map((e) => e.row)).toEqual([3, 4, 5]);
    expect(result.errors[0]!.message).toMatch(/^ODOMETER_OUT_OF_ORDER/);
  });

  test('a second import of the same rows creates nothing', async () => {
    const car = await newCar('km');
    expect((await imported(t.app, ann, car.id, fixture('drivvo.csv'))).created).toBe(6);
    const again = await imported(t.app, ann, car.id, fixture('drivvo.csv'));
    expect(again).toMatchObject({ rows: 6, created: 0, skipped: 6, errors: [] });
    const dry = await imported(t.app, ann, car.id, fixture('drivvo.csv'), { query: 'dryRun=true' });
    expect(dry.preview!.every((r) => r.duplicate)).toBe(true);
    expect(await logsOf(t.app, ann, car.id)).toHaveLength(6);
  });

  test('a row over a limit is listed, and the file writes nothing', async () => {
    const car = await newCar('km');
    const bad = Buffer.from(
      'Date,Odometer,FuelConsumed,Cost,FuelEconomy,IsFillToFull,MissedFuelUp,Notes,Tags\n2024-06-01,90000,10,15,,True,False,,\n2024-06-02,90100,10,9999999999,,True,False,,\n',
    );
    const result = await imported(t.app, ann, car.id, bad);
    expect(result.created).toBe(0);
    expect(result.errors).toEqual([{ row: 3, message: expect.stringContaining('cost') }]);
    expect(await logsOf(t.app, ann, car.id)).toEqual([]);
  });

  test('all or nothing: a row the database refuses mid-write leaves no row of the import', async () => {
    const car = await newCar('km');
    const repo = importsRepository(t.app.db.kysely);
    const at = new Date().toISOString();
    const log = (i: number, carId = car.id) => ({
      log: {
        id: randomUUID(),
        carId,
        type: 'other',
        title: `Row ${i}`,
        content: null,
        location: null,
        tags: [],
        cost: null,
        currencyCode: null,
        startDate: '2024-01-01',
        mileage: null,
        media: [],
        createdAt: at,
        updatedAt: at,
      },
      fingerprint: `fp-${i}`,
    });
    // 1,200 rows (three statements); the last names a car that does not exist (a foreign key).
    const rows = [...Array.from({ length: 1199 }, (_, i) => log(i)), log(1199, randomUUID())];
    await expect(repo.insertAll(rows)).rejects.toThrow();
    expect(await logsOf(t.app, ann, car.id)).toEqual([]);
    expect(await repo.insertAll(rows.slice(0, 1199))).toBe(1199);
    // The same fingerprints again: nothing.
    expect(
      await repo.insertAll(rows.slice(0, 10).map((r) => ({ ...r, log: { ...r.log, id: randomUUID() } }))),
    ).toBe(0);
  });
});

describe('access and validation', () => {
  test("another member's car answers 404, and writes nothing", async () => {
    const car = await newCar('km');
    const res = await upload(t.app, bob, car.id, fixture('fuelio.csv'));
    expect(res.statusCode).toBe(404);
    expect(await logsOf(t.app, ann, car.id)).toEqual([]);
    const unknown = await upload(t.app, ann, '00000000-0000-4000-8000-000000000000', fixture('fuelio.csv'));
    expect(unknown.statusCode).toBe(404);
  });

  test('signed out: 401', async () => {
    const car = await newCar('km');
    const res = await t.app.inject({ method: 'POST', url: `/api/v1.0/cars/${car.id}/imports` });
    expect(res.statusCode).toBe(401);
  });

  test.each([
    ['an unknown format', { format: 'excel' }, 'body.format'],
    ['an unknown date format', { dateFormat: 'YY' }, 'body.dateFormat'],
    ['an unknown volume unit', { volumeUnit: 'pint' }, 'body.volumeUnit'],
    ['an unknown distance unit', { distanceUnit: 'league' }, 'body.distanceUnit'],
    ['an unknown currency', { currencyCode: 'XXX' }, 'body.currencyCode'],
  ])('400 for %s', async (_name, fields, field) => {
    const car = await newCar('km');
    const res = await upload(t.app, ann, car.id, fixture('fuelio.csv'), { fields });
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json().error.fields)).toContain(field);
  });

  test('400 for a file in no known format, without a file, or a bad query', async () => {
    const car = await newCar('km');
    const unknown = await upload(t.app, ann, car.id, Buffer.from('a,b,c\n1,2,3\n'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual([
      { field: 'body.file', message: 'is not in a known format' },
    ]);
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/v1.0/cars/${car.id}/imports`,
      headers: ann.headers,
      payload: (() => {
        const f = new FormData();
        f.append('format', 'fuelio');
        return f;
      })(),
    });
    expect(none.statusCode).toBe(400);
    const query = await upload(t.app, ann, car.id, fixture('fuelio.csv'), { query: 'onError=maybe' });
    expect(query.statusCode).toBe(400);
    const notDb = await upload(t.app, ann, car.id, Buffer.from('SQLite format 3\0garbage'), {
      filename: 'x.db',
    });
    expect(notDb.statusCode).toBe(400);
  });
});
