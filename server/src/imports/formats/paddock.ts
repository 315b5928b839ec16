// Paddock's own CSV: lossless (ISO dates, `.` decimals, the odometer's unit in its header, every
// field, notes as the stored HTML, tags as a JSON array) and re-importable as it is. Cells were
// guarded against CSV injection when written: reading undoes the guard.
import { FUEL_UNITS, type DistanceUnit, type FuelUnit } from '../../../../src/contract/maintenance/units';
import { LOG_FIELDS, type LogField } from '../../../../src/contract/fields';
import type { CarLog } from '../../../../src/contract/garage';
import { cell, parseCsv, Table, type CsvRecord } from '../csv';
import { csvLine, type CsvValue } from '../csv-write';
import { unguardCell } from '../csv-write';
import { parseBoolean } from '../values';
import { Reader, readRows, RowError, type Parsed, type ParseInput } from './common';

/** The fields with a column of their own below; every other one but the car is plain. */
const OWN_COLUMNS: readonly LogField[] = [
  'startDate',
  'type',
  'title',
  'mileage',
  'cost',
  'currencyCode',
  'fuel',
  'location',
  'tags',
  'content',
];
/** The one field not in the file: the car is the one exported from, or imported into. */
export const PADDOCK_FIELDS_OUTSIDE: readonly LogField[] = ['carId'];
/** The log fields written as they are, in columns named after them (a field new to the contract). */
export const PLAIN_FIELDS: readonly LogField[] = LOG_FIELDS.filter(
  (field) => !OWN_COLUMNS.includes(field) && !PADDOCK_FIELDS_OUTSIDE.includes(field),
);

function plainValue(log: CarLog, field: LogField): CsvValue {
  const value: unknown = log[field];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
}

/**
 * Paddock's columns, each with the log field it carries and how it is written, in the file's
 * order. tests/server/log-fields.test.ts fails when a field of the contract (LOG_FIELDS) has no
 * column, so a new field cannot be left out of the lossless format.
 */
export const PADDOCK_COLUMNS: readonly {
  header: string | ((unit: DistanceUnit) => string);
  field: LogField;
  write: (log: CarLog) => CsvValue;
}[] = [
  { header: 'Date', field: 'startDate', write: (log) => log.startDate },
  { header: 'Type', field: 'type', write: (log) => log.type },
  { header: 'Title', field: 'title', write: (log) => log.title },
  { header: (unit) => `Odometer (${unit})`, field: 'mileage', write: (log) => log.mileage },
  { header: 'Cost', field: 'cost', write: (log) => log.cost },
  { header: 'Currency', field: 'currencyCode', write: (log) => log.currencyCode },
  { header: 'Fuel quantity', field: 'fuel', write: (log) => log.fuel?.quantity ?? null },
  { header: 'Fuel unit', field: 'fuel', write: (log) => log.fuel?.unit ?? null },
  { header: 'Full tank', field: 'fuel', write: (log) => (log.fuel ? log.fuel.fullTank : null) },
  { header: 'Missed previous', field: 'fuel', write: (log) => (log.fuel ? log.fuel.missedPrevious : null) },
  { header: 'Price per unit', field: 'fuel', write: (log) => log.fuel?.pricePerUnit ?? null },
  // A fill's energy (a key of the energyType settings; empty: the car's main one) and "it's right".
  { header: 'Energy', field: 'fuel', write: (log) => log.fuel?.energy ?? null },
  {
    header: 'Economy confirmed',
    field: 'fuel',
    write: (log) => (log.fuel ? log.fuel.economyConfirmed === true : null),
  },
  { header: 'Location', field: 'location', write: (log) => log.location },
  { header: 'Tags', field: 'tags', write: (log) => (log.tags.length > 0 ? JSON.stringify(log.tags) : null) },
  { header: 'Notes (HTML)', field: 'content', write: (log) => log.content },
  // Every other field is plain (a text, a number or a flag), written as it is under its own name.
  ...PLAIN_FIELDS.map((field) => ({ header: field, field, write: (log: CarLog) => plainValue(log, field) })),
];
export const paddockHeader = (unit: DistanceUnit) =>
  PADDOCK_COLUMNS.map((c) => (typeof c.header === 'string' ? c.header : c.header(unit)));

export function paddockHeaderLine(unit: DistanceUnit): string {
  return csvLine(paddockHeader(unit));
}

export function paddockLine(log: CarLog): string {
  return csvLine(PADDOCK_COLUMNS.map((c) => c.write(log)));
}

/** Whether a header row is Paddock's. */
export const isPaddockHeader = (cells: string[]) =>
  cells[0] === 'Date' && cells[1] === 'Type' && cells.includes('Notes (HTML)') && cells.includes('Fuel unit');

export function parsePaddock(input: ParseInput): Parsed {
  const [header, ...records] = parseCsv(input.text ?? '', ',');
  const t = new Table(header?.cells ?? [], records);
  const odometer = t.columnStartingWith('Odometer');
  const headerUnit = /\((mi|km)\)/.exec(t.header[odometer] ?? '')?.[1] as DistanceUnit | undefined;
  const distanceUnit = input.overrides.distanceUnit ?? headerUnit ?? input.carDistance;
  const reader = new Reader('.', 'yyyy-mm-dd');
  const c = Object.fromEntries(
    paddockHeader(distanceUnit).map((name, i) => [name, i === 3 ? odometer : t.column(name)]),
  );
  const text = (r: CsvRecord, name: string) => unguardCell(cell(r, c[name]!));
  const raw = (r: CsvRecord, name: string) => {
    const i = c[name]!;
    return i < 0 ? '' : unguardCell(r.cells[i] ?? '');
  };
  const rows = readRows(t.records, (r) => {
    const unit = text(r, 'Fuel unit');
    const quantity = reader.number(r, c['Fuel quantity']!, 'Fuel quantity');
    let fuel = null;
    if (unit !== '' || quantity !== null) {
      if (!(FUEL_UNITS as readonly string[]).includes(unit))
        throw new RowError(`Fuel unit "${unit}" is not l, gal_us, gal_uk or kwh`);
      const full = parseBoolean(text(r, 'Full tank'));
      const missed = parseBoolean(text(r, 'Missed previous'));
      if (full === null || missed === null)
        throw new RowError('Full tank or Missed previous is neither true nor false');
      if (quantity === null) throw new RowError('Fuel quantity is missing');
      // Files written before energies have neither column: every fill is of the main energy.
      const energy = text(r, 'Energy');
      const confirmed = parseBoolean(text(r, 'Economy confirmed')) === true;
      fuel = {
        quantity,
        unit: unit as FuelUnit,
        fullTank: full,
        missedPrevious: missed,
        pricePerUnit: reader.number(r, c['Price per unit']!, 'Price per unit'),
        ...(energy !== '' ? { energy } : {}),
        ...(confirmed ? { economyConfirmed: true } : {}),
      };
    }
    let tags: string[] = [];
    const tagText = text(r, 'Tags');
    if (tagText !== '') {
      try {
        const parsed: unknown = JSON.parse(tagText);
        if (!Array.isArray(parsed) || !parsed.every((x) => typeof x === 'string'))
          throw new Error('not a list');
        tags = parsed;
      } catch {
        throw new RowError('Tags is not a JSON list of texts');
      }
    }
    const title = text(r, 'Title');
    if (title === '') throw new RowError('Title is missing');
    const type = text(r, 'Type');
    if (type === '') throw new RowError('Type is missing');
    return {
      type,
      title,
      startDate: reader.date(r, c.Date!),
      mileage: reader.number(r, odometer, 'Odometer'),
      cost: reader.number(r, c.Cost!, 'Cost'),
      currencyCode: text(r, 'Currency') || null,
      location: raw(r, 'Location') === '' ? null : raw(r, 'Location'),
      content: raw(r, 'Notes (HTML)') === '' ? null : raw(r, 'Notes (HTML)'),
      tags,
      fuel,
      plain: Object.fromEntries(
        PLAIN_FIELDS.filter((field) => t.column(field) >= 0).map((field) => [
          field,
          raw(r, field) === '' ? null : raw(r, field),
        ]),
      ),
    };
  });
  return { rows, distanceUnit, volumeUnit: 'l', dateFormat: 'yyyy-mm-dd', decimalSeparator: '.' };
}
