// The field lists an edit diffs and a restore copies are the contract's, every one of them.
import { describe, expect, test } from 'vitest';
import { CarInput, CarLogInput, CarLogUpdate, CarUpdate } from '@/contract/garage';
import * as contract from '@/contract/fields';
import { CAR_FIELDS, LOG_FIELDS } from './fields';

const keys = (schema: { properties: object }, without: string[]) =>
  Object.keys(schema.properties)
    .filter((key) => !without.includes(key))
    .sort();

describe('garage field lists', () => {
  test('a log: every field of CarLogInput and CarLogUpdate (fuel included)', () => {
    expect([...LOG_FIELDS].sort()).toEqual(keys(CarLogInput, ['id', 'odometerConfirmed']));
    expect([...LOG_FIELDS].sort()).toEqual(keys(CarLogUpdate, ['odometerConfirmed', 'base']));
    expect(LOG_FIELDS).toContain('fuel');
  });

  test("the device's lists are the contract's, in the same order", () => {
    expect(LOG_FIELDS).toEqual(contract.LOG_FIELDS);
    expect(CAR_FIELDS).toEqual(contract.CAR_FIELDS);
  });

  test('a car: every field of CarInput and CarUpdate', () => {
    expect([...CAR_FIELDS].sort()).toEqual(keys(CarInput, ['id']));
    expect([...CAR_FIELDS].sort()).toEqual(keys(CarUpdate, ['base']));
  });
});
