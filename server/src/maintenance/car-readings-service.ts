// A car's odometer and fuel economy (the maintenance tracker, docs/ARCHITECTURE.md server
// "maintenance/"): read by the car's owner and the members it is shared with, 404 for anyone else,
// computed by the same rules the device runs (src/contract/maintenance).
import {
  defaultEconomyUnit,
  distanceUnitOf,
  fuelEconomy,
  odometerSummary,
  type EconomyUnit,
} from '../../../src/contract/maintenance';
import type { FuelEconomy, Odometer } from '../../../src/contract/maintenance-api';
import type { CarAccessService } from '../garage/car-access';
import type { CarLogsRepository } from '../garage/car-logs-repository';
import { recentlyUsed } from './recently-used';

/**
 * Fuel economies kept per process, by car, version of its log book (`cars.log_version`, moved by
 * the triggers of migration 0006 on every change to the car's logs, whoever writes them, on any
 * node), mileage unit and economy unit: a car page asked again answers without reading its
 * thousands of fill-ups (docs/BENCHMARKS.md: ≤ 20 ms for 5,000). A few hundred kB each at that size.
 */
export const ECONOMIES_KEPT = 32;

export interface CarReadingsDeps {
  access: Pick<CarAccessService, 'readable'>;
  logs: Pick<CarLogsRepository, 'readingsOf' | 'logBookOf' | 'fuelFillsOf'>;
}

export function carReadingsService({ access, logs }: CarReadingsDeps) {
  const economies = recentlyUsed<string, FuelEconomy>(ECONOMIES_KEPT);

  return {
    async odometer(memberId: string, carId: string): Promise<Odometer> {
      const { car } = await access.readable(memberId, carId);
      const { current, readings, perDay } = odometerSummary(await logs.readingsOf(carId), car.mileage);
      return { current, unit: car.mileageUnit, readings, perDay };
    },

    async fuelEconomy(memberId: string, carId: string, unit?: EconomyUnit): Promise<FuelEconomy> {
      const { car } = await access.readable(memberId, carId);
      const economyUnit = unit ?? defaultEconomyUnit(car.energyType, car.mileageUnit);
      // The log book's version is read before the fills: an answer is never kept under a version
      // older than the fills it was computed from.
      const book = await logs.logBookOf(carId);
      const key = book && JSON.stringify([carId, book.version, car.mileageUnit, economyUnit]);
      const known = key ? economies.get(key) : undefined;
      if (known) return known;
      const answer = fuelEconomy(await logs.fuelFillsOf(carId), distanceUnitOf(car.mileageUnit), economyUnit);
      if (key) economies.set(key, answer);
      return answer;
    },
  };
}

export type CarReadingsService = ReturnType<typeof carReadingsService>;
