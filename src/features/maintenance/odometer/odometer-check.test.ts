import { describe, expect, it } from 'vitest';
import { activateCatalog } from '@/testing/test-utils';
import { checkLogReading, estimatedMileage } from './odometer-check';

const logs = [
  { id: 'a', startDate: '2026-01-10', mileage: 10_000 },
  { id: 'b', startDate: '2026-02-10', mileage: 11_000 },
  { id: 'c', startDate: '2026-03-10', mileage: null },
];

describe('the odometer on the device', () => {
  it('names the earlier log that reads more, in the app’s language and unit', () => {
    activateCatalog('en-US');
    expect(checkLogReading(logs, { date: '2026-03-01', mileage: 10_500 }, 'km')).toEqual({
      kind: 'error',
      message: { key: 'ODOMETER.LOWER_THAN_BEFORE', values: { date: 'Feb 10, 2026', mileage: '11,000 km' } },
    });
  });

  it('names the later log that reads less', () => {
    activateCatalog('fr-FR');
    const verdict = checkLogReading(logs, { date: '2026-01-01', mileage: 10_500 }, 'mi');
    expect(verdict.kind === 'error' && verdict.message.key).toBe('ODOMETER.HIGHER_THAN_AFTER');
    // French spacing (narrow and non-breaking spaces) read as plain spaces.
    const values = verdict.kind === 'error' ? verdict.message.values : {};
    expect(JSON.stringify(values).replace(/[\u00a0\u202f]/g, ' ')).toBe(
      JSON.stringify({ date: '10 janv. 2026', mileage: '10 000 mi' }),
    );
    activateCatalog('en-US');
  });

  it('leaves the edited log’s own reading out', () => {
    expect(checkLogReading(logs, { logId: 'b', date: '2026-02-10', mileage: 10_900 }, 'km')).toEqual({
      kind: 'ok',
    });
  });

  it('asks about more than 2,000 a day, and not about 2,000', () => {
    // 31 days after 11,000
    expect(checkLogReading(logs, { date: '2026-03-13', mileage: 11_000 + 31 * 2000 }, 'km')).toEqual({
      kind: 'ok',
    });
    expect(checkLogReading(logs, { date: '2026-03-13', mileage: 11_001 + 31 * 2000 }, 'km')).toMatchObject({
      kind: 'jump',
      previous: { logId: 'b', mileage: 11_000 },
    });
    expect(checkLogReading(logs, { date: '2026-03-13', mileage: 11_001 + 31 * 2000 }, 'km', true)).toEqual({
      kind: 'ok',
    });
  });

  it('estimates today’s odometer from the latest reading and the distance a day', () => {
    // 1,000 km in 31 days; 10 days after the latest reading: 11,000 + 10 × 1000/31 = 11,322.6
    expect(estimatedMileage(logs, 5000, '2026-02-20')).toBe(11_323);
    expect(estimatedMileage([], 5000, '2026-02-20')).toBe(5000);
    expect(estimatedMileage([], null, '2026-02-20')).toBeNull();
  });
});
