// Hammond's SQLite database file (its backup): the `fillups` and `expenses` tables, rows of the
// vehicle with the most fill-ups. Hammond's enums: fuel_unit 0 litre, 1 (imperial) gallon, 2 US
// gallon, 4 kWh; distance_unit 0 miles, 1 kilometres.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { DistanceUnit, FuelUnit } from '../../../../src/contract/maintenance/units';
import { IMPORT_NUMBER_MAX } from '../../../../src/contract/constants';
import { parseDate, parseNumber } from '../values';
import * as common from './common';

export const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

const FUEL_UNITS: Record<string, FuelUnit> = { '0': 'l', '1': 'gal_uk', '2': 'gal_us', '4': 'kwh' };

type Row = Record<string, unknown>;

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v)).trim();

function numberOrNull(v: unknown, name: string): number | null {
  if (v === null || v === undefined || v === '') return null;
  // A stored number as it is; a text through the strict reader (`1e5` is not 15, nor 100000).
  const n = typeof v === 'number' ? v : parseNumber(text(v), '.');
  if (n === null || !Number.isFinite(n) || n < 0 || n > IMPORT_NUMBER_MAX)
    throw new common.RowError(`${name} "${text(v)}" is not a number`, 'unreadable-number', {
      field: common.fieldOf(name),
      value: text(v).slice(0, 40),
    });
  return n;
}

function dateOf(v: unknown): string {
  const date = parseDate(text(v), 'yyyy-mm-dd');
  if (!date)
    throw new common.RowError(`the date "${text(v)}" is not a date`, 'unreadable-date', {
      value: text(v).slice(0, 40),
    });
  return date;
}

const truthy = (v: unknown) => v === 1 || v === '1' || v === true || v === 'true';

/**
 * The member's database opened as untrusted: read-only, `trusted_schema` off (no SQL function with
 * side effects runs from the schema), page checks on, and no extension loading (better-sqlite3
 * never enables the SQL `load_extension()`). A schema with what a Hammond backup never has and a
 * reader does not need is refused before any row is read: views and triggers, virtual tables, and
 * generated columns (an 8 KB file whose generated column did heavy work on each row read held the
 * server for 12 s). The worker's time limit (server/src/workers) is the backstop for the rest.
 */
function openUntrusted(file: string): Database.Database {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('trusted_schema = OFF');
    db.pragma('cell_size_check = ON');
    const schema = db.prepare('SELECT type, name, sql FROM sqlite_master').all() as {
      type: string;
      name: string;
      sql: string | null;
    }[];
    const refuse = (what: string) => {
      throw new common.RowError(
        `this database has ${what}, which a Hammond backup never has: it is not read`,
      );
    };
    if (schema.some((o) => o.type === 'view')) refuse('views');
    if (schema.some((o) => o.type === 'trigger')) refuse('triggers');
    for (const table of schema.filter((o) => o.type === 'table')) {
      if (/^\s*create\s+virtual\b/i.test(table.sql ?? '')) refuse('virtual tables');
      // table_xinfo's `hidden`: 2 a virtual generated column, 3 a stored one.
      const columns = db.prepare('SELECT hidden FROM pragma_table_xinfo(?)').all(table.name) as {
        hidden: number;
      }[];
      if (columns.some((c) => c.hidden === 2 || c.hidden === 3)) refuse('generated columns');
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function columnsOf(db: Database.Database, table: string): Set<string> {
  return new Set((db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name));
}

export function parseHammond(input: common.ParseInput): common.Parsed {
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-hammond-'));
  const file = path.join(dir, 'hammond.db');
  writeFileSync(file, input.bytes);
  let db: Database.Database | undefined;
  try {
    db = openUntrusted(file);
    const tables = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (t) => t.name,
      ),
    );
    if (!tables.has('fillups')) throw new common.RowError('this database has no fillups table');
    const fillCols = columnsOf(db, 'fillups');
    const live = (cols: Set<string>) => (cols.has('deleted_at') ? ' WHERE deleted_at IS NULL' : '');
    const vehicle = fillCols.has('vehicle_id')
      ? (db
          .prepare(
            `SELECT vehicle_id AS v, COUNT(*) AS n FROM fillups${live(fillCols)} GROUP BY vehicle_id ORDER BY n DESC LIMIT 1`,
          )
          .get() as { v: unknown } | undefined)
      : undefined;
    const select = (table: string, cols: Set<string>) => {
      const where = [
        cols.has('deleted_at') ? 'deleted_at IS NULL' : null,
        vehicle && cols.has('vehicle_id') ? 'vehicle_id = ?' : null,
      ]
        .filter(Boolean)
        .join(' AND ');
      const order = cols.has('date') ? ' ORDER BY date' : '';
      return db!
        .prepare(`SELECT * FROM ${table}${where ? ` WHERE ${where}` : ''}${order}`)
        .all(...(vehicle && cols.has('vehicle_id') ? [vehicle.v] : [])) as Row[];
    };
    const fillups = select('fillups', fillCols);
    const expenses = tables.has('expenses') ? select('expenses', columnsOf(db, 'expenses')) : [];
    const firstDistance = fillups[0]?.distance_unit ?? expenses[0]?.distance_unit;
    const fileDistance: DistanceUnit =
      input.overrides.distanceUnit ??
      (firstDistance === undefined || firstDistance === null
        ? input.carDistance
        : text(firstDistance) === '0'
          ? 'mi'
          : 'km');
    const firstVolume = FUEL_UNITS[text(fillups[0]?.fuel_unit)];
    const volumeUnit: FuelUnit =
      input.overrides.volumeUnit ?? firstVolume ?? (fileDistance === 'mi' ? 'gal_us' : 'l');

    const rows: common.ParsedRow[] = [];
    const read = (list: Row[], offset: number, fn: (r: Row) => common.DraftLog) =>
      list.forEach((r, i) => {
        try {
          rows.push({ row: offset + i + 1, log: fn(r) });
        } catch (error) {
          if (!(error instanceof common.RowError)) throw error;
          rows.push({ row: offset + i + 1, error: error.message });
        }
      });
    read(fillups, 0, (r) => {
      const quantity = numberOrNull(r.fuel_quantity, 'fuel_quantity');
      if (quantity === null) throw new common.RowError('fuel_quantity is missing');
      return common.fuelDraft(
        dateOf(r.date),
        numberOrNull(r.odo_reading, 'odo_reading'),
        {
          quantity,
          unit: input.overrides.volumeUnit ?? FUEL_UNITS[text(r.fuel_unit)] ?? volumeUnit,
          fullTank: r.is_tank_full === null || r.is_tank_full === undefined ? true : truthy(r.is_tank_full),
          missedPrevious: truthy(r.has_missed_fillup),
          pricePerUnit: numberOrNull(r.per_unit_price, 'per_unit_price'),
        },
        {
          title: (text(r.filling_station) || 'Fill-up').slice(0, 200),
          cost: numberOrNull(r.total_amount, 'total_amount'),
          ...(text(r.currency) ? { currencyCode: text(r.currency).toUpperCase() } : {}),
          content: common.notesHtml(text(r.comments)),
        },
      );
    });
    // Expenses are numbered after the fill-ups.
    read(expenses, fillups.length, (r) => {
      const odometer = numberOrNull(r.odo_reading, 'odo_reading');
      return {
        type: /repair/i.test(text(r.expense_type))
          ? 'repair'
          : /service|maint/i.test(text(r.expense_type))
            ? 'maintenance'
            : 'other',
        title: (text(r.expense_type) || text(r.comments) || 'Expense').slice(0, 200),
        startDate: dateOf(r.date),
        mileage: odometer === 0 ? null : odometer,
        cost: numberOrNull(r.amount, 'amount'),
        ...(text(r.currency) ? { currencyCode: text(r.currency).toUpperCase() } : {}),
        content: common.notesHtml(text(r.comments)),
        location: null,
        tags: [],
        fuel: null,
      };
    });
    return { rows, distanceUnit: fileDistance, volumeUnit, dateFormat: 'yyyy-mm-dd', decimalSeparator: '.' };
  } finally {
    db?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
