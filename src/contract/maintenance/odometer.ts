// The odometer rules: a car log's `mileage` is a reading in the car's
// mileageUnit, dated by the log's `startDate`. The car's own `mileage` (typed when it was added) is
// not a dated reading: it is the current figure only while no log has one, and it never refuses a log.
import { addDays, daysBetween } from './dates';

/** A dated odometer reading: one car log with a mileage. */
export interface OdometerReading {
  logId: string;
  /** YYYY-MM-DD */
  date: string;
  mileage: number;
}

/** More than this many km (or mi, the car's unit) a day since the previous reading is a jump. */
export const ODOMETER_JUMP_PER_DAY = 2000;
/** `perDay` is taken over the readings of this many days up to the latest one. */
export const ODOMETER_PER_DAY_WINDOW_DAYS = 90;

export type OdometerProblem =
  | {
      code: 'ODOMETER_OUT_OF_ORDER';
      /** `before`: the neighbour is dated before the new reading and reads more; `after`: later and less. */
      relation: 'before' | 'after';
      neighbour: OdometerReading;
    }
  | {
      code: 'ODOMETER_JUMP';
      previous: OdometerReading;
      /** The distance a day the new reading implies since `previous`. */
      perDay: number;
    };

/**
 * Whether a reading (a new log's, or a changed log's: `logId` names it so that its stored reading is
 * left out) fits the car's other readings. Same-day readings never contradict each other. A jump
 * (more than 2,000 a day since the previous reading, a same-day one counting as one day) is refused
 * unless `confirmed`.
 */
export function checkOdometer(
  readings: readonly OdometerReading[],
  reading: { logId?: string; date: string; mileage: number },
  { confirmed = false }: { confirmed?: boolean } = {},
): OdometerProblem | null {
  const others = readings.filter((r) => r.logId !== reading.logId);
  let higherBefore: OdometerReading | undefined;
  let lowerAfter: OdometerReading | undefined;
  let previous: OdometerReading | undefined;
  for (const r of others) {
    const days = daysBetween(r.date, reading.date);
    if (days > 0 && r.mileage > reading.mileage) {
      // The nearest in date names the problem best.
      if (
        !higherBefore ||
        r.date > higherBefore.date ||
        (r.date === higherBefore.date && r.mileage > higherBefore.mileage)
      )
        higherBefore = r;
    }
    if (days < 0 && r.mileage < reading.mileage) {
      if (
        !lowerAfter ||
        r.date < lowerAfter.date ||
        (r.date === lowerAfter.date && r.mileage < lowerAfter.mileage)
      )
        lowerAfter = r;
    }
    if (days >= 0 && r.mileage <= reading.mileage) {
      if (
        !previous ||
        r.mileage > previous.mileage ||
        (r.mileage === previous.mileage && r.date > previous.date)
      )
        previous = r;
    }
  }
  if (higherBefore) return { code: 'ODOMETER_OUT_OF_ORDER', relation: 'before', neighbour: higherBefore };
  if (lowerAfter) return { code: 'ODOMETER_OUT_OF_ORDER', relation: 'after', neighbour: lowerAfter };
  if (previous && !confirmed) {
    const days = Math.max(1, daysBetween(previous.date, reading.date));
    const perDay = (reading.mileage - previous.mileage) / days;
    if (perDay > ODOMETER_JUMP_PER_DAY) return { code: 'ODOMETER_JUMP', previous, perDay };
  }
  return null;
}

/** Readings in date order (same day: by reading), the order they are shown and charted in. */
export function sortReadings(readings: readonly OdometerReading[]): OdometerReading[] {
  return [...readings].sort(
    (a, b) =>
      (a.date < b.date ? -1 : a.date > b.date ? 1 : a.mileage - b.mileage) || (a.logId < b.logId ? -1 : 1),
  );
}

export interface OdometerSummary {
  /** The latest reading by date, else the car's own mileage, else null. */
  current: number | null;
  readings: OdometerReading[];
  /** The average distance a day over the last 90 days of readings; null with fewer than two days. */
  perDay: number | null;
}

/** Readings out of logs: the ones with a mileage. */
export function readingsOf(
  logs: readonly { id: string; startDate: string; mileage: number | null }[],
): OdometerReading[] {
  const readings: OdometerReading[] = [];
  for (const log of logs)
    if (log.mileage !== null) readings.push({ logId: log.id, date: log.startDate, mileage: log.mileage });
  return readings;
}

export function odometerSummary(
  readings: readonly OdometerReading[],
  carMileage: number | null,
): OdometerSummary {
  const sorted = sortReadings(readings);
  const latest = sorted[sorted.length - 1];
  if (!latest) return { current: carMileage, readings: sorted, perDay: null };
  const windowStart = addDays(latest.date, -ODOMETER_PER_DAY_WINDOW_DAYS);
  // The first reading of the window, the lowest of its day.
  const first = sorted.find((r) => r.date >= windowStart)!;
  const days = daysBetween(first.date, latest.date);
  const perDay = days > 0 ? Math.max(0, latest.mileage - first.mileage) / days : null;
  return { current: latest.mileage, readings: sorted, perDay };
}

/** The odometer on `date` as estimated from the latest reading and `perDay` (a form's pre-filled figure). */
export function estimateOdometer(summary: OdometerSummary, date: string): number | null {
  const latest = summary.readings[summary.readings.length - 1];
  if (summary.current === null) return null;
  if (!latest || summary.perDay === null) return summary.current;
  const days = daysBetween(latest.date, date);
  return days > 0 ? Math.round(latest.mileage + summary.perDay * days) : summary.current;
}
