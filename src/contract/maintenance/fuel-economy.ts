// Fuel and energy economy. The rule: fills sorted by odometer; each full
// fill closes a segment that starts at the previous full fill; the quantities of the partial fills
// between them and of the closing fill are the segment's fuel. A segment is not valid when a fill in
// it (its closing fill included) says earlier fill-ups were not logged, or when a reading is missing.
// average = Σ distance ÷ Σ quantity over valid segments only (never a mean of segment figures).
// A valid segment whose economy is below half or above twice the median of the car's other valid,
// non-suspect segments is `suspect` (probably a missed fill-up) and left out of every figure, until
// the member says "it's right" (`economyConfirmed` on its closing fill) or marks it as missed
// (`missedPrevious`, which makes it not valid).
import {
  ECONOMY_UNIT_INFO,
  economyIn,
  energyOfFuelUnit,
  fromBaseQuantity,
  fromKm,
  toBaseQuantity,
  toKm,
  type DistanceUnit,
  type EconomyUnit,
  type FuelUnit,
} from './units';

/** The `fuel` object of a car log of type `fuel`. */
export interface FuelFill {
  quantity: number;
  unit: FuelUnit;
  fullTank: boolean;
  missedPrevious: boolean;
  pricePerUnit?: number | null;
  /** "It's right": the segment this fill closes is never suspect. */
  economyConfirmed?: boolean;
  /** A key of the energyType settings; absent: the car's main energy. */
  energy?: string | null;
}

/** What the rule needs of a car log. */
export interface FuelLog {
  id: string;
  startDate: string;
  mileage: number | null;
  cost: number | null;
  currencyCode: string | null;
  fuel: FuelFill | null;
}

export interface EconomySegment {
  fromLogId: string;
  toLogId: string;
  /** In the distance unit of `unit` (km, or mi for mpg and mi/kWh); null when an end has no reading. */
  distance: number | null;
  /** In the quantity unit of `unit` (l, gal_us, gal_uk or kWh). */
  quantity: number;
  /** In `unit`; null when the segment is not valid. */
  economy: number | null;
  valid: boolean;
  /**
   * A valid segment far from the others (below half or above twice the median of the other valid,
   * non-suspect ones): left out of every figure. Never when its closing fill is `economyConfirmed`.
   */
  suspect: boolean;
}

/** A segment needs at least this many others to be judged suspect: one other proves nothing. */
export const SUSPECT_MIN_OTHERS = 2;

/** Which fills count: those of `energy` (a fill without one is of `mainEnergy`). */
export interface EnergyFilter {
  energy: string;
  mainEnergy: string | null;
}

/**
 * A car's energies, its main one first (keys of the energyType settings): its `energyTypes`, else
 * `[energyType]` for a car that has only that one, else none.
 */
export function carEnergies(car: {
  energyType: string | null;
  energyTypes?: readonly string[] | null;
}): string[] {
  if (car.energyTypes && car.energyTypes.length > 0) return [...car.energyTypes];
  return car.energyType === null ? [] : [car.energyType];
}

/** A car's two energy fields, which always agree: `energyType` is `energyTypes[0]`. */
export interface CarEnergyFields {
  energyType: string | null;
  energyTypes: string[];
}

/**
 * The energy fields after a create or an edit (docs/SPEC-NOTES.md "A car's home"): `energyTypes`
 * given sets the main `energyType`; `energyType` alone becomes the first of the energies, the others
 * kept. The server stores this and the device's mirror shows the same before its sync.
 */
export function energiesAfter(
  current: CarEnergyFields,
  change: { energyType?: string | null; energyTypes?: readonly string[] | null },
): CarEnergyFields {
  if (change.energyTypes !== undefined && change.energyTypes !== null)
    return { energyTypes: [...change.energyTypes], energyType: change.energyTypes[0] ?? null };
  if (change.energyType !== undefined)
    return {
      energyType: change.energyType,
      energyTypes:
        change.energyType === null
          ? []
          : [change.energyType, ...current.energyTypes.filter((e) => e !== change.energyType)],
    };
  return { energyType: current.energyType, energyTypes: current.energyTypes };
}

export interface FuelEconomy {
  unit: EconomyUnit;
  average: number | null;
  best: number | null;
  worst: number | null;
  /** Σ distance of the valid segments, in the distance unit of `unit`. */
  distance: number;
  /** Σ quantity of the valid segments, in the quantity unit of `unit`. */
  quantity: number;
  /** currency → cost of the valid segments' fuel ÷ `distance` (fills without a cost are left out). */
  costPerDistance: Record<string, number>;
  segments: EconomySegment[];
  /**
   * Only when no energy was asked for: currency → Σ over the car's energies of each one's
   * `costPerDistance`, per unit of the answered distance (km, or mi).
   */
  allEnergiesCostPerDistance?: Record<string, number>;
}

interface Fill {
  log: FuelLog;
  fuel: FuelFill;
}

/**
 * Fills in odometer order: the ones with a reading by reading (then date); one without a reading
 * goes after the last read fill dated on or before it.
 */
function inOdometerOrder(fills: Fill[]): Fill[] {
  const byId = (a: Fill, b: Fill) => (a.log.id < b.log.id ? -1 : a.log.id > b.log.id ? 1 : 0);
  const read = fills
    .filter((f) => f.log.mileage !== null)
    .sort(
      (a, b) =>
        a.log.mileage! - b.log.mileage! ||
        (a.log.startDate < b.log.startDate ? -1 : a.log.startDate > b.log.startDate ? 1 : byId(a, b)),
    );
  const unread = fills
    .filter((f) => f.log.mileage === null)
    .sort((a, b) =>
      a.log.startDate < b.log.startDate ? -1 : a.log.startDate > b.log.startDate ? 1 : byId(a, b),
    );
  if (unread.length === 0) return read;
  const out: Fill[] = [];
  let u = 0;
  for (const fill of read) {
    while (u < unread.length && unread[u]!.log.startDate < fill.log.startDate) out.push(unread[u++]!);
    out.push(fill);
  }
  while (u < unread.length) out.push(unread[u++]!);
  return out;
}

/**
 * The economy of a car's fills in `unit`, for the energy `unit` measures (liquid or electric; fills
 * of the other energy are left out). `mileageUnit` is the unit of the logs' readings.
 */
export function fuelEconomy(
  logs: readonly FuelLog[],
  mileageUnit: DistanceUnit,
  unit: EconomyUnit,
  only?: EnergyFilter,
): FuelEconomy {
  const info = ECONOMY_UNIT_INFO[unit];
  const fills: Fill[] = [];
  for (const log of logs) {
    if (!log.fuel || energyOfFuelUnit(log.fuel.unit) !== info.energy) continue;
    if (only && (log.fuel.energy ?? only.mainEnergy) !== only.energy) continue;
    fills.push({ log, fuel: log.fuel });
  }
  const sorted = inOdometerOrder(fills);

  const segments: EconomySegment[] = [];
  /** Per segment: its km and base quantity, and the range of its fills in `sorted`. */
  const kms: number[] = [];
  const bases: number[] = [];
  const ranges: [number, number][] = [];

  // One pass over the sorted fills, by index: a segment's parts are sorted[from + 1 .. i] (the
  // partial fills after its starting full fill, then the closing one). No array, spread or closure
  // per segment: 5,000 fill-ups stay well inside the budget on a phone.
  let from = -1;
  for (let i = 0; i < sorted.length; i++) {
    const fill = sorted[i]!;
    if (!fill.fuel.fullTank) continue; // Partial fills before the first full one open no segment.
    if (from >= 0) {
      const start = sorted[from]!;
      let baseQuantity = 0;
      let readings = start.log.mileage !== null;
      let noneMissed = true;
      for (let j = from + 1; j <= i; j++) {
        const part = sorted[j]!;
        baseQuantity += toBaseQuantity(part.fuel.quantity, part.fuel.unit);
        if (part.log.mileage === null) readings = false;
        if (part.fuel.missedPrevious) noneMissed = false;
      }
      const km =
        start.log.mileage !== null && fill.log.mileage !== null
          ? toKm(fill.log.mileage - start.log.mileage, mileageUnit)
          : null;
      const valid = readings && km !== null && km > 0 && noneMissed;
      const economy = valid ? economyIn(unit, km, baseQuantity) : null;
      segments.push({
        fromLogId: start.log.id,
        toLogId: fill.log.id,
        distance: km === null ? null : fromKm(km, info.distance),
        quantity: fromBaseQuantity(baseQuantity, info.quantity),
        economy,
        valid,
        suspect: false,
      });
      kms.push(valid ? km : 0);
      bases.push(baseQuantity);
      ranges.push([from + 1, i]);
    }
    from = i;
  }

  markSuspects(segments, (s) => sorted[ranges[s]![1]]!.fuel.economyConfirmed === true);

  let totalKm = 0;
  let totalBase = 0;
  const costs: Record<string, number> = {};
  const economies: number[] = [];
  for (let s = 0; s < segments.length; s++) {
    const segment = segments[s]!;
    if (!segment.valid || segment.suspect) continue;
    totalKm += kms[s]!;
    totalBase += bases[s]!;
    if (segment.economy !== null) economies.push(segment.economy);
    const [first, last] = ranges[s]!;
    for (let j = first; j <= last; j++) {
      const { cost, currencyCode } = sorted[j]!.log;
      if (cost !== null && currencyCode !== null) costs[currencyCode] = (costs[currencyCode] ?? 0) + cost;
    }
  }

  const distance = fromKm(totalKm, info.distance);
  const better = (a: number, b: number) => (info.higherIsBetter ? a > b : a < b);
  let best: number | null = null;
  let worst: number | null = null;
  for (const e of economies) {
    if (best === null || better(e, best)) best = e;
    if (worst === null || better(worst, e)) worst = e;
  }
  const costPerDistance: Record<string, number> = {};
  if (distance > 0)
    for (const [currency, cost] of Object.entries(costs)) costPerDistance[currency] = cost / distance;
  return {
    unit,
    average: economyIn(unit, totalKm, totalBase),
    best,
    worst,
    distance,
    quantity: fromBaseQuantity(totalBase, info.quantity),
    costPerDistance,
    segments,
  };
}

/** The median of `sorted` (ascending) without its element at `skip` (-1: none); null when too few. */
function medianWithout(sorted: readonly number[], skip: number): number | null {
  const n = sorted.length - (skip >= 0 ? 1 : 0);
  if (n < SUSPECT_MIN_OTHERS) return null;
  const at = (i: number) => sorted[skip >= 0 && i >= skip ? i + 1 : i]!;
  return n % 2 === 1 ? at((n - 1) / 2) : (at(n / 2 - 1) + at(n / 2)) / 2;
}

/**
 * Sets `suspect` on the valid segments far from the median of the others (in the answered unit).
 * Two passes: the first judges each against all the other valid segments; the second against the
 * others the first found not suspect, so one wild segment does not make a sound one look odd. A
 * segment said right (`confirmed`) is never suspect and always counts in the others' median.
 * Each median is read from one sorted array without the segment itself: O(n log n) in all.
 */
function markSuspects(segments: EconomySegment[], confirmed: (index: number) => boolean): void {
  const judged = (s: number) => segments[s]!.valid && segments[s]!.economy !== null;
  const judge = (pool: number[], inPool: (index: number) => boolean) => {
    const sorted = pool.map((s) => segments[s]!.economy!).sort((a, b) => a - b);
    const flags = new Array<boolean>(segments.length).fill(false);
    for (let s = 0; s < segments.length; s++) {
      const segment = segments[s]!;
      if (!judged(s) || confirmed(s)) continue;
      // Its own place in the sorted pool: any element equal to its economy.
      let skip = -1;
      if (inPool(s)) {
        let lo = 0;
        let hi = sorted.length - 1;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (sorted[mid]! < segment.economy!) lo = mid + 1;
          else hi = mid;
        }
        skip = lo;
      }
      const median = medianWithout(sorted, skip);
      if (median === null || median <= 0) continue;
      flags[s] = segment.economy! < median / 2 || segment.economy! > median * 2;
    }
    return flags;
  };
  const valid: number[] = [];
  for (let s = 0; s < segments.length; s++) if (judged(s)) valid.push(s);
  const first = judge(valid, judged);
  const kept = valid.filter((s) => !first[s]);
  const second = judge(kept, (s) => judged(s) && !first[s]);
  for (let s = 0; s < segments.length; s++) segments[s]!.suspect = second[s]!;
}
