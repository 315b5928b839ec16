import { describe, expect, test } from 'vitest';
import { carEnergies, energiesAfter, fuelEconomy, type FuelFill, type FuelLog } from './fuel-economy';
import { defaultEconomyUnit, economyIn, KM_PER_MI, LITRES_PER_GAL_UK, LITRES_PER_GAL_US } from './units';

let n = 0;
const fill = (
  mileage: number | null,
  fuel: Partial<FuelFill> & { quantity: number },
  more: Partial<FuelLog> = {},
): FuelLog => {
  n += 1;
  return {
    id: `f${String(n).padStart(3, '0')}`,
    startDate: `2025-01-${String(n % 28 || 28).padStart(2, '0')}`,
    mileage,
    cost: null,
    currencyCode: null,
    fuel: { unit: 'l', fullTank: true, missedPrevious: false, ...fuel },
    ...more,
  };
};

describe('fuelEconomy', () => {
  test('full to full: distance over fuel, the first fill only opens the first segment', () => {
    const logs = [
      fill(10_000, { quantity: 40 }),
      fill(10_500, { quantity: 30 }),
      fill(11_100, { quantity: 45 }),
    ];
    const e = fuelEconomy(logs, 'km', 'l_per_100km');
    expect(e.segments).toEqual([
      {
        fromLogId: logs[0]!.id,
        toLogId: logs[1]!.id,
        distance: 500,
        quantity: 30,
        economy: 6,
        valid: true,
        suspect: false,
      },
      {
        fromLogId: logs[1]!.id,
        toLogId: logs[2]!.id,
        distance: 600,
        quantity: 45,
        economy: 7.5,
        valid: true,
        suspect: false,
      },
    ]);
    expect(e.distance).toBe(1_100);
    expect(e.quantity).toBe(75);
    // Σ distance ÷ Σ quantity, never the mean of 6 and 7.5 (6.75).
    expect(e.average).toBeCloseTo((75 / 1_100) * 100, 12);
    expect(e.best).toBe(6);
    expect(e.worst).toBe(7.5);
  });

  test('partial fills add their quantity to the segment their next full fill closes', () => {
    const logs = [
      fill(1_000, { quantity: 50 }),
      fill(1_300, { quantity: 10, fullTank: false }),
      fill(1_500, { quantity: 15, fullTank: false }),
      fill(1_800, { quantity: 23 }),
    ];
    const e = fuelEconomy(logs, 'km', 'km_per_l');
    expect(e.segments).toHaveLength(1);
    expect(e.segments[0]).toMatchObject({ distance: 800, quantity: 48, economy: 800 / 48, valid: true });
    expect(e.average).toBeCloseTo(800 / 48, 12);
  });

  test('partial fills before the first full fill count for nothing', () => {
    const logs = [
      fill(900, { quantity: 20, fullTank: false }),
      fill(1_000, { quantity: 50 }),
      fill(1_500, { quantity: 30 }),
    ];
    expect(fuelEconomy(logs, 'km', 'l_per_100km').segments).toEqual([
      expect.objectContaining({ distance: 500, quantity: 30, valid: true }),
    ]);
  });

  test('a missed fill makes the segment it closes invalid, and leaves it out of the totals', () => {
    const logs = [
      fill(1_000, { quantity: 50 }),
      fill(1_500, { quantity: 30 }),
      fill(2_500, { quantity: 35, missedPrevious: true }),
      fill(3_000, { quantity: 40 }),
    ];
    const e = fuelEconomy(logs, 'km', 'l_per_100km');
    expect(e.segments.map((s) => s.valid)).toEqual([true, false, true]);
    expect(e.segments[1]).toMatchObject({ distance: 1_000, quantity: 35, economy: null });
    expect(e.distance).toBe(1_000);
    expect(e.quantity).toBe(70);
    expect(e.average).toBeCloseTo(7, 12);
    expect(e.best).toBe(6);
    expect(e.worst).toBe(8);
  });

  test('a missed fill marked on a partial fill invalidates its segment too', () => {
    const logs = [
      fill(1_000, { quantity: 50 }),
      fill(1_200, { quantity: 10, fullTank: false, missedPrevious: true }),
      fill(1_500, { quantity: 20 }),
    ];
    expect(fuelEconomy(logs, 'km', 'l_per_100km').segments[0]!.valid).toBe(false);
  });

  test('a segment with a missing reading is not valid', () => {
    const logs = [
      fill(1_000, { quantity: 50 }, { startDate: '2025-02-01' }),
      fill(null, { quantity: 10, fullTank: false }, { startDate: '2025-02-05' }),
      fill(1_500, { quantity: 20 }, { startDate: '2025-02-10' }),
      fill(2_000, { quantity: 30 }, { startDate: '2025-02-20' }),
    ];
    const e = fuelEconomy(logs, 'km', 'l_per_100km');
    expect(e.segments).toEqual([
      expect.objectContaining({
        toLogId: logs[2]!.id,
        distance: 500,
        quantity: 30,
        valid: false,
        economy: null,
      }),
      expect.objectContaining({ toLogId: logs[3]!.id, distance: 500, quantity: 30, valid: true, economy: 6 }),
    ]);
    const closing = fuelEconomy(
      [logs[0]!, fill(null, { quantity: 20 }, { startDate: '2025-02-03' })],
      'km',
      'l_per_100km',
    );
    expect(closing.segments[0]).toMatchObject({ distance: null, valid: false });
    expect(closing.average).toBeNull();
  });

  test('fills are taken in odometer order, not in the order given', () => {
    const logs = [
      fill(1_000, { quantity: 50 }),
      fill(1_500, { quantity: 30 }),
      fill(2_000, { quantity: 35 }),
    ];
    const e = fuelEconomy([logs[2]!, logs[0]!, logs[1]!], 'km', 'l_per_100km');
    expect(e.segments.map((s) => [s.fromLogId, s.toLogId])).toEqual([
      [logs[0]!.id, logs[1]!.id],
      [logs[1]!.id, logs[2]!.id],
    ]);
  });

  test('mixed units across fills convert exactly', () => {
    const logs = [
      fill(1_000, { quantity: 50 }),
      fill(1_400, { quantity: 5, unit: 'gal_us', fullTank: false }),
      fill(1_800, { quantity: 4, unit: 'gal_uk' }),
    ];
    const litres = 5 * 3.785411784 + 4 * 4.54609;
    const e = fuelEconomy(logs, 'km', 'l_per_100km');
    expect(e.quantity).toBeCloseTo(litres, 12);
    expect(e.average).toBeCloseTo((litres / 800) * 100, 12);
  });

  test('US and UK gallons are not mixed up', () => {
    expect(LITRES_PER_GAL_US).toBe(3.785411784);
    expect(LITRES_PER_GAL_UK).toBe(4.54609);
    expect(KM_PER_MI).toBe(1.609344);
    // 100 miles on 1 US gallon / 1 UK gallon, the car counted in miles.
    const us = fuelEconomy(
      [fill(0, { quantity: 9 }), fill(100, { quantity: 1, unit: 'gal_us' })],
      'mi',
      'mpg_us',
    );
    expect(us.average).toBeCloseTo(100, 12);
    const uk = fuelEconomy(
      [fill(0, { quantity: 9 }), fill(100, { quantity: 1, unit: 'gal_uk' })],
      'mi',
      'mpg_uk',
    );
    expect(uk.average).toBeCloseTo(100, 12);
    const usInUk = fuelEconomy(
      [fill(0, { quantity: 9 }), fill(100, { quantity: 1, unit: 'gal_us' })],
      'mi',
      'mpg_uk',
    );
    expect(usInUk.average).toBeCloseTo(100 * (4.54609 / 3.785411784), 12);
  });

  test('each output unit, from 500 km on 40 l (and 500 km on 80 kWh)', () => {
    const liquid = [fill(10_000, { quantity: 10 }), fill(10_500, { quantity: 40 })];
    const km = 500;
    const litres = 40;
    const expected = {
      l_per_100km: 8,
      km_per_l: 12.5,
      mpg_us: km / 1.609344 / (litres / 3.785411784),
      mpg_uk: km / 1.609344 / (litres / 4.54609),
    } as const;
    for (const [unit, value] of Object.entries(expected)) {
      const e = fuelEconomy(liquid, 'km', unit as keyof typeof expected);
      expect(e.unit).toBe(unit);
      expect(e.average, unit).toBeCloseTo(value, 10);
    }
    expect(fuelEconomy(liquid, 'km', 'mpg_us')).toMatchObject({
      distance: expect.closeTo(km / 1.609344, 10),
    });
    expect(fuelEconomy(liquid, 'km', 'mpg_us').quantity).toBeCloseTo(litres / 3.785411784, 10);

    const electric = [
      fill(10_000, { quantity: 5, unit: 'kwh' }),
      fill(10_500, { quantity: 80, unit: 'kwh' }),
    ];
    expect(fuelEconomy(electric, 'km', 'kwh_per_100km').average).toBeCloseTo(16, 12);
    expect(fuelEconomy(electric, 'km', 'km_per_kwh').average).toBeCloseTo(6.25, 12);
    expect(fuelEconomy(electric, 'km', 'mi_per_kwh').average).toBeCloseTo(500 / 1.609344 / 80, 12);
  });

  test('only the energy the unit measures: a plug-in hybrid’s charges stay out of L/100 km', () => {
    const logs = [
      fill(1_000, { quantity: 40 }),
      fill(1_200, { quantity: 30, unit: 'kwh' }),
      fill(1_500, { quantity: 30 }),
      fill(1_800, { quantity: 20, unit: 'kwh' }),
    ];
    expect(fuelEconomy(logs, 'km', 'l_per_100km').segments).toEqual([
      expect.objectContaining({ distance: 500, quantity: 30, valid: true }),
    ]);
    expect(fuelEconomy(logs, 'km', 'kwh_per_100km').segments).toEqual([
      expect.objectContaining({ distance: 600, quantity: 20, valid: true }),
    ]);
  });

  test('best and worst follow the unit’s direction', () => {
    const logs = [fill(0, { quantity: 1 }), fill(100, { quantity: 5 }), fill(200, { quantity: 10 })];
    // 5 and 10 L/100 km: lower is better.
    expect(fuelEconomy(logs, 'km', 'l_per_100km')).toMatchObject({ best: 5, worst: 10 });
    // 20 and 10 km/l: higher is better.
    expect(fuelEconomy(logs, 'km', 'km_per_l')).toMatchObject({ best: 20, worst: 10 });
    const mpg = fuelEconomy(logs, 'km', 'mpg_uk');
    expect(mpg.best!).toBeGreaterThan(mpg.worst!);
    const kwh = [
      fill(0, { quantity: 1, unit: 'kwh' }),
      fill(100, { quantity: 15, unit: 'kwh' }),
      fill(200, { quantity: 20, unit: 'kwh' }),
    ];
    expect(fuelEconomy(kwh, 'km', 'kwh_per_100km')).toMatchObject({ best: 15, worst: 20 });
    expect(fuelEconomy(kwh, 'km', 'mi_per_kwh').best!).toBeCloseTo(100 / 1.609344 / 15, 12);
  });

  test('a car counted in miles reports km units exactly', () => {
    const logs = [fill(0, { quantity: 1 }), fill(100, { quantity: 8 })];
    const e = fuelEconomy(logs, 'mi', 'l_per_100km');
    expect(e.distance).toBeCloseTo(160.9344, 10);
    expect(e.average).toBeCloseTo((8 / 160.9344) * 100, 12);
  });

  test('cost per distance, by currency, over the valid segments’ fills', () => {
    const logs = [
      fill(1_000, { quantity: 50 }, { cost: 80, currencyCode: 'EUR' }),
      fill(1_200, { quantity: 10, fullTank: false }, { cost: 18, currencyCode: 'EUR' }),
      fill(1_500, { quantity: 20 }, { cost: 36, currencyCode: 'EUR' }),
      fill(2_000, { quantity: 30, missedPrevious: true }, { cost: 50, currencyCode: 'EUR' }),
      fill(2_400, { quantity: 25 }, { cost: 30, currencyCode: 'CHF' }),
    ];
    const e = fuelEconomy(logs, 'km', 'l_per_100km');
    expect(e.distance).toBe(900);
    expect(e.costPerDistance.EUR).toBeCloseTo(54 / 900, 12);
    expect(e.costPerDistance.CHF).toBeCloseTo(30 / 900, 12);
  });

  test('no fills, one fill or logs without fuel: no segments, nulls', () => {
    const empty = {
      average: null,
      best: null,
      worst: null,
      distance: 0,
      quantity: 0,
      costPerDistance: {},
      segments: [],
    };
    expect(fuelEconomy([], 'km', 'l_per_100km')).toEqual({ unit: 'l_per_100km', ...empty });
    expect(fuelEconomy([fill(1, { quantity: 5 })], 'km', 'l_per_100km')).toEqual({
      unit: 'l_per_100km',
      ...empty,
    });
    expect(fuelEconomy([{ ...fill(1, { quantity: 5 }), fuel: null }], 'km', 'km_per_l').segments).toEqual([]);
  });

  test('a segment over no distance is not valid', () => {
    const e = fuelEconomy([fill(100, { quantity: 5 }), fill(100, { quantity: 5 })], 'km', 'l_per_100km');
    expect(e.segments[0]).toMatchObject({ distance: 0, valid: false, economy: null });
  });
});

describe('units', () => {
  test('the default unit follows the car’s energy and mileage unit', () => {
    expect(defaultEconomyUnit('gasoline', 'km')).toBe('l_per_100km');
    expect(defaultEconomyUnit(null, 'mi')).toBe('mpg_us');
    expect(defaultEconomyUnit('electric', 'km')).toBe('kwh_per_100km');
    expect(defaultEconomyUnit('electric', 'mi')).toBe('mi_per_kwh');
  });

  test('economyIn is null without distance or fuel', () => {
    expect(economyIn('km_per_l', 0, 5)).toBeNull();
    expect(economyIn('km_per_l', 5, 0)).toBeNull();
  });

  describe('segments that question themselves', () => {
    // Five segments of 500 km: 30, 32, 31, 5 (2.0 L/100 km: a fill-up missed) and 33 litres.
    const book = (closing: Partial<FuelFill> = {}) => [
      fill(10_000, { quantity: 40 }, { cost: 80, currencyCode: 'EUR' }),
      fill(10_500, { quantity: 30 }, { cost: 60, currencyCode: 'EUR' }),
      fill(11_000, { quantity: 32 }, { cost: 64, currencyCode: 'EUR' }),
      fill(11_500, { quantity: 31 }, { cost: 62, currencyCode: 'EUR' }),
      fill(12_000, { quantity: 10, ...closing }, { cost: 20, currencyCode: 'EUR' }),
      fill(12_500, { quantity: 33 }, { cost: 66, currencyCode: 'EUR' }),
    ];

    test('a segment below half the median of the others is suspect and left out of every figure', () => {
      const logs = book();
      const e = fuelEconomy(logs, 'km', 'l_per_100km');
      expect(e.segments.map((s) => s.suspect)).toEqual([false, false, false, true, false]);
      expect(e.segments[3]).toMatchObject({ economy: 2, valid: true, suspect: true });
      expect(e.distance).toBe(2_000);
      expect(e.quantity).toBe(126);
      expect(e.average).toBeCloseTo((126 / 2_000) * 100, 12);
      expect(e.best).toBe(6);
      expect(e.worst).toBe(6.6);
      expect(e.costPerDistance.EUR).toBeCloseTo(252 / 2_000, 12);
    });

    test('the same in the other direction of unit: above twice the median is suspect too', () => {
      const e = fuelEconomy(book(), 'km', 'km_per_l');
      expect(e.segments[3]).toMatchObject({ economy: 50, suspect: true });
      expect(e.best).toBeCloseTo(500 / 30, 12);
    });

    test('"it\'s right" counts it again; "mark as missed" makes it not valid', () => {
      const right = fuelEconomy(book({ economyConfirmed: true }), 'km', 'l_per_100km');
      expect(right.segments[3]).toMatchObject({ economy: 2, suspect: false });
      expect(right.distance).toBe(2_500);
      expect(right.best).toBe(2);
      const missed = fuelEconomy(book({ missedPrevious: true }), 'km', 'l_per_100km');
      expect(missed.segments[3]).toMatchObject({ valid: false, suspect: false });
      expect(missed.distance).toBe(2_000);
    });

    test('one wild segment does not make the sound ones suspect, and two segments judge nothing', () => {
      const two = [
        fill(1_000, { quantity: 40 }),
        fill(1_500, { quantity: 30 }),
        fill(2_000, { quantity: 5 }),
      ];
      expect(fuelEconomy(two, 'km', 'l_per_100km').segments.map((s) => s.suspect)).toEqual([false, false]);
      const e = fuelEconomy(book(), 'km', 'l_per_100km');
      expect(e.segments.filter((s) => s.suspect)).toHaveLength(1);
    });
  });

  test("an energy filter keeps that energy's fills only, a fill without one being the main one", () => {
    const logs = [
      fill(1_000, { quantity: 40 }),
      fill(1_200, { quantity: 20, energy: 'lpg' }),
      fill(1_500, { quantity: 30 }),
      fill(1_700, { quantity: 30, energy: 'lpg' }),
      fill(2_000, { quantity: 35, energy: 'gasoline' }),
    ];
    const petrol = fuelEconomy(logs, 'km', 'l_per_100km', { energy: 'gasoline', mainEnergy: 'gasoline' });
    expect(petrol.segments.map((s) => [s.distance, s.quantity])).toEqual([
      [500, 30],
      [500, 35],
    ]);
    const lpg = fuelEconomy(logs, 'km', 'l_per_100km', { energy: 'lpg', mainEnergy: 'gasoline' });
    expect(lpg.segments.map((s) => [s.distance, s.quantity])).toEqual([[500, 30]]);
  });
});

describe('a car’s energies', () => {
  test('answers energyTypes, else [energyType], else none', () => {
    expect(carEnergies({ energyType: 'lpg', energyTypes: ['lpg', 'gasoline'] })).toEqual(['lpg', 'gasoline']);
    expect(carEnergies({ energyType: 'gasoline', energyTypes: [] })).toEqual(['gasoline']);
    expect(carEnergies({ energyType: 'gasoline' })).toEqual(['gasoline']);
    expect(carEnergies({ energyType: null, energyTypes: [] })).toEqual([]);
  });

  test('keeps energyType and energyTypes agreeing after a change', () => {
    const car = { energyType: 'gasoline', energyTypes: ['gasoline', 'lpg'] };
    expect(energiesAfter(car, { energyTypes: ['lpg', 'gasoline'] })).toEqual({
      energyType: 'lpg',
      energyTypes: ['lpg', 'gasoline'],
    });
    expect(energiesAfter(car, { energyType: 'lpg' })).toEqual({
      energyType: 'lpg',
      energyTypes: ['lpg', 'gasoline'],
    });
    expect(energiesAfter(car, { energyType: null })).toEqual({ energyType: null, energyTypes: [] });
    expect(energiesAfter(car, {})).toEqual(car);
    expect(energiesAfter({ energyType: null, energyTypes: [] }, { energyType: 'diesel' })).toEqual({
      energyType: 'diesel',
      energyTypes: ['diesel'],
    });
  });

  test('counts the fills of one energy only, a fill without one being of the main energy', () => {
    const logs = [
      fill(1_000, { quantity: 40 }),
      fill(1_100, { quantity: 20, energy: 'lpg' }),
      fill(1_500, { quantity: 30, energy: 'gasoline' }),
      fill(1_600, { quantity: 40, energy: 'lpg' }),
    ];
    const petrol = fuelEconomy(logs, 'km', 'l_per_100km', { energy: 'gasoline', mainEnergy: 'gasoline' });
    expect(petrol.average).toBeCloseTo(6, 12);
    const lpg = fuelEconomy(logs, 'km', 'l_per_100km', { energy: 'lpg', mainEnergy: 'gasoline' });
    expect(lpg.average).toBeCloseTo(8, 12);
  });
});
