// Real exports of the trackers members move from, imported in full over HTTP on a real SQLite
// database: each app's headers, sections, quoting, number and date forms and line ends; every flag
// kept (partial, missed, first and invalid fills; several fuels in one refuelling); the file's
// currency; the fuel economy afterwards equal to the app's own full-to-full figures; and the preview
// saying, for each problem row, what is wrong and what the import does (as codes with parameters).
// The files (tests/fixtures/imports/*-real.csv, fuelly-services.csv) follow the apps' published
// export layouts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCar, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { economy, fixture, imported, logsOf, upload } from './imports-fixtures';

let t: TestApp;
let ann: Member;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
});
afterAll(async () => t?.close());

const newCar = (mileageUnit = 'km') => createCar(t.app, ann, { mileage: null, mileageUnit });
const byDate = <T extends { startDate: string; mileage: number | null }>(logs: T[]) =>
  [...logs].sort((a, b) => a.startDate.localeCompare(b.startDate) || (a.mileage ?? 0) - (b.mileage ?? 0));

describe('Spritmonitor: German headers, newest first, Tankart 0–3, an odometer typo, a fill twice', () => {
  test('the preview names each problem row and what the import does with it', async () => {
    const car = await newCar();
    const dry = await imported(t.app, ann, car.id, fixture('spritmonitor-real.csv'), {
      query: 'dryRun=true',
    });
    expect(dry).toMatchObject({ format: 'spritmonitor', rows: 7 });
    expect(dry.units).toMatchObject({ dateFormat: 'dd.mm.yyyy', decimalSeparator: ',', currencyCode: 'EUR' });
    expect(dry.problems.map((p) => [p.row, p.code, p.action])).toEqual([
      [2, 'invalid-fill', 'skip'],
      [4, 'duplicate-in-file', 'keep'],
      [7, 'odometer-order', 'ask'],
    ]);
    expect(dry.problems[1]!.params).toEqual({ firstRow: 3 });
    // The typo between its neighbours: 21,690 after 215,677 and before 216,872.
    expect(dry.problems[2]!.params).toMatchObject({
      mileage: 21_690,
      previous: 215_677,
      previousDate: '2024-02-15',
      next: 216_872,
      nextDate: '2024-03-10',
    });
    // Only the typo is an error: the invalid fill and the second copy never block the file.
    expect(dry.errors.map((e) => e.row)).toEqual([7]);
    expect(dry.created).toBe(0);
  });

  test('with the typo corrected in the preview, the file imports in full and the economy is Spritmonitor’s', async () => {
    const car = await newCar();
    const result = await imported(t.app, ann, car.id, fixture('spritmonitor-real.csv'), {
      fields: { odometerFixes: JSON.stringify({ 7: 216_190 }) },
    });
    expect(result).toMatchObject({ format: 'spritmonitor', rows: 7, created: 5, skipped: 2, errors: [] });
    const logs = byDate(await logsOf(t.app, ann, car.id));
    expect(logs.map((l) => [l.startDate, l.mileage, l.fuel!.fullTank, l.fuel!.missedPrevious])).toEqual([
      ['2024-02-01', 215_000, true, true],
      ['2024-02-15', 215_677, true, false],
      ['2024-03-01', 216_190, false, false],
      ['2024-03-10', 216_872, true, false],
      ['2024-03-25', 217_500, true, false],
    ]);
    expect(logs.every((l) => l.currencyCode === 'EUR')).toBe(true);
    expect(logs[0]).toMatchObject({ title: 'Aral', cost: 81, content: '<p>Erste Tankung</p>' });
    // A note over two lines with backslash-escaped quotes; a cell quoted with ' holding a ;.
    expect(logs[3]!.content).toBe('<p>Urlaub:</p><p>Autobahn A1, "zügig"</p>');
    expect(logs[2]!.content).toBe('<p>Teilbetankung; nur 20 l</p>');
    expect(logs[4]!.location).toBe('Köln, D');
    // Full to full: 2,500 km on 40 + 20 + 45 + 38 litres (the partial summed into the next full fill).
    const e = await economy(t.app, ann, car.id, 'l_per_100km');
    expect(e.average).toBeCloseTo((143 / 2500) * 100, 9);
    expect(e.segments.map((s) => s.valid)).toEqual([true, true, true]);
  });

  test('left uncorrected with onError=skip, the typo’s segment is left out rather than miscounted', async () => {
    const car = await newCar();
    const result = await imported(t.app, ann, car.id, fixture('spritmonitor-real.csv'), {
      query: 'onError=skip',
    });
    expect(result).toMatchObject({ created: 4, skipped: 3 });
    const e = await economy(t.app, ann, car.id, 'l_per_100km');
    expect(e.average).toBeCloseTo((78 / 1305) * 100, 9);
  });

  test('imported again: every row is already in the car, and the preview says so', async () => {
    const car = await newCar();
    const fields = { odometerFixes: JSON.stringify({ 7: 216_190 }) };
    await imported(t.app, ann, car.id, fixture('spritmonitor-real.csv'), { fields });
    const again = await imported(t.app, ann, car.id, fixture('spritmonitor-real.csv'), {
      fields,
      query: 'dryRun=true',
    });
    expect(again.created).toBe(0);
    expect(again.problems.filter((p) => p.code === 'already-stored').map((p) => [p.row, p.action])).toEqual([
      [3, 'skip'],
      [5, 'skip'],
      [7, 'skip'],
      [8, 'skip'],
      [9, 'skip'],
    ]);
  });

  test('a bad odometer fix is a clear 400', async () => {
    const car = await newCar();
    for (const bad of ['[1]', '{"7": "x"}', '{"7": -1}', 'nope']) {
      const res = await upload(t.app, ann, car.id, fixture('spritmonitor-real.csv'), {
        fields: { odometerFixes: bad },
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('aCar: Metadata and per-type sections, flags, thousands separators and dollar amounts', () => {
  test('partial and missed fills kept, USD from the amounts, events typed, economy full to full', async () => {
    const car = await newCar('mi');
    const result = await imported(t.app, ann, car.id, fixture('acar-real.csv'));
    expect(result).toMatchObject({ format: 'acar', rows: 8, created: 8, errors: [], problems: [] });
    expect(result.units).toMatchObject({ distance: 'mi', volume: 'gal_us', currencyCode: 'USD' });
    const logs = byDate(await logsOf(t.app, ann, car.id));
    const fills = logs.filter((l) => l.type === 'fuel');
    expect(fills.map((l) => [l.startDate, l.mileage, l.fuel!.fullTank, l.fuel!.missedPrevious])).toEqual([
      ['2023-01-05', 105_000, true, false],
      ['2023-01-20', 105_350, true, false],
      ['2023-02-02', 105_500, false, false],
      ['2023-02-14', 105_800, true, false],
      ['2023-03-01', 106_421, true, true],
      ['2023-03-15', 106_721, true, false],
    ]);
    expect(fills[4]).toMatchObject({ cost: 79.78, currencyCode: 'USD', title: 'Maverik' });
    expect(logs.find((l) => l.type === 'maintenance')).toMatchObject({
      title: 'Oil Change, Tire Rotation',
      cost: 1079.5,
      currencyCode: 'USD',
      location: 'Jiffy Lube',
    });
    expect(logs.find((l) => l.type === 'tax')).toMatchObject({ cost: 85, mileage: 106_600 });
    const e = await economy(t.app, ann, car.id, 'mpg_us');
    // 350 mi on 10 gal, 450 on 5 + 8 (the partial summed), 300 on 10; the missed segment left out.
    expect(e.average).toBeCloseTo(1100 / 33, 9);
    expect(e.segments.map((s) => s.valid)).toEqual([true, true, false, true]);
  });
});

describe('Drivvo: sections, up to three fuels a refuelling, "Filled tank completely"', () => {
  test('a two-fuel refuelling is two fills; a tank not filled completely is a partial', async () => {
    const car = await newCar();
    const result = await imported(t.app, ann, car.id, fixture('drivvo-real.csv'));
    expect(result).toMatchObject({ format: 'drivvo', created: 7, errors: [], problems: [] });
    const logs = byDate(await logsOf(t.app, ann, car.id));
    const fills = logs.filter((l) => l.type === 'fuel');
    expect(
      fills
        .map((l) => [l.startDate, l.mileage, l.title, l.fuel!.quantity, l.fuel!.fullTank, l.cost])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[2]).localeCompare(String(b[2]))),
    ).toEqual([
      ['2024-01-03', 50_000, 'Gasoline', 40, true, 75.96],
      ['2024-01-20', 50_500, 'Gasoline', 30, false, 56.97],
      ['2024-02-01', 50_800, 'Ethanol', 15, true, 19.49],
      ['2024-02-01', 50_800, 'Gasoline', 20, false, 37.98],
      ['2024-02-20', 51_400, 'Gasoline', 45, true, 85.46],
    ]);
    expect(logs.find((l) => l.type === 'maintenance')).toMatchObject({ title: 'Oil change', cost: 89.9 });
    expect(logs.find((l) => l.type === 'other')).toMatchObject({ title: 'Parking', cost: 12 });
    const e = await economy(t.app, ann, car.id, 'l_per_100km');
    expect(e.average).toBeCloseTo((110 / 1400) * 100, 9);
  });
});

describe('Fuelly: CR line ends, M/D/YY dates, a fill entered twice seconds apart, the services export', () => {
  test('the fuel export: the second copy kept once and said so; the partial summed', async () => {
    const car = await newCar('mi');
    const result = await imported(t.app, ann, car.id, fixture('fuelly-web-real.csv'));
    expect(result).toMatchObject({ format: 'fuelly-web', rows: 5, created: 4, skipped: 1, errors: [] });
    expect(result.units).toMatchObject({ dateFormat: 'mm/dd/yyyy' });
    expect(result.problems).toEqual([
      { row: 4, code: 'duplicate-in-file', action: 'keep', params: { firstRow: 3 } },
    ]);
    const logs = byDate(await logsOf(t.app, ann, car.id));
    expect(logs.map((l) => [l.startDate, l.mileage, l.fuel!.fullTank])).toEqual([
      ['2024-01-05', 20_000, true],
      ['2024-01-20', 20_300, true],
      ['2024-02-01', 20_450, false],
      ['2024-02-14', 20_750, true],
    ]);
    expect((await economy(t.app, ann, car.id, 'mpg_us')).average).toBeCloseTo(750 / 19, 9);
  });

  test('the services export: detected, each service its log type', async () => {
    const car = await newCar('mi');
    const result = await imported(t.app, ann, car.id, fixture('fuelly-services.csv'));
    expect(result).toMatchObject({ format: 'fuelly-services', rows: 3, created: 3, errors: [] });
    const logs = byDate(await logsOf(t.app, ann, car.id));
    expect(logs.map((l) => [l.startDate, l.type, l.title, l.mileage, l.cost])).toEqual([
      ['2024-01-10', 'maintenance', 'Oil Change, Oil Filter', 20_100, 49.99],
      ['2024-02-10', 'repair', 'Brake Pads', 20_600, 420],
      ['2024-02-28', 'tax', 'Registration Renewal', null, 65],
    ]);
    expect(logs[1]!.content).toBe('<p>Front pads, "squeal" gone</p>');
    expect(logs[0]!.tags).toEqual(['oil']);
  });
});

describe('LubeLogger: service, repair, upgrade and tax exports', () => {
  test('repair and upgrade records by their file name or a format given', async () => {
    const car = await newCar('mi');
    await imported(t.app, ann, car.id, fixture('lubelogger-fuel.csv'));
    const upgrade = await imported(t.app, ann, car.id, fixture('lubelogger-service.csv'), {
      filename: 'UpgradeRecords.csv',
    });
    expect(upgrade).toMatchObject({ format: 'lubelogger-service', created: 2 });
    const types = (await logsOf(t.app, ann, car.id)).filter((l) => l.type === 'modification');
    expect(types).toHaveLength(2);

    const other = await newCar('mi');
    await imported(t.app, ann, other.id, fixture('lubelogger-fuel.csv'));
    const repair = await imported(t.app, ann, other.id, fixture('lubelogger-service.csv'), {
      fields: { format: 'lubelogger-repair' },
    });
    expect(repair).toMatchObject({ format: 'lubelogger-repair', created: 2 });
    expect((await logsOf(t.app, ann, other.id)).filter((l) => l.type === 'repair')).toHaveLength(2);
  });
});
