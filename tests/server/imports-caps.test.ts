// The caps that keep one member's history bounded, each pinned at exactly its number: at most
// IMPORT_MAX_ROWS (20,000) rows an import (413 IMPORT_TOO_MANY_ROWS), CAR_LOGS_MAX (50,000) logs a
// car (409 CAR_LOG_LIMIT: a create, a move, an import past it), IMPORTS_PER_HOUR (100) imports an
// hour a member, dry runs not counted (429 with Retry-After).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CAR_LOGS_MAX, IMPORT_MAX_ROWS, IMPORTS_PER_HOUR } from '../../src/contract/constants';
import { API, createCar, createLog, logBody, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { imported, upload } from './imports-fixtures';
import { fillCar, paddockCsv } from './workers-fixtures';

// Thousands of rows or logs to write and read on a runner shared by parallel suites (no time asserted).
const HEAVY_MS = 180_000;

let t: TestApp;
let ann: Member;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
});
afterAll(async () => t?.close());

const totalOf = async (carId: string) =>
  (await t.app.inject({ method: 'GET', url: `${API}/car-logs/${carId}`, headers: ann.headers })).json<{
    meta: { total: number };
  }>().meta.total;

test('the numbers README "Imports and exports" names', () => {
  expect(IMPORT_MAX_ROWS).toBe(20_000);
  expect(CAR_LOGS_MAX).toBe(50_000);
  expect(IMPORTS_PER_HOUR).toBe(100);
});

describe('rows an import reads', { timeout: HEAVY_MS }, () => {
  test(`${IMPORT_MAX_ROWS} rows are read; one more answers 413 IMPORT_TOO_MANY_ROWS`, async () => {
    const car = await createCar(t.app, ann, { mileage: null });
    const atCap = await imported(t.app, ann, car.id, paddockCsv(IMPORT_MAX_ROWS), { query: 'dryRun=true' });
    expect(atCap).toMatchObject({ format: 'paddock', rows: IMPORT_MAX_ROWS, created: IMPORT_MAX_ROWS });
    for (const query of ['dryRun=true', 'dryRun=false&onError=skip']) {
      const res = await upload(t.app, ann, car.id, paddockCsv(IMPORT_MAX_ROWS + 1), { query });
      expect(res.statusCode, res.body).toBe(413);
      const { error } = res.json<{ error: { code: string; message: string } }>();
      expect(error.code).toBe('IMPORT_TOO_MANY_ROWS');
      expect(error.message).toContain(String(IMPORT_MAX_ROWS));
    }
    expect(await totalOf(car.id)).toBe(0);
  });
});

describe('logs a car holds', { timeout: HEAVY_MS }, () => {
  test(`an import up to ${CAR_LOGS_MAX} logs writes; one row past it writes nothing (409 CAR_LOG_LIMIT)`, async () => {
    const car = await createCar(t.app, ann, { mileage: null });
    await fillCar(t.app, car.id, ann.id, CAR_LOGS_MAX - 3);
    const past = await upload(t.app, ann, car.id, paddockCsv(4), { query: 'dryRun=false' });
    expect(past.statusCode, past.body).toBe(409);
    expect(past.json<{ error: { code: string } }>().error.code).toBe('CAR_LOG_LIMIT');
    // A preview tells the same.
    const preview = await upload(t.app, ann, car.id, paddockCsv(4), { query: 'dryRun=true' });
    expect(preview.statusCode, preview.body).toBe(409);
    expect(await totalOf(car.id)).toBe(CAR_LOGS_MAX - 3);
    const fits = await imported(t.app, ann, car.id, paddockCsv(3));
    expect(fits).toMatchObject({ created: 3 });
    expect(await totalOf(car.id)).toBe(CAR_LOGS_MAX);
    // The same rows again are all duplicates: nothing to add, no refusal.
    expect(await imported(t.app, ann, car.id, paddockCsv(3))).toMatchObject({ created: 0, skipped: 3 });
  });

  test(`creating the ${CAR_LOGS_MAX}th log works, the next answers 409 CAR_LOG_LIMIT; a move onto a full car too`, async () => {
    const car = await createCar(t.app, ann, { mileage: null });
    await fillCar(t.app, car.id, ann.id, CAR_LOGS_MAX - 1);
    const last = await createLog(t.app, ann, car.id, { mileage: null });
    expect(await totalOf(car.id)).toBe(CAR_LOGS_MAX);
    const past = await t.app.inject({
      method: 'POST',
      url: `${API}/car-logs`,
      headers: ann.headers,
      payload: logBody(car.id, { mileage: null }),
    });
    expect(past.statusCode, past.body).toBe(409);
    expect(past.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'CAR_LOG_LIMIT',
    });
    // Editing a log of the full car is still allowed.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `${API}/car-logs/${last.id}`,
      headers: ann.headers,
      payload: { title: 'Edited' },
    });
    expect([200, 204], edit.body).toContain(edit.statusCode);
    // A log of another car cannot be moved onto the full one.
    const other = await createCar(t.app, ann, { mileage: null });
    const log = await createLog(t.app, ann, other.id, { mileage: null });
    const move = await t.app.inject({
      method: 'PUT',
      url: `${API}/car-logs/${log.id}`,
      headers: ann.headers,
      payload: { carId: car.id },
    });
    expect(move.statusCode, move.body).toBe(409);
    expect(move.json<{ error: { code: string } }>().error.code).toBe('CAR_LOG_LIMIT');
    expect(await totalOf(car.id)).toBe(CAR_LOGS_MAX);
  });
});

describe('imports an hour', { timeout: HEAVY_MS }, () => {
  test(`${IMPORTS_PER_HOUR} imports an hour pass, previews not counted; the next answers 429 with Retry-After`, async () => {
    const bob = await member(t.app);
    const car = await createCar(t.app, bob, { mileage: null });
    const file = paddockCsv(1);
    const status = async (query: string) => (await upload(t.app, bob, car.id, file, { query })).statusCode;
    for (let i = 0; i < 5; i++) expect(await status('dryRun=true')).toBe(200);
    for (let i = 0; i < IMPORTS_PER_HOUR; i++) expect(await status('dryRun=false')).toBe(200);
    const refused = await upload(t.app, bob, car.id, file, { query: 'dryRun=false' });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    // Previews still answer; another member is not held by this one's count.
    expect(await status('dryRun=true')).toBe(200);
    const carOfAnn = await createCar(t.app, ann, { mileage: null });
    expect((await upload(t.app, ann, carOfAnn.id, file, { query: 'dryRun=false' })).statusCode).toBe(200);
  });
});
