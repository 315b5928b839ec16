import { describe, expect, test } from 'vitest';
import {
  checkOdometer,
  estimateOdometer,
  odometerSummary,
  readingsOf,
  type OdometerReading,
} from './odometer';

const r = (logId: string, date: string, mileage: number): OdometerReading => ({ logId, date, mileage });
const book = [r('a', '2025-01-01', 10_000), r('b', '2025-02-01', 11_000), r('c', '2025-03-01', 12_000)];

describe('checkOdometer', () => {
  test('a reading between its neighbours in date and in value passes', () => {
    expect(checkOdometer(book, { date: '2025-02-15', mileage: 11_500 })).toBeNull();
    expect(checkOdometer(book, { date: '2025-04-01', mileage: 13_000 })).toBeNull();
    expect(checkOdometer([], { date: '2025-04-01', mileage: 1 })).toBeNull();
  });

  test('lower than a reading dated before it: out of order, naming that neighbour', () => {
    expect(checkOdometer(book, { date: '2025-02-15', mileage: 10_900 })).toEqual({
      code: 'ODOMETER_OUT_OF_ORDER',
      relation: 'before',
      neighbour: book[1],
    });
  });

  test('higher than a reading dated after it: out of order, naming the nearest later one', () => {
    expect(checkOdometer(book, { date: '2025-01-15', mileage: 12_500 })).toEqual({
      code: 'ODOMETER_OUT_OF_ORDER',
      relation: 'after',
      neighbour: book[1],
    });
  });

  test('the mistyped reading that would make everything overdue is refused as out of order', () => {
    // 1999105 for 199105, typed on a date before later readings.
    const readings = [r('x', '2025-01-01', 199_000), r('y', '2025-06-01', 200_000)];
    expect(checkOdometer(readings, { date: '2025-03-01', mileage: 1_999_105 })).toMatchObject({
      code: 'ODOMETER_OUT_OF_ORDER',
      neighbour: readings[1],
    });
  });

  test('same-day readings never contradict each other', () => {
    expect(checkOdometer(book, { date: '2025-02-01', mileage: 10_500 })).toBeNull();
    expect(checkOdometer(book, { date: '2025-02-01', mileage: 11_900 })).toBeNull();
  });

  test('a changed log is checked without its own stored reading', () => {
    expect(checkOdometer(book, { logId: 'b', date: '2025-02-01', mileage: 10_100 })).toBeNull();
    expect(checkOdometer(book, { logId: 'b', date: '2025-02-01', mileage: 9_000 })).toMatchObject({
      code: 'ODOMETER_OUT_OF_ORDER',
      neighbour: book[0],
    });
    // Moving the latest reading before the first one.
    expect(checkOdometer(book, { logId: 'c', date: '2024-12-01', mileage: 12_000 })).toMatchObject({
      code: 'ODOMETER_OUT_OF_ORDER',
      relation: 'after',
      neighbour: book[0],
    });
  });

  test('more than 2,000 a day since the previous reading is a jump unless confirmed', () => {
    // 28 days after 12,000: 56,000 is exactly 2,000 a day, 56,001 is more.
    expect(checkOdometer(book, { date: '2025-03-29', mileage: 68_000 })).toBeNull();
    const jump = checkOdometer(book, { date: '2025-03-29', mileage: 68_001 });
    expect(jump).toMatchObject({ code: 'ODOMETER_JUMP', previous: book[2] });
    expect(jump && jump.code === 'ODOMETER_JUMP' && jump.perDay).toBeCloseTo(56_001 / 28);
    expect(checkOdometer(book, { date: '2025-03-29', mileage: 68_001 }, { confirmed: true })).toBeNull();
  });

  test('a same-day jump counts as one day', () => {
    expect(checkOdometer(book, { date: '2025-03-01', mileage: 14_000 })).toBeNull();
    expect(checkOdometer(book, { date: '2025-03-01', mileage: 14_001 })).toMatchObject({
      code: 'ODOMETER_JUMP',
      previous: book[2],
    });
  });

  test('confirming never lets an out-of-order reading through', () => {
    expect(checkOdometer(book, { date: '2025-02-15', mileage: 1 }, { confirmed: true })).toMatchObject({
      code: 'ODOMETER_OUT_OF_ORDER',
    });
  });

  test('the first reading of a car is never a jump (the car’s own mileage is not a reading)', () => {
    expect(checkOdometer([], { date: '2025-01-01', mileage: 900_000 })).toBeNull();
  });
});

describe('odometerSummary', () => {
  test('no readings: the car’s own mileage, no rate', () => {
    expect(odometerSummary([], 84_000)).toEqual({ current: 84_000, readings: [], perDay: null });
    expect(odometerSummary([], null)).toEqual({ current: null, readings: [], perDay: null });
  });

  test('the latest reading by date is current, whatever the car’s own mileage says', () => {
    const s = odometerSummary([book[2]!, book[0]!, book[1]!], 99_999);
    expect(s.current).toBe(12_000);
    expect(s.readings.map((x) => x.logId)).toEqual(['a', 'b', 'c']);
  });

  test('perDay over the last 90 days of readings', () => {
    const readings = [
      r('old', '2024-06-01', 0),
      r('w1', '2025-01-01', 10_000),
      r('w2', '2025-02-15', 10_500),
      r('w3', '2025-03-01', 11_180),
    ];
    // Window: 2024-12-01 .. 2025-03-01; first in it is w1 (59 days earlier).
    expect(odometerSummary(readings, null).perDay).toBeCloseTo(1_180 / 59);
  });

  test('perDay is null with one day of readings', () => {
    expect(odometerSummary([r('a', '2025-01-01', 10), r('b', '2025-01-01', 20)], null).perDay).toBeNull();
    expect(odometerSummary([r('old', '2024-01-01', 0), r('b', '2025-01-01', 20)], null).perDay).toBeNull();
  });

  test('readingsOf keeps the logs with a mileage', () => {
    expect(
      readingsOf([
        { id: 'a', startDate: '2025-01-01', mileage: 5 },
        { id: 'b', startDate: '2025-01-02', mileage: null },
      ]),
    ).toEqual([r('a', '2025-01-01', 5)]);
  });

  test('estimateOdometer adds perDay for the days since the latest reading', () => {
    const s = odometerSummary([r('a', '2025-01-01', 1_000), r('b', '2025-01-11', 1_500)], null);
    expect(estimateOdometer(s, '2025-01-21')).toBe(2_000);
    expect(estimateOdometer(s, '2025-01-05')).toBe(1_500);
    expect(estimateOdometer(odometerSummary([], 300), '2025-01-05')).toBe(300);
  });
});
