// What a car at a glance needs of its logbook, read through the mirror's indexes (version 8 of
// src/lib/db): never the whole logbook, whose read alone is longer than the car's home may take to
// paint (docs/BENCHMARKS.md, the car's home). Each answer must equal what the contract's functions
// (src/contract/maintenance) derive from all the logs: first-page.test.ts and
// indexed-reads.test.ts check them against the whole logbook's.
import { Dexie } from 'dexie';
import type { CarLog } from '@/contract/garage';
import {
  addDays,
  daysBetween,
  ODOMETER_PER_DAY_WINDOW_DAYS,
  sortReadings,
  type OdometerReading,
} from '@/contract/maintenance';
import { db, type PaddockDb } from '@/lib/db';
import { useLive } from '@/lib/offline/live';
import { compareLogs } from './reads';

const hasReading = (log: CarLog) => log.mileage !== null && log.mileage !== undefined;

const readingOf = (log: CarLog): OdometerReading => ({
  logId: log.id,
  date: log.startDate,
  mileage: log.mileage!,
});

/**
 * How many rows a read that looks for the first one of a kind takes at once: a limited read is one
 * request to IndexedDB, while a filtered one walks a cursor, one round trip per row. Past this
 * many, the cursor (rare: that many newest logs without a reading or a fill-up).
 */
export const BATCH = 16;

/** A car's logs of one day (the index orders them by id: callers sort). */
function logsOfDay(database: PaddockDb, carId: string, date: string): Promise<CarLog[]> {
  return database.carLogs.where('[carId+startDate]').equals([carId, date]).toArray();
}

/**
 * A car's odometer from its readings' ends: the latest reading (the latest day, its highest
 * figure) and `perDay`, over the window of days up to it, as odometerSummary says them, from the
 * newest logs and the window's first day. `hasLogs`: whether the device holds any log of the car.
 */
export async function readOdometerEnds(
  database: PaddockDb,
  carId: string,
  carMileage: number | null,
): Promise<{
  current: number | null;
  latest: OdometerReading | null;
  perDay: number | null;
  hasLogs: boolean;
}> {
  const byDate = (from: unknown, to: unknown) =>
    database.carLogs.where('[carId+startDate]').between([carId, from], [carId, to], true, true);
  const newest = await byDate(Dexie.minKey, Dexie.maxKey).reverse().limit(BATCH).toArray();
  const newestReading =
    newest.find(hasReading) ??
    (newest.length < BATCH
      ? undefined
      : await byDate(Dexie.minKey, Dexie.maxKey).reverse().filter(hasReading).first());
  if (!newestReading) return { current: carMileage, latest: null, perDay: null, hasLogs: newest.length > 0 };
  const lastDay = sortReadings((await logsOfDay(database, carId, newestReading.startDate)).flatMap(readings));
  const latest = lastDay[lastDay.length - 1]!;
  // The first reading of the window, the lowest of its day (odometerSummary).
  const windowStart = addDays(latest.date, -ODOMETER_PER_DAY_WINDOW_DAYS);
  const windowLogs = await byDate(windowStart, Dexie.maxKey).limit(BATCH).toArray();
  const firstInWindow =
    windowLogs.find(hasReading) ??
    (windowLogs.length < BATCH
      ? undefined
      : await byDate(windowStart, Dexie.maxKey).filter(hasReading).first());
  const firstDay = sortReadings(
    firstInWindow ? (await logsOfDay(database, carId, firstInWindow.startDate)).flatMap(readings) : [],
  );
  const first = firstDay[0] ?? latest;
  const days = daysBetween(first.date, latest.date);
  const perDay = days > 0 ? Math.max(0, latest.mileage - first.mileage) / days : null;
  return { current: latest.mileage, latest, perDay, hasLogs: true };
}

function readings(log: CarLog): OdometerReading[] {
  return hasReading(log) ? [readingOf(log)] : [];
}

/**
 * The first reading, in date order, to reach `mileage` (null: none has). Through the readings'
 * index: the lowest figure at or above `mileage`, the earliest day of that figure. That is the
 * first by date because a car's readings never go down as the days go by (checkOdometer refuses
 * one that would, on the device and on the server).
 */
export async function readFirstReaching(
  database: PaddockDb,
  carId: string,
  mileage: number,
): Promise<OdometerReading | null> {
  const lowest = await database.carLogs
    .where('[carId+mileage]')
    .between([carId, mileage], [carId, Dexie.maxKey], true, true)
    .first();
  if (!lowest) return null;
  const same = await database.carLogs.where('[carId+mileage]').equals([carId, lowest.mileage!]).toArray();
  return sortReadings(same.flatMap(readings))[0] ?? null;
}

/**
 * A car's logs of a type on one end of its days: the latest day that has one (`from` unset), or the
 * first day on or after `from`; every log of that day (the rules break a tie of one day by reading,
 * then by id), newest first. Empty: none.
 */
export async function readLogsOfTypeAtEnd(
  database: PaddockDb,
  carId: string,
  type: string,
  from?: string,
): Promise<CarLog[]> {
  const range = database.carLogs
    .where('[carId+type+startDate]')
    .between([carId, type, from ?? Dexie.minKey], [carId, type, Dexie.maxKey], true, true);
  const end = await (from === undefined ? range.last() : range.first());
  if (!end) return [];
  const day = await database.carLogs
    .where('[carId+type+startDate]')
    .equals([carId, type, end.startDate])
    .toArray();
  return day.sort(compareLogs);
}

/** A car's fill-ups (its logs of type fuel that say one), newest first: what its economy needs. */
export async function readCarFillUps(database: PaddockDb, carId: string): Promise<CarLog[]> {
  const rows = await database.carLogs
    .where('[carId+type+startDate]')
    .between([carId, 'fuel', Dexie.minKey], [carId, 'fuel', Dexie.maxKey])
    .filter((log) => log.fuel !== undefined && log.fuel !== null)
    .toArray();
  return rows.sort(compareLogs);
}

/** A car's fill-ups, live (undefined while reading, or without a car). */
export function useCarFillUps(carId: string | undefined): CarLog[] | undefined {
  return useLive(async () => (carId ? readCarFillUps(db, carId) : undefined), [carId]);
}
