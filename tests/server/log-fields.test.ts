// Every list of a car's or a log's fields on the server follows the contract (src/contract/fields.ts):
// the Paddock CSV's columns, the columns behind each field (the account export's car columns) and
// the sale handover's classification. A field added to CarInput or CarLogInput fails here until
// each list has it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import { CAR_FIELDS, emptyLogFields, LOG_FIELDS, presentLogFields } from '../../src/contract/fields';
import { CarInput, CarLog, CarLogInput, CarLogUpdate, CarUpdate } from '../../src/contract/garage';
import {
  CAR_COLUMN_OF,
  CAR_FIELD_COLUMNS,
  LOG_COLUMNS_OF,
  LOG_FIELD_COLUMNS,
} from '../../server/src/garage/field-columns';
import {
  LOG_EXPORT_COLUMNS,
  REMINDER_COLUMNS_NOT_EXPORTED,
  REMINDER_EXPORT_COLUMNS,
} from '../../server/src/account/account-export';
import { PAGE_COLUMNS, toCarLog, toRow } from '../../server/src/garage/car-logs-repository';
import { createDb } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrator';
import {
  CAR_FIELDS_AT_SALE,
  LOG_COLUMNS_KEPT_BY,
  LOG_FIELDS_KEPT_BY,
  PAPER_KINDS_AT_SALE,
} from '../../server/src/garage/car-transfers-handover';
import { CAR_PAPER_KINDS } from '../../src/contract/car-papers';
import {
  PADDOCK_COLUMNS,
  PADDOCK_FIELDS_OUTSIDE,
  paddockHeader,
} from '../../server/src/imports/formats/paddock';

const keys = (schema: { properties: object }, without: string[]) =>
  Object.keys(schema.properties)
    .filter((key) => !without.includes(key))
    .sort();
const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

describe('the field lists follow the contract', () => {
  test('the contract lists every field of the create and the update schemas', () => {
    expect(sorted(CAR_FIELDS)).toEqual(keys(CarInput, ['id']));
    expect(sorted(CAR_FIELDS)).toEqual(keys(CarUpdate, ['base']));
    expect(sorted(LOG_FIELDS)).toEqual(keys(CarLogInput, ['id', 'odometerConfirmed']));
    expect(sorted(LOG_FIELDS)).toEqual(keys(CarLogUpdate, ['odometerConfirmed', 'base']));
  });

  test('a log built from a create or an imported row starts every unsaid field empty, read from the schema', () => {
    const properties = CarLog.properties as Record<string, { type?: unknown }>;
    const unsaid = LOG_FIELDS.filter((field) => {
      const type = properties[field]?.type;
      return (Array.isArray(type) && type.includes('null')) || type === 'array';
    });
    expect(sorted(Object.keys(emptyLogFields()))).toEqual(sorted(unsaid));
    expect(emptyLogFields()).toMatchObject({ tags: [], location: null, content: null, cost: null });
    // Only the contract's fields a request carries, never its id or a stray key.
    expect(
      presentLogFields({ id: 'x', title: 'Oil', location: undefined, stray: 1, odometerConfirmed: true }),
    ).toEqual({ title: 'Oil' });
  });

  test('the Paddock CSV has a column for every field of a log but its car', () => {
    const carried = PADDOCK_COLUMNS.map((c) => c.field);
    expect(sorted([...carried, ...PADDOCK_FIELDS_OUTSIDE])).toEqual(sorted(LOG_FIELDS));
    expect(carried).not.toContain('carId');
    expect(paddockHeader('km')).toHaveLength(PADDOCK_COLUMNS.length);
  });

  test('every field has its columns, and the account export names a car field as the contract does', () => {
    expect(sorted(Object.keys(CAR_COLUMN_OF))).toEqual(sorted(CAR_FIELDS));
    expect(sorted(Object.keys(LOG_COLUMNS_OF))).toEqual(sorted(LOG_FIELDS));
    const camel = (column: string) => column.replace(/_([a-z])/g, (_, l: string) => l.toUpperCase());
    expect(CAR_FIELD_COLUMNS.map(camel)).toEqual([...CAR_FIELDS]);
  });

  test('the sale handover classifies every field of a log and every column behind it', () => {
    for (const field of LOG_FIELDS) expect(LOG_FIELDS_KEPT_BY).toHaveProperty(field);
    for (const column of Object.values(LOG_COLUMNS_OF).flat())
      expect(LOG_COLUMNS_KEPT_BY).toHaveProperty(column);
  });

  test('the sale classifies every field of a car and every kind of paper', () => {
    expect(sorted(Object.keys(CAR_FIELDS_AT_SALE))).toEqual(sorted(CAR_FIELDS));
    expect(sorted(Object.keys(PAPER_KINDS_AT_SALE))).toEqual(sorted(CAR_PAPER_KINDS));
  });

  test('a page reads every column of car_logs but the import fingerprint, and reminders.json every reminder column it should, by the tables', async () => {
    // Its own SQLite file: the table's columns as migrated.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-log-fields-'));
    try {
      const db = createDb({ dataDir, databaseUrl: null });
      await migrateToLatest(db.kysely);
      await db.close();
      const sqlite = new SQLite(path.join(dataDir, 'paddock.db'), { readonly: true });
      const columns = (sqlite.pragma('table_info(car_logs)') as { name: string }[]).map((c) => c.name);
      const reminderColumns = (sqlite.pragma('table_info(reminders)') as { name: string }[]).map(
        (c) => c.name,
      );
      sqlite.close();
      // reminders.json: every column of the table exported, or left out on purpose.
      expect(sorted([...REMINDER_EXPORT_COLUMNS, ...REMINDER_COLUMNS_NOT_EXPORTED])).toEqual(
        sorted(reminderColumns),
      );
      expect(sorted(PAGE_COLUMNS)).toEqual(sorted(columns.filter((c) => c !== 'import_fingerprint')));
      for (const column of LOG_FIELD_COLUMNS) expect(columns).toContain(column);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a log goes to its row and back whole, by the contract fields', () => {
    const log = {
      id: 'l1',
      carId: 'c1',
      type: 'fuel',
      title: 'Fill-up',
      content: '<p>Note</p>',
      location: 'Lyon',
      tags: ['a', 'b'],
      cost: 61.37,
      currencyCode: 'EUR',
      startDate: '2026-01-02',
      mileage: 12_345,
      fuel: {
        quantity: 40.5,
        unit: 'l' as const,
        fullTank: true,
        missedPrevious: false,
        pricePerUnit: 1.515,
      },
      authorId: 'u1',
      media: [],
      createdAt: '2026-01-02T00:00:00.000Z',
      updatedAt: '2026-01-03T00:00:00.000Z',
    };
    const row = toRow(log);
    expect(row.cost_cents).toBe(6137);
    expect(row.tags).toBe('["a","b"]');
    for (const column of LOG_FIELD_COLUMNS) expect(row).toHaveProperty(column);
    expect(toCarLog({ ...row, former_owner_id: null })).toEqual(log);
    const plain = { ...log, fuel: undefined, tags: [], cost: null, mileage: null, location: null };
    const { fuel: _none, ...withoutFuel } = plain;
    expect(toCarLog({ ...toRow(plain), former_owner_id: 'u0' })).toEqual({
      ...withoutFuel,
      formerOwner: true,
    });
  });

  test('car-logs.json of the account export names every field of a log', () => {
    const named = [...LOG_EXPORT_COLUMNS, 'tags', ...LOG_COLUMNS_OF.fuel];
    expect(sorted(named)).toEqual(sorted(LOG_FIELD_COLUMNS));
  });
});
