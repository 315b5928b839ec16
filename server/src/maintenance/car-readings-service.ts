// A car's odometer and fuel economy (the maintenance tracker, docs/ARCHITECTURE.md server
// "maintenance/"): read by the car's owner and the members it is shared with, 404 for anyone else,
// computed by the same rules the device runs (src/contract/maintenance).
import {
  carEnergies,
  defaultEconomyUnit,
  distanceUnitOf,
  ECONOMY_UNIT_INFO,
  fuelEconomy,
  odometerSummary,
  type DistanceUnit,
  type EconomyUnit,
  type EnergyFilter,
} from '../../../src/contract/maintenance';
import type { FuelEconomy, Odometer } from '../../../src/contract/maintenance-api';
import { badRequest } from '../http/errors';
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

    /**
     * The economy of one of the car's energies (docs/SPEC-NOTES.md "A car's home", "Energies"): its
     * segments run between full fills of that energy and count its fills only, over the odometer
     * distance between them. Without `energy`, the main one, plus `allEnergiesCostPerDistance`.
     */
    async fuelEconomy(
      memberId: string,
      carId: string,
      unit?: EconomyUnit,
      energy?: string,
    ): Promise<FuelEconomy> {
      const { car } = await access.readable(memberId, carId);
      const energies = carEnergies(car);
      if (energy !== undefined && !energies.includes(energy))
        throw badRequest('Some fields are missing or invalid.', [
          { field: 'querystring.energy', message: "must be one of the car's energyTypes" },
        ]);
      const mainEnergy = energies[0] ?? null;
      const answered = energy ?? mainEnergy;
      const economyUnit = unit ?? defaultEconomyUnit(answered, car.mileageUnit);
      // The log book's version is read before the fills: an answer is never kept under a version
      // older than the fills it was computed from.
      const book = await logs.logBookOf(carId);
      const key =
        book && JSON.stringify([carId, book.version, car.mileageUnit, economyUnit, energy ?? null, energies]);
      const known = key ? economies.get(key) : undefined;
      if (known) return known;
      const fills = await logs.fuelFillsOf(carId);
      const mileageUnit = distanceUnitOf(car.mileageUnit);
      // A car without any energy counts every fill, as before energies existed.
      const only = (key: string): EnergyFilter | undefined =>
        mainEnergy === null ? undefined : { energy: key, mainEnergy };
      const answer: FuelEconomy = fuelEconomy(
        fills,
        mileageUnit,
        economyUnit,
        answered === null ? undefined : only(answered),
      );
      if (energy === undefined) {
        // What a distance unit costs in all energies together: the sum of each energy's cost per
        // distance (its own valid, non-suspect segments), each read in the answered distance unit.
        const distance = ECONOMY_UNIT_INFO[economyUnit].distance;
        const total: Record<string, number> = {};
        for (const each of mainEnergy === null ? [null] : energies) {
          const figures =
            each === answered
              ? answer
              : fuelEconomy(
                  fills,
                  mileageUnit,
                  unitFor(each, distance),
                  each === null ? undefined : only(each),
                );
          for (const [currency, perDistance] of Object.entries(figures.costPerDistance))
            total[currency] = (total[currency] ?? 0) + perDistance;
        }
        answer.allEnergiesCostPerDistance = total;
      }
      if (key) economies.set(key, answer);
      return answer;
    },
  };
}

/**
 * The unit an energy is counted in when its cost per distance must be read in `distance`: kWh for
 * electricity, litres (or US gallons for miles) for the others.
 */
function unitFor(energy: string | null, distance: DistanceUnit): EconomyUnit {
  return defaultEconomyUnit(energy, distance);
}

export type CarReadingsService = ReturnType<typeof carReadingsService>;
