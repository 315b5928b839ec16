// The car page's odometer and fuel economy, computed on the device from the logs in
// Dexie with the contract's own functions (the server's GET /cars/{id}/odometer and /fuel-economy
// run the same ones): it works offline and follows a fill-up saved offline at once.
import type { CarLog } from '@/contract/garage';
import {
  dayNumber,
  defaultEconomyUnit,
  distanceUnitOf,
  ECONOMY_UNIT_INFO,
  ECONOMY_UNITS,
  energyOfFuelUnit,
  fromKm,
  fuelEconomy,
  toKm,
  odometerSummary,
  readingsOf,
  type DistanceUnit,
  type EconomyUnit,
  type EnergyFilter,
  type FuelEconomy,
  type FuelLog,
  type OdometerSummary,
} from '@/contract/maintenance';

/** The logs as the economy rule reads them. */
export function fuelLogsOf(logs: readonly CarLog[]): FuelLog[] {
  const out: FuelLog[] = [];
  for (const log of logs)
    if (log.fuel)
      out.push({
        id: log.id,
        startDate: log.startDate,
        mileage: log.mileage,
        cost: log.cost,
        currencyCode: log.currencyCode,
        fuel: log.fuel,
      });
  return out;
}

export function carOdometer(logs: readonly CarLog[], carMileage: number | null): OdometerSummary {
  return odometerSummary(readingsOf(logs), carMileage);
}

/**
 * The units offered: those of the energies the car was filled with, and the car's own default
 * energy (a new electric car offers kWh/100 km before its first charge), in the contract's order.
 */
export function economyUnitsFor(fills: readonly FuelLog[], fallback: EconomyUnit): EconomyUnit[] {
  const energies = new Set([ECONOMY_UNIT_INFO[fallback].energy]);
  for (const fill of fills) if (fill.fuel) energies.add(energyOfFuelUnit(fill.fuel.unit));
  return ECONOMY_UNITS.filter((unit) => energies.has(ECONOMY_UNIT_INFO[unit].energy));
}

export function carEconomyUnit(car: { energyType: string | null; mileageUnit: string }): EconomyUnit {
  return defaultEconomyUnit(car.energyType, car.mileageUnit);
}

/** The car's energies, its main one first (a car with only `energyType` has that one). */
export function carEnergies(car: { energyType: string | null; energyTypes?: string[] }): string[] {
  if (car.energyTypes?.length) return car.energyTypes;
  return car.energyType ? [car.energyType] : [];
}

/** The fills of `energy` (a fill that names none is of the car's main energy). */
export function fillsOfEnergy(fills: readonly FuelLog[], only: EnergyFilter): FuelLog[] {
  return fills.filter((f) => (f.fuel?.energy ?? only.mainEnergy) === only.energy);
}

/**
 * What driving costs over every energy (a dual-fuel car's LPG and petrol, a plug-in hybrid's
 * petrol and charges): currency → the cost of every fill after the first reading, over the odometer
 * distance from the first fill's reading to the last one's, in `distance` units. Empty when the
 * fills span no distance.
 */
export function allEnergiesCostPerDistance(
  fills: readonly FuelLog[],
  mileageUnit: string,
  distance: DistanceUnit,
): Record<string, number> {
  let first: number | null = null;
  let last: number | null = null;
  for (const fill of fills) {
    if (fill.mileage === null) continue;
    if (first === null || fill.mileage < first) first = fill.mileage;
    if (last === null || fill.mileage > last) last = fill.mileage;
  }
  if (first === null || last === null || last <= first) return {};
  const span = fromKm(toKm(last - first, distanceUnitOf(mileageUnit)), distance);
  const costs: Record<string, number> = {};
  // The fills at the first reading filled the tanks before the distance counted: left out.
  for (const fill of fills)
    if (fill.mileage !== null && fill.mileage > first && fill.cost !== null && fill.currencyCode)
      costs[fill.currencyCode] = (costs[fill.currencyCode] ?? 0) + fill.cost;
  const out: Record<string, number> = {};
  for (const [currency, cost] of Object.entries(costs)) out[currency] = cost / span;
  return out;
}

/** Why a segment is left out of the average. */
export type SegmentProblem = 'readingMissing' | 'noDistance' | 'missedFill';

export interface SegmentRow {
  key: string;
  /** The segment's closing fill: "mark as missed" and "it's right" are said on it. */
  toLogId: string;
  fromDate: string;
  toDate: string;
  distance: number | null;
  quantity: number;
  economy: number | null;
  problem: SegmentProblem | null;
  /** Probably a missed fill-up: far from the car's other segments, left out of every figure. */
  suspect: boolean;
}

export interface CarEconomy extends FuelEconomy {
  rows: SegmentRow[];
}

export function carEconomy(
  fills: readonly FuelLog[],
  mileageUnit: string,
  unit: EconomyUnit,
  only?: EnergyFilter,
): CarEconomy {
  const economy = fuelEconomy(fills, distanceUnitOf(mileageUnit), unit, only);
  const dates = new Map(fills.map((f) => [f.id, f.startDate]));
  const rows = economy.segments.map((segment) => ({
    key: `${segment.fromLogId}-${segment.toLogId}`,
    toLogId: segment.toLogId,
    fromDate: dates.get(segment.fromLogId) ?? '',
    toDate: dates.get(segment.toLogId) ?? '',
    distance: segment.distance,
    quantity: segment.quantity,
    economy: segment.economy,
    // The rule leaves a segment out for a missing reading, no distance, or a fill-up not logged.
    problem: segment.valid
      ? null
      : segment.distance === null
        ? ('readingMissing' as const)
        : segment.distance <= 0
          ? ('noDistance' as const)
          : ('missedFill' as const),
    suspect: segment.suspect,
  }));
  return { ...economy, rows };
}

/** A chart point: x in days since 1970, y the value. */
export interface Point {
  x: number;
  y: number;
  label: string;
}

/** The valid, non-suspect segments' economies by the date of their closing fill, oldest first. */
export function economyPoints(economy: CarEconomy): Point[] {
  return economy.rows
    .filter((row) => row.economy !== null && !row.suspect && row.toDate)
    .map((row) => ({ x: dayNumber(row.toDate), y: row.economy!, label: row.toDate }))
    .sort((a, b) => a.x - b.x);
}

/** At most this many points are drawn: a long log book's line keeps its shape, the DOM stays small. */
export const CHART_MAX_POINTS = 200;

/** Readings as points, thinned evenly to CHART_MAX_POINTS (the first and the last always kept). */
export function odometerPoints(summary: OdometerSummary, max = CHART_MAX_POINTS): Point[] {
  const all = summary.readings.map((r) => ({ x: dayNumber(r.date), y: r.mileage, label: r.date }));
  if (all.length <= max) return all;
  const step = (all.length - 1) / (max - 1);
  const out: Point[] = [];
  for (let i = 0; i < max; i++) out.push(all[Math.round(i * step)]!);
  return out;
}
