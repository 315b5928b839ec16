// Shared by the off-the-event-loop tests (workers-offload, imports-caps, workers-build): hostile
// SQLite files, long import files, and a car filled with many logs straight through the repository.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { App } from '../../server/src/app';
import { csvLine } from '../../server/src/imports/csv-write';
import { paddockHeader, paddockHeaderLine } from '../../server/src/imports/formats/paddock';
import { importsRepository } from '../../server/src/imports/imports-repository';
import type { CarLog } from '../../src/contract/garage';

const FILLUPS = `CREATE TABLE fillups (id TEXT PRIMARY KEY, vehicle_id TEXT, fuel_unit INTEGER, fuel_quantity REAL,
  per_unit_price REAL, total_amount REAL, odo_reading INTEGER, is_tank_full NUMERIC, has_missed_fillup NUMERIC,
  comments TEXT, filling_station TEXT, date DATETIME, currency TEXT, distance_unit INTEGER, deleted_at DATETIME`;

/**
 * The ways a member's SQLite file can make reading it cost: each one a Hammond backup never has.
 * (What comes after `--then` runs once the rows are in.)
 */
export const HOSTILE_SCHEMAS = {
  // The penetration test's file: every row read computes a 40 MB blob's hex, then searches it
  // (added after the rows: SQLite would compute it for each insert too).
  'generated columns': `${FILLUPS}); --then
    ALTER TABLE fillups ADD COLUMN heavy INTEGER GENERATED ALWAYS AS (instr(hex(zeroblob(40000000)), 'Z') + length(id)) VIRTUAL;`,
  'stored generated columns': `${FILLUPS}, twice REAL GENERATED ALWAYS AS (fuel_quantity * 2) STORED);`,
  views: `${FILLUPS}); CREATE VIEW expenses AS SELECT * FROM fillups;`,
  triggers: `${FILLUPS}); CREATE TABLE log (id TEXT);
    CREATE TRIGGER fillups_log AFTER INSERT ON fillups BEGIN INSERT INTO log VALUES (new.id); END;`,
  'virtual tables': `${FILLUPS}); CREATE VIRTUAL TABLE expenses USING fts5(comments);`,
} as const;

export type HostileSchema = keyof typeof HOSTILE_SCHEMAS;

/** A small (a few KB) Hammond-looking SQLite file with `schema`, and a few fill-ups in it. */
export function hostileSqlite(schema: HostileSchema, rows = 20): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'hostile-sqlite-'));
  const file = path.join(dir, 'hammond.db');
  const db = new Database(file);
  const [create, then] = HOSTILE_SCHEMAS[schema].split('--then');
  db.exec(create!);
  const fill = db.prepare(
    `INSERT INTO fillups (id, vehicle_id, fuel_unit, fuel_quantity, total_amount, odo_reading, is_tank_full, date, currency, distance_unit)
     VALUES (?, 'v1', 0, 40, 60, ?, 1, ?, 'EUR', 1)`,
  );
  for (let i = 0; i < rows; i++)
    fill.run(`f${i}`, 10_000 + i * 500, new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10));
  if (then) db.exec(then);
  db.close();
  const bytes = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  return bytes;
}

/**
 * Paddock's own CSV with `rows` logs a day apart (odometer +100 each): plain ones, or each with
 * rich notes the reader must sanitise (the costliest rows a file can hold within the upload limit).
 */
export function paddockCsv(rows: number, { richNotes = false, from = 0 } = {}): Buffer {
  const note = richNotes
    ? `<p>${Array.from(
        { length: 12 },
        (_, i) =>
          `<strong>bold ${i}</strong> <em>it</em> <a href="https://example.com/${i}">link</a> <span class="ql-color-red">c</span>`,
      ).join(' ')}</p>`
    : null;
  const lines = [paddockHeaderLine('km')];
  // Each value under its column's name: a column added to Paddock's CSV leaves the rest in place.
  const header = paddockHeader('km');
  for (let i = from; i < from + rows; i++) {
    const day = new Date(Date.UTC(1990, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    const row: Record<string, string | number | null> = {
      Date: day,
      Type: 'maintenance',
      Title: `Service ${i}`,
      'Odometer (km)': 1000 + i * 100,
      Cost: 10,
      Currency: 'EUR',
      'Notes (HTML)': note,
    };
    lines.push(csvLine(header.map((name) => row[name] ?? null)));
  }
  return Buffer.from(lines.join('\n'));
}

/** `count` logs written to the car through the import repository (one transaction), as an import does. */
export async function fillCar(
  app: App,
  carId: string,
  authorId: string,
  count: number,
  start = 0,
): Promise<void> {
  const at = new Date().toISOString();
  const logs = Array.from({ length: count }, (_, k) => {
    const i = start + k;
    const log: CarLog = {
      id: randomUUID(),
      carId,
      authorId,
      type: 'maintenance',
      title: `Filled ${i}`,
      content: null,
      location: null,
      tags: [],
      cost: null,
      currencyCode: null,
      startDate: '2001-01-01',
      mileage: null,
      media: [],
      createdAt: at,
      updatedAt: at,
    };
    return { log, fingerprint: `fill-${carId}-${i}` };
  });
  await importsRepository(app.db.kysely).insertAll(logs);
}
