// The shapes real exports take beyond the apps' documentation, found in files the apps' users and
// the apps themselves published (tests/fixtures/imports/README.md names each source): Drivvo in
// Russian with its second and third fuels named like the first and `0`s in the unused ones, Drivvo
// exported on an iPhone (CR line ends), Drivvo's one-`#` Spanish section titles, Spritmonitor's older
// 13-column export in Windows-1252 with its fuel codes, LubeLogger's own sample files, and Fuelly's
// dates with a time after them. Each imported over HTTP on a real SQLite database.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCar, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { economy, fixture, imported, logsOf } from './imports-fixtures';

let t: TestApp;
let ann: Member;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
});
afterAll(async () => t?.close());

const newCar = (mileageUnit = 'km') => createCar(t.app, ann, { mileage: null, mileageUnit });
const byDate = <T extends { startDate: string; mileage: number | null; title: string }>(logs: T[]) =>
  [...logs].sort(
    (a, b) =>
      a.startDate.localeCompare(b.startDate) ||
      (a.mileage ?? 0) - (b.mileage ?? 0) ||
      a.title.localeCompare(b.title),
  );

describe('Drivvo as its users export it', () => {
  test('Russian headers, fuel blocks named alike, "0.0" odometers, Да/Нет: every row imported', async () => {
    const car = await newCar();
    const result = await imported(t.app, ann, car.id, fixture('drivvo-ru-real.csv'));
    expect(result).toMatchObject({ format: 'drivvo', rows: 6, created: 6, errors: [], problems: [] });
    expect(result.units).toMatchObject({ dateFormat: 'yyyy-mm-dd' });
    const logs = byDate(await logsOf(t.app, ann, car.id));
    expect(
      logs.map((l) => [l.type, l.startDate, l.mileage, l.title, l.cost, l.fuel?.fullTank ?? null]),
    ).toEqual([
      ['fuel', '2025-03-02', 120_500, 'Бензин АИ95', 2552, true],
      ['other', '2025-03-05', null, 'Страхование', 15_400, null],
      ['fuel', '2025-03-16', 120_800, 'Бензин АИ95', 585, false],
      ['maintenance', '2025-03-20', 120_900, 'Замена масла', 6500, null],
      ['maintenance', '2025-03-20', 120_900, 'Масляный фильтр', 900, null],
      ['fuel', '2025-03-30', 121_300, 'Бензин АИ95', 2356, true],
    ]);
    expect(logs[0]).toMatchObject({ location: 'Лукойл', content: '<p>Первая запись</p>' });
    // The unused second and third fuels (their 0s) are no fills; the partial is summed into the next.
    expect((await economy(t.app, ann, car.id, 'l_per_100km')).average).toBeCloseTo((50 / 800) * 100, 9);
  });

  test('English, from an iPhone (CR line ends): the second fuel read by its place after "Second fuel"', async () => {
    const car = await newCar();
    const result = await imported(t.app, ann, car.id, fixture('drivvo-en-real.csv'));
    expect(result).toMatchObject({ format: 'drivvo', rows: 4, created: 4, errors: [] });
    const fills = byDate(await logsOf(t.app, ann, car.id));
    expect(
      fills.map((l) => [
        l.startDate,
        l.title,
        l.fuel!.quantity,
        l.fuel!.pricePerUnit,
        l.cost,
        l.fuel!.fullTank,
      ]),
    ).toEqual([
      ['2024-05-01', 'Gasoline', 40, 1.9, 76, true],
      ['2024-05-10', 'Ethanol', 20, 1.3, 26, true],
      ['2024-05-10', 'Gasoline', 10, 1.9, 19, false],
      ['2024-05-20', 'Gasoline', 30, 1.9, 57, true],
    ]);
    expect((await economy(t.app, ann, car.id, 'l_per_100km')).average).toBeCloseTo((60 / 800) * 100, 9);
  });

  test('Spanish section titles with one "#" (#Reabastecimiento, #Servicio) are detected and read', async () => {
    const car = await newCar();
    const file = Buffer.from(
      [
        '#Reabastecimiento',
        '"Odómetro (km)","Fecha","Combustible","Precio / L","Costo total","Volumen","Tanque lleno"',
        '"10400.0","2024-03-10 10:00:00","Gasolina","1.5","45","30","Sí"',
        '"10000.0","2024-03-01 10:00:00","Gasolina","1.5","60","40","Sí"',
        '#Servicio',
        '"Odómetro (km)","Fecha","Costo total","Tipo de servicio"',
        '"10200.0","2024-03-05 10:00:00","80","Cambio de aceite"',
      ].join('\n'),
    );
    const result = await imported(t.app, ann, car.id, file);
    expect(result).toMatchObject({ format: 'drivvo', rows: 3, created: 3, errors: [] });
    const logs = byDate(await logsOf(t.app, ann, car.id));
    expect(logs.map((l) => [l.type, l.mileage, l.title])).toEqual([
      ['fuel', 10_000, 'Gasolina'],
      ['maintenance', 10_200, 'Cambio de aceite'],
      ['fuel', 10_400, 'Gasolina'],
    ]);
  });
});

describe('Spritmonitor’s older 13-column export, in Windows-1252', () => {
  test('decoded, its fuel codes named as Spritmonitor names them, the first fill starting the history', async () => {
    const car = await newCar();
    const result = await imported(t.app, ann, car.id, fixture('spritmonitor-2010-cp1252.csv'));
    expect(result).toMatchObject({ format: 'spritmonitor', rows: 3, created: 3, errors: [] });
    expect(result.units).toMatchObject({
      dateFormat: 'dd.mm.yyyy',
      decimalSeparator: ',',
      currencyCode: 'EUR',
    });
    const logs = byDate(await logsOf(t.app, ann, car.id));
    // Kraftstoff 7, 18 and 8: Super, Premium Benzin 95, SuperPlus (not Spritmonitor's old list order).
    expect(logs.map((l) => [l.startDate, l.mileage, l.title, l.fuel!.missedPrevious])).toEqual([
      ['2010-02-11', 71_060, 'Super', true],
      ['2010-03-02', 71_660, 'Premium Benzin 95', false],
      ['2010-03-20', 72_250, 'SuperPlus', false],
    ]);
    expect(logs[0]!.content).toBe('<p>Übernahme</p>');
    expect(logs.map((l) => l.fuel!.unit)).toEqual(['l', 'l', 'l']);
    expect((await economy(t.app, ann, car.id, 'l_per_100km')).average).toBeCloseTo((89 / 1190) * 100, 9);
  });
});

test('a charge (Kraftstoff 19, Elektrizität; 24, Ökostrom) is counted in kWh', async () => {
  const car = await newCar();
  const file = Buffer.from(
    'Datum;Km-Stand;Teil-Km;Spritmenge;Kosten;Währung;Tankart;Reifen;Strecken;Fahrweise;Kraftstoff;Bemerkung;Verbrauch\r\n' +
      '02.02.2030;9500,00;250,00;40,00;14,00;EUR;1;;;0;24;;\r\n' +
      '01.01.2030;9250,00;;45,00;15,75;EUR;3;;;0;19;;\r\n',
  );
  const result = await imported(t.app, ann, car.id, file);
  expect(result).toMatchObject({ format: 'spritmonitor', created: 2, errors: [] });
  const logs = byDate(await logsOf(t.app, ann, car.id));
  expect(logs.map((l) => [l.title, l.fuel!.unit, l.fuel!.quantity])).toEqual([
    ['Elektrizität', 'kwh', 45],
    ['Ökostrom', 'kwh', 40],
  ]);
});

describe('LubeLogger’s own sample files (other column orders, no FuelEconomy)', () => {
  test.each([
    ['lubelogger-gassample.csv', 'lubelogger-fuel', 'fuel'],
    ['lubelogger-servicerecordsample.csv', 'lubelogger-service', 'maintenance'],
    ['lubelogger-taxrecordsample.csv', 'lubelogger-tax', 'tax'],
  ])('%s imports as %s', async (name, format, type) => {
    const car = await newCar('mi');
    const result = await imported(t.app, ann, car.id, fixture(name), { filename: name });
    expect(result).toMatchObject({ format, rows: 2, created: 2, errors: [] });
    const logs = await logsOf(t.app, ann, car.id);
    expect(logs.map((l) => l.type)).toEqual([type, type]);
  });
});

describe('Fuelly’s web export with a time after each date, CR line ends', () => {
  test('the dates read, the economy full to full', async () => {
    const car = await newCar();
    const result = await imported(t.app, ann, car.id, fixture('fuelly-web-times.csv'));
    expect(result).toMatchObject({ format: 'fuelly-web', rows: 3, created: 3, errors: [] });
    const logs = byDate(await logsOf(t.app, ann, car.id));
    expect(logs.map((l) => l.startDate)).toEqual(['2021-06-06', '2021-06-12', '2021-06-20']);
    expect((await economy(t.app, ann, car.id, 'l_per_100km')).average).toBeCloseTo(
      ((50.441 + 54.6) / (87_805 - 86_886)) * 100,
      9,
    );
  });
});

describe('a file of several vehicles (aCar and Fuelly export every vehicle in one file)', () => {
  test('the vehicle with the most rows is imported; each row of another is left out, said so', async () => {
    const car = await newCar('mi');
    const header =
      '"Vehicle","Date","Time","Odometer Reading","Distance Unit","Volume","Volume Unit","Price per Unit","Total Cost","Partial Fill-Up?","Previously Missed Fill-Ups?","Fuel Brand","Notes"';
    const file = Buffer.from(
      [
        'Metadata',
        '"aCar Version","Date Format"',
        '"5.4.3","M/d/yyyy"',
        '',
        'Fill-Up Records',
        header,
        '"Altima","7/15/2023","08:11","106,421","mi","10.000","gal","$3.969","$39.69","No","No","Maverik",""',
        '"Civic","7/14/2023","09:00","52,100","mi","8.000","gal","$3.899","$31.19","No","No","Shell",""',
        '"Altima","7/1/2023","08:00","106,121","mi","10.000","gal","$3.899","$38.99","No","No","Maverik",""',
        '"Altima","6/20/2023","08:00","105,821","mi","10.000","gal","$3.899","$38.99","No","No","Maverik",""',
      ].join('\r\n'),
    );
    const result = await imported(t.app, ann, car.id, file);
    expect(result).toMatchObject({ format: 'acar', rows: 4, created: 3, skipped: 1, errors: [] });
    expect(result.problems).toEqual([
      { row: 8, code: 'other-vehicle', action: 'skip', params: { vehicle: 'Civic', kept: 'Altima' } },
    ]);
    const logs = byDate(await logsOf(t.app, ann, car.id));
    expect(logs.map((l) => l.mileage)).toEqual([105_821, 106_121, 106_421]);
    expect((await economy(t.app, ann, car.id, 'mpg_us')).average).toBeCloseTo(600 / 20, 9);
  });
});
