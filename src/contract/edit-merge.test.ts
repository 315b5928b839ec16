// The merge-by-field rule both the server and the client run.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { changedFields, overwrittenFields, sameFieldValue } from './edit-merge';

const KEYS = ['title', 'cost', 'content', 'tags', 'fuel'] as const;
const value = fc.oneof(
  fc.constant(null),
  fc.string({ maxLength: 6 }),
  fc.integer({ min: 0, max: 5 }),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
  fc.record({
    quantity: fc.integer({ min: 1, max: 3 }),
    pricePerUnit: fc.option(fc.integer({ min: 0, max: 2 })),
  }),
);
const row = fc.record(
  Object.fromEntries(KEYS.map((key) => [key, value])) as Record<(typeof KEYS)[number], typeof value>,
);

describe('sameFieldValue', () => {
  test('absent and null are the same; object keys in any order; arrays in order', () => {
    expect(sameFieldValue(undefined, null)).toBe(true);
    expect(sameFieldValue({ a: 1, b: null }, { a: 1 })).toBe(true);
    expect(sameFieldValue({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(sameFieldValue(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameFieldValue(0, null)).toBe(false);
    expect(sameFieldValue('', null)).toBe(false);
  });
});

describe('changedFields', () => {
  test('only the fields that differ, each with the value it started from', () => {
    expect(
      changedFields(
        { title: 'Oil change', cost: 89.9, content: null },
        { title: 'Oil and filter', cost: 89.9, content: null, location: 'Lyon' },
        ['title', 'cost', 'content'],
      ),
    ).toEqual({ changes: { title: 'Oil and filter' }, base: { title: 'Oil change' } });
  });

  test('property: the changes applied to the row give the edit; the base is the row', () => {
    fc.assert(
      fc.property(row, row, (previous, next) => {
        const { changes, base } = changedFields(previous, next, KEYS);
        for (const key of KEYS) {
          const after = key in changes ? changes[key] : previous[key];
          expect(sameFieldValue(after, next[key])).toBe(true);
          if (key in changes) expect(base[key]).toEqual(previous[key] ?? null);
        }
      }),
    );
  });
});

describe('overwrittenFields', () => {
  test('no base (an older client): nothing is told', () => {
    expect(overwrittenFields({ title: 'b' }, { title: 'c' }, ['title'], undefined)).toBeUndefined();
  });

  test('a field changed since the base is named with the value replaced; one both set alike is not', () => {
    expect(
      overwrittenFields(
        { title: 'device 1', cost: 120, location: 'same' },
        { title: 'device 2', cost: 120, location: 'same' },
        ['title', 'location'],
        { title: 'start', location: 'start' },
      ),
    ).toEqual({ title: 'device 1' });
  });

  test('property: two edits from one base, replayed in order: every field changed by only one keeps it; a field changed by both names the first value exactly when they differ', () => {
    fc.assert(
      fc.property(row, row, row, (start, first, second) => {
        const one = changedFields(start, first, KEYS);
        const stored = { ...start, ...one.changes };
        const two = changedFields(start, second, KEYS);
        const final = { ...stored, ...two.changes };
        const told = overwrittenFields(stored, final, Object.keys(two.changes), two.base) ?? {};
        for (const key of KEYS) {
          const byOne = key in one.changes;
          const byTwo = key in two.changes;
          if (byOne && !byTwo) expect(sameFieldValue(final[key], first[key])).toBe(true);
          if (byTwo) expect(sameFieldValue(final[key], second[key])).toBe(true);
          const lost = byOne && byTwo && !sameFieldValue(first[key], second[key]);
          expect(key in told).toBe(lost);
          if (lost) expect(sameFieldValue(told[key], first[key])).toBe(true);
        }
      }),
    );
  });
});
