// Every list of a car's or a log's fields on the server follows the contract (src/contract/fields.ts):
// the Paddock CSV's columns, the columns behind each field (the account export's car columns) and
// the sale handover's classification. A field added to CarInput or CarLogInput fails here until
// each list has it.
import { describe, expect, test } from 'vitest';
import { CAR_FIELDS, LOG_FIELDS } from '../../src/contract/fields';
import { CarInput, CarLogInput, CarLogUpdate, CarUpdate } from '../../src/contract/garage';
import { CAR_COLUMN_OF, CAR_FIELD_COLUMNS, LOG_COLUMNS_OF } from '../../server/src/garage/field-columns';
import { LOG_COLUMNS_KEPT_BY, LOG_FIELDS_KEPT_BY } from '../../server/src/garage/car-transfers-handover';
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
});
