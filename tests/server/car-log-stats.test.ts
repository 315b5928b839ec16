// GET /car-logs/stats/:carId on a known data set (two currencies, several months, a mileage span),
// and the month window's arithmetic at a year boundary.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { carLogStats, lastMonths } from '../../server/src/garage/car-log-stats';
import { createTestApp, type TestApp } from './helpers';
import { API, createCar, createLog, member, type Member } from './garage-fixtures';

let t: TestApp;
let ann: Member;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
});
afterAll(async () => t.close());

/** YYYY-MM of the month `back` months before this one (UTC). */
function monthKey(back: number): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - back);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

const stats = async (carId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `${API}/car-logs/stats/${carId}`,
    headers: ann.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('GET /car-logs/stats/:carId', () => {
  test('sums per currency, type and month over the last 24 months, with dates and the mileage span', async () => {
    const car = await createCar(t.app, ann, { mileageUnit: 'mi' });
    const logs: [
      type: string,
      cost: number | null,
      currency: string | null,
      date: string,
      mileage: number | null,
    ][] = [
      ['fuel', 50.1, 'EUR', `${monthKey(0)}-01`, 11_000],
      ['fuel', 49.9, 'EUR', `${monthKey(1)}-15`, 10_400],
      ['repair', 300, 'USD', `${monthKey(1)}-20`, null],
      ['maintenance', 120.25, 'EUR', `${monthKey(23)}-28`, 9_000],
      // Outside the 24-month window: in the totals, not in costByMonth.
      ['insurance', 600, 'USD', `${monthKey(24)}-10`, null],
      // Readings in date order (an earlier reading is never higher: the odometer rules of
      // src/contract/maintenance/odometer.ts).
      ['event', null, null, `${monthKey(2)}-03`, 10_000],
    ];
    for (const [type, cost, currencyCode, startDate, mileage] of logs) {
      await createLog(t.app, ann, car.id, { type, cost, currencyCode, startDate, mileage });
    }
    const months = Array.from({ length: 24 }, (_, i) => monthKey(23 - i));
    expect(await stats(car.id)).toEqual({
      count: 6,
      totalCost: { EUR: 220.25, USD: 900 },
      costByType: {
        fuel: { EUR: 100 },
        repair: { USD: 300 },
        maintenance: { EUR: 120.25 },
        insurance: { USD: 600 },
      },
      costByMonth: Object.fromEntries(
        months.map((m) => [
          m,
          m === monthKey(0)
            ? { EUR: 50.1 }
            : m === monthKey(1)
              ? { EUR: 49.9, USD: 300 }
              : m === monthKey(23)
                ? { EUR: 120.25 }
                : {},
        ]),
      ),
      firstDate: `${monthKey(24)}-10`,
      lastDate: `${monthKey(0)}-01`,
      mileageSpan: 2_000,
      mileageUnit: 'mi',
      // 220.25 / 2000 = 0.110125, kept to four decimals; 900 / 2000.
      costPerDistance: { EUR: 0.1101, USD: 0.45 },
    });
    const body = await stats(car.id);
    expect(Object.keys(body.costByMonth)).toEqual(months);
  });

  test('a car without logs, and one with a single mileage (no span to divide by)', async () => {
    const empty = await createCar(t.app, ann);
    const none = await stats(empty.id);
    expect(none).toMatchObject({
      count: 0,
      totalCost: {},
      costByType: {},
      firstDate: null,
      lastDate: null,
      mileageSpan: null,
      mileageUnit: 'km',
      costPerDistance: {},
    });
    expect(Object.values(none.costByMonth)).toEqual(Array.from({ length: 24 }, () => ({})));
    await createLog(t.app, ann, empty.id, { mileage: 5_000, cost: 10, currencyCode: 'GBP' });
    expect(await stats(empty.id)).toMatchObject({
      count: 1,
      mileageSpan: 0,
      costPerDistance: {},
      totalCost: { GBP: 10 },
    });
  });
});

describe('the month window', () => {
  test('24 months ending with the current one, across a year boundary', () => {
    const months = lastMonths(new Date('2025-01-31T23:59:59Z'));
    expect(months).toHaveLength(24);
    expect(months[0]).toBe('2023-02');
    expect(months.at(-1)).toBe('2025-01');
    expect(months).toContain('2024-12');
  });

  test('cents are summed exactly', () => {
    const row = { type: 'fuel', currencyCode: 'EUR', startDate: '2025-01-02', mileage: null };
    const result = carLogStats(
      [
        { ...row, costCents: 10 },
        { ...row, costCents: 20 },
      ],
      'km',
      new Date('2025-01-31T00:00:00Z'),
    );
    expect(result.totalCost).toEqual({ EUR: 0.3 });
    expect(result.costByMonth['2025-01']).toEqual({ EUR: 0.3 });
    expect(result.costByMonth['2023-01']).toBeUndefined();
  });
});
