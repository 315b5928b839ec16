import { describe, expect, it } from 'vitest';
import type { CarLog } from '@/contract/garage';
import { fill, FILLS } from '@/features/garage/testing/fuel-fixtures';
import { KM_PER_MI, LITRES_PER_GAL_US } from '@/contract/maintenance';
import {
  carEconomy,
  economyPoints,
  economyUnitsFor,
  fuelLogsOf,
  odometerPoints,
  carOdometer,
} from './economy-model';

describe('the car page’s economy, by hand', () => {
  const fills = fuelLogsOf(FILLS);

  it('is total distance over total fuel of the valid segments, best and worst the right way for L/100 km', () => {
    const economy = carEconomy(fills, 'km', 'l_per_100km');
    expect(economy.average).toBeCloseTo((100 * 75) / 1400, 10); // 5.357…, never the mean of 5.625 and 5
    expect(economy.best).toBeCloseTo(5, 10); // lower is better
    expect(economy.worst).toBeCloseTo(5.625, 10);
    expect(economy.distance).toBe(1400);
    expect(economy.quantity).toBe(75);
    // The fuel of the valid segments (B, C, D: 150 €) over their 1,400 km; A's fuel was burnt before.
    expect(economy.costPerDistance.EUR).toBeCloseTo(150 / 1400, 10);
    expect(economy.rows.map((r) => [r.fromDate, r.toDate, r.problem])).toEqual([
      ['2026-01-01', '2026-02-01', null],
      ['2026-02-01', '2026-03-01', null],
      ['2026-03-01', '2026-04-01', 'missedFill'],
    ]);
  });

  it('switches units exactly, best now the highest', () => {
    const kmPerL = carEconomy(fills, 'km', 'km_per_l');
    expect(kmPerL.average).toBeCloseTo(1400 / 75, 10);
    expect(kmPerL.best).toBeCloseTo(20, 10);
    expect(kmPerL.worst).toBeCloseTo(800 / 45, 10);
    const mpg = carEconomy(fills, 'km', 'mpg_us');
    expect(mpg.average).toBeCloseTo(1400 / KM_PER_MI / (75 / LITRES_PER_GAL_US), 10);
    expect(mpg.distance).toBeCloseTo(1400 / KM_PER_MI, 10);
  });

  it('marks a segment with a missing reading', () => {
    const economy = carEconomy(
      fuelLogsOf([fill('2026-01-01', 1000, 40, 0), fill('2026-01-20', null, 40, 0)]),
      'km',
      'l_per_100km',
    );
    expect(economy.average).toBeNull();
    expect(economy.rows[0]?.problem).toBe('readingMissing');
  });

  it('offers the units of the energies filled, and the car’s own', () => {
    expect(economyUnitsFor(fills, 'l_per_100km')).toEqual(['l_per_100km', 'km_per_l', 'mpg_us', 'mpg_uk']);
    expect(economyUnitsFor([], 'kwh_per_100km')).toEqual(['kwh_per_100km', 'km_per_kwh', 'mi_per_kwh']);
    expect(
      economyUnitsFor(fuelLogsOf([fill('2026-01-01', 1, 10, 1, { unit: 'kwh' })]), 'l_per_100km'),
    ).toHaveLength(7);
  });

  it('charts the valid segments by their closing date, and at most 200 readings', () => {
    expect(economyPoints(carEconomy(fills, 'km', 'l_per_100km')).map((p) => p.label)).toEqual([
      '2026-02-01',
      '2026-03-01',
    ]);
    const many = Array.from({ length: 1000 }, (_, i) => ({
      id: `r${i}`,
      startDate: `2020-01-01`,
      mileage: i,
    })) as CarLog[];
    const points = odometerPoints(carOdometer(many, null));
    expect(points).toHaveLength(200);
    expect([points[0]?.y, points.at(-1)?.y]).toEqual([0, 999]);
  });
});
