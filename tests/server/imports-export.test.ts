// Export: GET /cars/:id/export as Paddock's lossless CSV (the round trip: export, import
// into a new car, the same logs, readings and economy) and as LubeLogger's CSV; the CSV-injection
// guard and its undoing on re-import; ownership.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CarLog } from '../../src/contract/garage';
import { parseCsv } from '../../server/src/imports/csv';
import { API, createCar, createLog, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { economy, fixture, imported, logsOf } from './imports-fixtures';

let t: TestApp;
let ann: Member;
let bob: Member;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
  bob = await member(t.app);
});
afterAll(async () => t?.close());

const exportOf = (who: Member, carId: string, query = '') =>
  t.app.inject({ method: 'GET', url: `${API}/cars/${carId}/export${query}`, headers: who.headers });

/** What a log is, without what the server gives it (ids, times, files). */
const content = ({ id: _i, carId: _c, media: _m, createdAt: _a, updatedAt: _u, ...rest }: CarLog) => rest;
const sorted = (logs: CarLog[]) =>
  logs.map(content).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('Paddock CSV', () => {
  test('round trip: export, import into a new car, the same logs, readings and economy', async () => {
    const car = await createCar(t.app, ann, { mileage: null, mileageUnit: 'mi' });
    await imported(t.app, ann, car.id, fixture('lubelogger-fuel.csv'));
    await imported(t.app, ann, car.id, fixture('lubelogger-service.csv'));
    await createLog(t.app, ann, car.id, {
      type: 'modification',
      title: '=HYPERLINK("http://evil","x")',
      content: '<p>Line one, "quoted"</p><p><strong>bold</strong>\nnext</p>',
      location: '@home; garage',
      tags: ['-minus', "'quote", 'plain tag'],
      cost: 1234.56,
      currencyCode: 'GBP',
      startDate: '2024-02-20',
      mileage: 10_800,
    });
    const res = await exportOf(ann, car.id, '?format=paddock&kind=all');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Alpine-A110-paddock-all\.csv"$/,
    );
    const csv = res.body;
    expect(csv.split('\r\n')[0]).toBe(
      'Date,Type,Title,Odometer (mi),Cost,Currency,Fuel quantity,Fuel unit,Full tank,Missed previous,Price per unit,Energy,Economy confirmed,Location,Tags,Notes (HTML)',
    );
    // Formula starts are guarded with an apostrophe.
    const cells = parseCsv(csv).flatMap((r) => r.cells);
    expect(cells).toContain('\'=HYPERLINK("http://evil","x")');
    expect(cells).toContain("'@home; garage");
    expect(cells.some((c) => /^[=+\-@]/.test(c))).toBe(false);

    const copy = await createCar(t.app, ann, { mileage: null, mileageUnit: 'mi' });
    const result = await imported(t.app, ann, copy.id, Buffer.from(csv), { filename: 'paddock.csv' });
    expect(result).toMatchObject({ format: 'paddock', rows: 8, created: 8, errors: [] });
    const [before, after] = [await logsOf(t.app, ann, car.id), await logsOf(t.app, ann, copy.id)];
    expect(sorted(after)).toEqual(sorted(before));
    const odometer = async (id: string) =>
      (await t.app.inject({ method: 'GET', url: `${API}/cars/${id}/odometer`, headers: ann.headers })).json()
        .data;
    const [o1, o2] = [await odometer(car.id), await odometer(copy.id)];
    expect(o2.current).toBe(o1.current);
    expect(o2.readings.map((r: { date: string; mileage: number }) => [r.date, r.mileage])).toEqual(
      o1.readings.map((r: { date: string; mileage: number }) => [r.date, r.mileage]),
    );
    expect((await economy(t.app, ann, copy.id, 'mpg_us')).average).toBeCloseTo(35, 9);
    // Re-imported into the car it came from: nothing new.
    expect(await imported(t.app, ann, car.id, Buffer.from(csv))).toMatchObject({ created: 0, skipped: 8 });
  });

  test('kind=fuel and kind=service split the logs', async () => {
    const car = await createCar(t.app, ann, { mileage: null, mileageUnit: 'mi' });
    await imported(t.app, ann, car.id, fixture('lubelogger-fuel.csv'));
    await imported(t.app, ann, car.id, fixture('lubelogger-service.csv'));
    const rows = async (kind: string) =>
      parseCsv((await exportOf(ann, car.id, `?kind=${kind}`)).body).length - 1;
    expect([await rows('fuel'), await rows('service'), await rows('all')]).toEqual([5, 2, 7]);
  });
});

describe('LubeLogger CSV', () => {
  test("uses LubeLogger's headers and reads back as LubeLogger's", async () => {
    const car = await createCar(t.app, ann, { mileage: null, mileageUnit: 'mi' });
    await imported(t.app, ann, car.id, fixture('lubelogger-fuel.csv'));
    await imported(t.app, ann, car.id, fixture('lubelogger-service.csv'));
    const fuel = await exportOf(ann, car.id, '?format=lubelogger&kind=fuel');
    expect(fuel.statusCode).toBe(200);
    const lines = fuel.body.split('\r\n');
    expect(lines[0]).toBe('Date,Odometer,FuelConsumed,Cost,FuelEconomy,IsFillToFull,MissedFuelUp,Notes,Tags');
    expect(lines[1]).toBe('2024-01-05,10000,10,35,,True,False,"First fill\nStation: Shell",road trip');
    const service = await exportOf(ann, car.id, '?format=lubelogger&kind=service');
    expect(service.body.split('\r\n')[0]).toBe('Date,Description,Cost,Notes,Odometer,Tags');

    const copy = await createCar(t.app, ann, { mileage: null, mileageUnit: 'mi' });
    expect(await imported(t.app, ann, copy.id, Buffer.from(fuel.body))).toMatchObject({
      format: 'lubelogger-fuel',
      created: 5,
    });
    expect(await imported(t.app, ann, copy.id, Buffer.from(service.body))).toMatchObject({
      format: 'lubelogger-service',
      created: 2,
    });
    expect((await economy(t.app, ann, copy.id, 'mpg_us')).average).toBeCloseTo(35, 9);
  });

  test('kind=all is refused: LubeLogger takes fuel and service records as separate files', async () => {
    const car = await createCar(t.app, ann);
    const res = await exportOf(ann, car.id, '?format=lubelogger&kind=all');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('access', () => {
  test("another member's car answers 404; an unknown format 400; signed out 401", async () => {
    const car = await createCar(t.app, ann);
    expect((await exportOf(bob, car.id)).statusCode).toBe(404);
    expect((await exportOf(ann, car.id, '?format=xlsx')).statusCode).toBe(400);
    expect((await exportOf(ann, car.id, '?kind=photos')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${API}/cars/${car.id}/export` })).statusCode).toBe(401);
  });
});

test('OpenAPI documents the import and the export', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: `${API}/docs/json` })).json<{
    paths: Record<
      string,
      Record<string, { parameters?: { name: string }[]; responses: Record<string, unknown> }>
    >;
  }>();
  const importPath = doc.paths[`${API}/cars/{id}/imports`]!.post!;
  expect(importPath.parameters!.map((p) => p.name)).toEqual(
    expect.arrayContaining(['id', 'dryRun', 'onError']),
  );
  expect(JSON.stringify(importPath.responses['200'])).toContain('skipped');
  const exportPath = doc.paths[`${API}/cars/{id}/export`]!.get!;
  expect(exportPath.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['id', 'format', 'kind']));
  expect(JSON.stringify(exportPath.responses['200'])).toContain('text/csv');
});
