// Shared by the import and export tests: the fixture files, an upload of one, a car's logs.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { App } from '../../server/src/app';
import type { CarLog } from '../../src/contract/garage';
import type { ImportResult } from '../../src/contract/imports';
import { API, type Member } from './garage-fixtures';
import { form } from './media-fixtures';

export const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/imports');
export const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

export async function upload(
  app: App,
  who: Member,
  carId: string,
  bytes: Buffer,
  { query = 'dryRun=false', filename = 'export.csv', fields = {} as Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: `${API}/cars/${carId}/imports?${query}`,
    headers: who.headers,
    payload: form(fields, [{ name: 'file', bytes, filename, type: 'text/csv' }]),
  });
}

export async function imported(
  app: App,
  who: Member,
  carId: string,
  bytes: Buffer,
  options: Parameters<typeof upload>[4] = {},
): Promise<ImportResult> {
  const res = await upload(app, who, carId, bytes, options);
  if (res.statusCode !== 200) throw new Error(`import answered ${res.statusCode}: ${res.body}`);
  return res.json<{ data: ImportResult }>().data;
}

export async function logsOf(app: App, who: Member, carId: string): Promise<CarLog[]> {
  const res = await app.inject({
    method: 'GET',
    url: `${API}/car-logs/${carId}?limit=100`,
    headers: who.headers,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json<{ data: CarLog[] }>().data;
}

export async function economy(app: App, who: Member, carId: string, unit: string) {
  const res = await app.inject({
    method: 'GET',
    url: `${API}/cars/${carId}/fuel-economy?unit=${unit}`,
    headers: who.headers,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json<{ data: { average: number | null; segments: { valid: boolean }[] } }>().data;
}

/**
 * A Hammond database as its backup holds it: `fillups` and `expenses` (GORM's snake_case columns;
 * fuel_unit 0 litre, 1 imperial gallon, 2 US gallon; distance_unit 0 miles, 1 km), two vehicles.
 */
export function hammondDatabase(): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'hammond-fixture-'));
  const file = path.join(dir, 'hammond.db');
  const db = new Database(file);
  db.exec(`
    CREATE TABLE fillups (id TEXT PRIMARY KEY, created_at DATETIME, updated_at DATETIME, deleted_at DATETIME,
      vehicle_id TEXT, fuel_unit INTEGER, fuel_quantity REAL, per_unit_price REAL, total_amount REAL,
      odo_reading INTEGER, is_tank_full NUMERIC, has_missed_fillup NUMERIC, comments TEXT, filling_station TEXT,
      user_id TEXT, date DATETIME, currency TEXT, distance_unit INTEGER, source TEXT);
    CREATE TABLE expenses (id TEXT PRIMARY KEY, created_at DATETIME, updated_at DATETIME, deleted_at DATETIME,
      vehicle_id TEXT, amount REAL, odo_reading INTEGER, expense_type TEXT, comments TEXT, user_id TEXT,
      date DATETIME, currency TEXT, distance_unit INTEGER, source TEXT);
  `);
  const fill = db.prepare(
    `INSERT INTO fillups (id, vehicle_id, fuel_unit, fuel_quantity, per_unit_price, total_amount, odo_reading,
      is_tank_full, has_missed_fillup, comments, filling_station, date, currency, distance_unit, deleted_at)
     VALUES (?, ?, 2, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'USD', 0, ?)`,
  );
  fill.run('f1', 'v1', 12, 3.5, 42, 40000, 1, 0, '', 'Costco', '2023-05-01 00:00:00+00:00', null);
  fill.run('f2', 'v1', 11, 3.6, 39.6, 40330, 1, 0, 'highway', 'Costco', '2023-05-10 00:00:00+00:00', null);
  fill.run('f3', 'v1', 5, 3.7, 18.5, 40480, 0, 0, '', '', '2023-05-15 00:00:00+00:00', null);
  fill.run('f4', 'v1', 5, 3.7, 18.5, 40630, 1, 0, '', '', '2023-05-20 00:00:00+00:00', null);
  fill.run('gone', 'v1', 99, 3.7, 18.5, 40700, 1, 0, '', '', '2023-05-21 00:00:00+00:00', '2023-06-01');
  fill.run('other', 'v2', 30, 3.7, 111, 5, 1, 0, '', '', '2023-05-20 00:00:00+00:00', null);
  db.prepare(
    `INSERT INTO expenses (id, vehicle_id, amount, odo_reading, expense_type, comments, date, currency, distance_unit)
     VALUES ('e1', 'v1', 250, 40400, 'Repair', 'Water pump', '2023-05-12 00:00:00+00:00', 'USD', 0)`,
  ).run();
  db.close();
  const bytes = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  return bytes;
}
