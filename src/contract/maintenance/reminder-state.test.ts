import { describe, expect, test } from 'vitest';
import { addMonths } from './dates';
import { odometerSummary, readingsOf } from './odometer';
import { hasDuePoint, reminderState, type ReminderLog, type ReminderRule } from './reminder-state';

const rule = (overrides: Partial<ReminderRule> = {}): ReminderRule => ({
  logType: 'maintenance',
  intervalMonths: null,
  intervalDistance: null,
  dueDate: null,
  dueMileage: null,
  soonDays: null,
  soonDistance: null,
  createdAt: '2025-01-10T08:00:00.000Z',
  createdMileage: 50_000,
  ...overrides,
});
const log = (id: string, startDate: string, mileage: number | null, type = 'maintenance'): ReminderLog => ({
  id,
  type,
  startDate,
  mileage,
});
/** The state with `logs` as the car's whole history (their readings are the odometer). */
const stateOf = (r: ReminderRule, logs: ReminderLog[], today: string, carMileage: number | null = 50_000) =>
  reminderState(r, logs, odometerSummary(readingsOf(logs), carMileage), today);

describe('recurring by date', () => {
  const yearly = rule({ intervalMonths: 12 });
  const oil = log('oil', '2025-03-01', 60_000);

  test('due one interval after the latest log of its type', () => {
    expect(stateOf(yearly, [oil], '2025-06-01')).toEqual({
      state: 'ok',
      dueDate: '2026-03-01',
      dueMileage: null,
      predictedDate: null,
      firedBy: null,
      doneLogId: 'oil',
    });
  });

  test('never done: due one interval after the reminder was made', () => {
    expect(stateOf(yearly, [log('other', '2025-03-01', 60_000, 'repair')], '2025-06-01')).toMatchObject({
      state: 'ok',
      dueDate: '2026-01-10',
      doneLogId: null,
    });
  });

  test('soon within a tenth of the interval (365 days → 36.5), overdue the day after', () => {
    expect(stateOf(yearly, [oil], '2026-01-23').state).toBe('ok'); // 37 days left
    expect(stateOf(yearly, [oil], '2026-01-24')).toMatchObject({ state: 'soon', firedBy: 'date' }); // 36
    expect(stateOf(yearly, [oil], '2026-03-01')).toMatchObject({ state: 'soon', firedBy: 'date' });
    expect(stateOf(yearly, [oil], '2026-03-02')).toMatchObject({ state: 'overdue', firedBy: 'date' });
  });

  test('at least 14 days of warning for short intervals', () => {
    const monthly = rule({ intervalMonths: 1 });
    expect(stateOf(monthly, [oil], '2025-03-18').state).toBe('soon'); // 14 days before 04-01
    expect(stateOf(monthly, [oil], '2025-03-17').state).toBe('ok');
  });

  test('soonDays given wins over the default', () => {
    const r = rule({ intervalMonths: 12, soonDays: 3 });
    expect(stateOf(r, [oil], '2026-02-25').state).toBe('ok');
    expect(stateOf(r, [oil], '2026-02-26').state).toBe('soon');
  });

  test('two intervals late is still overdue: nothing is advanced', () => {
    expect(stateOf(yearly, [oil], '2027-06-01')).toMatchObject({ state: 'overdue', dueDate: '2026-03-01' });
  });

  test('the latest log of the type is the base, by date', () => {
    const older = log('older', '2024-03-01', 40_000);
    expect(stateOf(yearly, [oil, older], '2026-01-01').doneLogId).toBe('oil');
  });
});

describe('recurring by distance', () => {
  const every10k = rule({ intervalDistance: 10_000 });

  test('due one interval after the completing log’s reading', () => {
    const logs = [log('oil', '2025-03-01', 60_000), log('fuel', '2025-05-01', 64_000, 'fuel')];
    expect(stateOf(every10k, logs, '2025-05-02')).toMatchObject({
      state: 'ok',
      dueDate: null,
      dueMileage: 70_000,
      doneLogId: 'oil',
    });
  });

  test('soon within a tenth of the interval (1,000), overdue past the due reading', () => {
    const at = (mileage: number) =>
      stateOf(
        every10k,
        [log('oil', '2025-03-01', 60_000), log('f', '2025-05-01', mileage, 'fuel')],
        '2025-05-02',
      );
    expect(at(68_999).state).toBe('ok');
    expect(at(69_000)).toMatchObject({ state: 'soon', firedBy: 'mileage' });
    expect(at(70_000)).toMatchObject({ state: 'soon', firedBy: 'mileage' });
    expect(at(70_001)).toMatchObject({ state: 'overdue', firedBy: 'mileage' });
  });

  test('at least 500 of warning for short intervals; soonDistance given wins', () => {
    const short = rule({ intervalDistance: 2_000 });
    const at = (r: ReminderRule, mileage: number) =>
      stateOf(r, [log('oil', '2025-03-01', 60_000), log('f', '2025-05-01', mileage, 'fuel')], '2025-05-02')
        .state;
    expect(at(short, 61_499)).toBe('ok');
    expect(at(short, 61_500)).toBe('soon');
    expect(at(rule({ intervalDistance: 2_000, soonDistance: 100 }), 61_500)).toBe('ok');
    expect(at(rule({ intervalDistance: 2_000, soonDistance: 100 }), 61_900)).toBe('soon');
  });

  test('never done: due one interval after the odometer when it was made', () => {
    expect(stateOf(every10k, [], '2025-05-02')).toMatchObject({ dueMileage: 60_000, state: 'ok' });
    // The car's own mileage counts as current while there is no reading.
    expect(stateOf(every10k, [], '2025-05-02', 60_500)).toMatchObject({
      state: 'overdue',
      firedBy: 'mileage',
    });
  });

  test('predictedDate from the odometer’s distance a day', () => {
    const logs = [log('oil', '2025-03-01', 60_000), log('f', '2025-03-31', 63_000, 'fuel')];
    // 100 a day; 7,000 to go from 2025-03-31: 70 days.
    expect(stateOf(every10k, logs, '2025-04-01').predictedDate).toBe('2025-06-09');
    // Without a rate: no prediction.
    expect(stateOf(every10k, [log('oil', '2025-03-01', 60_000)], '2025-04-01').predictedDate).toBeNull();
  });

  test('predictedDate of a due distance already reached: the day it was reached', () => {
    const logs = [log('oil', '2025-03-01', 60_000), log('f', '2025-04-01', 70_500, 'fuel')];
    expect(stateOf(every10k, logs, '2025-04-02').predictedDate).toBe('2025-04-01');
  });
});

describe('whichever comes first', () => {
  const both = rule({ intervalMonths: 12, intervalDistance: 10_000 });

  test('distance first', () => {
    const logs = [log('oil', '2025-03-01', 60_000), log('f', '2025-06-01', 70_100, 'fuel')];
    expect(stateOf(both, logs, '2025-06-02')).toMatchObject({
      state: 'overdue',
      firedBy: 'mileage',
      dueDate: '2026-03-01',
      dueMileage: 70_000,
    });
  });

  test('date first', () => {
    const logs = [log('oil', '2025-03-01', 60_000), log('f', '2026-03-01', 62_000, 'fuel')];
    expect(stateOf(both, logs, '2026-03-05')).toMatchObject({ state: 'overdue', firedBy: 'date' });
  });

  test('both past: the one passed first fired it', () => {
    const logs = [log('oil', '2025-03-01', 60_000), log('f', '2025-12-01', 70_500, 'fuel')];
    expect(stateOf(both, logs, '2026-04-01')).toMatchObject({ state: 'overdue', firedBy: 'mileage' });
    const late = [log('oil', '2025-03-01', 60_000), log('f', '2026-03-10', 70_500, 'fuel')];
    expect(stateOf(both, late, '2026-04-01')).toMatchObject({ state: 'overdue', firedBy: 'date' });
  });

  test('overdue on one wins over soon on the other', () => {
    const logs = [log('oil', '2025-03-01', 60_000), log('f', '2026-02-01', 70_100, 'fuel')];
    expect(stateOf(both, logs, '2026-02-20')).toMatchObject({ state: 'overdue', firedBy: 'mileage' });
  });
});

describe('the completing log', () => {
  const yearly = rule({ intervalMonths: 12 });

  test('deleting it makes the reminder due again from the previous one', () => {
    const previous = log('prev', '2024-01-01', 40_000);
    const latest = log('latest', '2025-03-01', 60_000);
    expect(stateOf(yearly, [previous, latest], '2025-06-01')).toMatchObject({
      state: 'ok',
      doneLogId: 'latest',
    });
    expect(stateOf(yearly, [previous], '2025-06-01')).toMatchObject({
      state: 'overdue',
      dueDate: '2025-01-01',
      doneLogId: 'prev',
    });
  });

  test('deleting the only one: due from the reminder’s creation again', () => {
    expect(stateOf(yearly, [], '2026-02-01')).toMatchObject({
      state: 'overdue',
      dueDate: '2026-01-10',
      doneLogId: null,
    });
  });

  test('re-dating it moves the due date', () => {
    expect(stateOf(yearly, [log('oil', '2024-03-01', 60_000)], '2025-06-01')).toMatchObject({
      state: 'overdue',
      dueDate: '2025-03-01',
    });
  });
});

describe('one-off', () => {
  test('due at its date, soon within 14 days, overdue after', () => {
    const r = rule({ dueDate: '2025-09-30', logType: 'inspection' });
    expect(stateOf(r, [], '2025-09-15').state).toBe('ok');
    expect(stateOf(r, [], '2025-09-16')).toMatchObject({
      state: 'soon',
      firedBy: 'date',
      dueDate: '2025-09-30',
    });
    expect(stateOf(r, [], '2025-10-01')).toMatchObject({ state: 'overdue', firedBy: 'date' });
  });

  test('due at a reading', () => {
    const r = rule({ dueMileage: 65_000 });
    expect(stateOf(r, [log('f', '2025-05-01', 64_499, 'fuel')], '2025-05-02').state).toBe('ok');
    expect(stateOf(r, [log('f', '2025-05-01', 64_500, 'fuel')], '2025-05-02').state).toBe('soon');
    expect(stateOf(r, [log('f', '2025-05-01', 65_001, 'fuel')], '2025-05-02').state).toBe('overdue');
  });

  test('a log of its type after its creation completes it; deleting that log brings it back', () => {
    const r = rule({ dueDate: '2025-09-30', logType: 'inspection' });
    const done = log('insp', '2025-10-05', 66_000, 'inspection');
    expect(stateOf(r, [done], '2025-11-01')).toMatchObject({ state: 'ok', firedBy: null, doneLogId: 'insp' });
    expect(stateOf(r, [], '2025-11-01').state).toBe('overdue');
    // One dated before the reminder was made does not complete it.
    expect(stateOf(r, [log('old', '2024-10-05', 40_000, 'inspection')], '2025-11-01').state).toBe('overdue');
  });
});

describe('recurring with a first due point', () => {
  test('never done: the given due date first, then the interval from the completing log', () => {
    const r = rule({ intervalMonths: 12, dueDate: '2025-04-30', logType: 'insurance' });
    expect(stateOf(r, [], '2025-05-01')).toMatchObject({ state: 'overdue', dueDate: '2025-04-30' });
    expect(stateOf(r, [log('paid', '2025-04-28', null, 'insurance')], '2025-05-01')).toMatchObject({
      state: 'ok',
      dueDate: '2026-04-28',
      dueMileage: null,
    });
  });
});

describe('hasDuePoint', () => {
  test('an interval or a due point is needed', () => {
    expect(
      hasDuePoint({ intervalMonths: null, intervalDistance: null, dueDate: null, dueMileage: null }),
    ).toBe(false);
    expect(hasDuePoint({ intervalMonths: 6, intervalDistance: null, dueDate: null, dueMileage: null })).toBe(
      true,
    );
    expect(hasDuePoint({ intervalMonths: null, intervalDistance: null, dueDate: null, dueMileage: 5 })).toBe(
      true,
    );
  });
});

describe('addMonths', () => {
  test('keeps the day, or the month’s last one', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-11-15', 3)).toBe('2026-02-15');
    expect(addMonths('2025-03-15', -3)).toBe('2024-12-15');
  });
});
