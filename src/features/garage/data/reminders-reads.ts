// The reminders read from Dexie with their state derived on the device: the same
// contract function the server runs (src/contract/maintenance), over the logs and the odometer this
// device holds, so an oil change logged offline moves its reminder at once. A car whose log book this
// device never synced keeps the server's derived state (its history is not here to derive from).
import type { Car, CarLog } from '@/contract/garage';
import {
  isRecurring,
  odometerSummary,
  readingsOf,
  reminderSoonDistance,
  reminderState,
  sortReadings,
  type OdometerReading,
  type OdometerSummary,
} from '@/contract/maintenance';
import type { Reminder } from '@/contract/maintenance-api';
import { db, type PaddockDb } from '@/lib/db';
import { useLive } from '@/lib/offline/live';
import type { SyncState } from '@/lib/offline/types';
import { actsOnReminder } from './car-roles';
import type { LocalReminder } from './reminders';
import { readFirstReaching, readLogsOfTypeAtEnd, readOdometerEnds } from './indexed-reads';
import { readCarLogs } from './reads';
import { CAR_KINDS } from './kinds';

/** Today on the member's calendar (not UTC: at 1 a.m. in Paris it is already today). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const STATE_ORDER = { overdue: 0, soon: 1, ok: 2 } as const;

/** Overdue first, then soon, then the others; each by its nearest due or predicted day, then title. */
export function compareReminders(a: Reminder, b: Reminder): number {
  const byState = STATE_ORDER[a.state] - STATE_ORDER[b.state];
  if (byState) return byState;
  const day = (r: Reminder) =>
    [r.dueDate, r.predictedDate].filter((d): d is string => d !== null).sort()[0] ?? '9999';
  const byDay = day(a).localeCompare(day(b));
  return byDay || a.title.localeCompare(b.title);
}

/** The reminder with its state derived from `logs` and the car's odometer `summary`. */
export function deriveReminder(
  reminder: Reminder,
  logs: readonly CarLog[],
  summary: OdometerSummary,
  today: string,
) {
  const derived = reminderState(
    {
      logType: reminder.logType,
      intervalMonths: reminder.intervalMonths,
      intervalDistance: reminder.intervalDistance,
      dueDate: reminder.setDueDate,
      dueMileage: reminder.setDueMileage,
      soonDays: reminder.soonDays,
      soonDistance: reminder.soonDistance,
      createdAt: reminder.createdAt,
      createdMileage: reminder.createdMileage,
    },
    logs,
    summary,
    today,
  );
  return { ...reminder, ...derived };
}

/**
 * The reminder with its state derived through the mirror's indexes, not from the whole logbook:
 * the logs of its type that can be its base or complete it, the odometer's ends, and the first readings to reach the distances
 * its rule asks about (its due distance, one past it, and where `soon` starts). The contract's
 * rule, given those readings only, answers as it does given all (indexed-reads.ts says why).
 */
async function deriveThroughIndexes(
  database: PaddockDb,
  reminder: Reminder,
  odometer: OdometerEnds,
  today: string,
) {
  // A recurring one counts from the latest log of its type; a one-off is done by the first one
  // dated on or after its creation day.
  const logs =
    reminder.logType === null
      ? []
      : await readLogsOfTypeAtEnd(
          database,
          reminder.carId,
          reminder.logType,
          isRecurring(reminder) ? undefined : reminder.createdAt.slice(0, 10),
        );
  const ends = odometer.latest ? [odometer.latest] : [];
  const summary: OdometerSummary = { current: odometer.current, perDay: odometer.perDay, readings: ends };
  const first = deriveReminder(reminder, logs, summary, today);
  // Its due distance depends on its logs only: without one, no reading is ever asked about.
  if (first.dueMileage === null) return first;
  const asked = [first.dueMileage, first.dueMileage + 1, first.dueMileage - reminderSoonDistance(reminder)];
  const reached = await Promise.all(asked.map((m) => readFirstReaching(database, reminder.carId, m)));
  const readings = sortReadings([...reached.filter((r): r is OdometerReading => r !== null), ...ends]);
  return deriveReminder(reminder, logs, { ...summary, readings }, today);
}

type OdometerEnds = Awaited<ReturnType<typeof readOdometerEnds>>;

/**
 * The member's reminders (or one car's), each with its state, sorted overdue first. Reads the
 * reminders, their cars, what their states need of those cars' logs (through the indexes, or the
 * logs the caller has just read), and the outbox's keys (sync states).
 */
export async function readReminders(
  database: PaddockDb,
  {
    carId,
    today = localToday(),
    carLogs,
  }: {
    carId?: string;
    today?: string;
    /** The logs of `carId`, when the caller has just read them (one read of a long logbook, not two). */
    carLogs?: readonly CarLog[];
  } = {},
): Promise<LocalReminder[]> {
  const rows = carId
    ? await database.reminders.where('carId').equals(carId).toArray()
    : await database.reminders.toArray();
  if (!rows.length) return [];
  const carIds = [...new Set(rows.map((r) => r.carId))];
  const [cars, synced, queuedKeys, failed, carCreates] = await Promise.all([
    database.cars.bulkGet(carIds),
    database.meta.bulkGet(carIds.map((id) => `carLogsSyncedAt:${id}`)),
    database.outbox.orderBy('entityId').uniqueKeys(),
    database.outbox.where('status').equals('failed').toArray(),
    database.outbox
      .where('entityId')
      .anyOf(carIds)
      .filter((e) => e.kind === CAR_KINDS.create)
      .toArray(),
  ]);
  const states = new Map<string, SyncState>();
  for (const key of queuedKeys) if (typeof key === 'string') states.set(key, 'pending');
  for (const entry of failed) if (entry.entityId) states.set(entry.entityId, 'failed');
  // The log books this device holds whole: synced from the server, or of a car made here.
  const known = new Set(carIds.filter((id, i) => synced[i] !== undefined));
  for (const entry of carCreates) if (entry.entityId) known.add(entry.entityId);

  const carsById = new Map(cars.filter((c): c is Car => c !== undefined).map((c) => [c.id, c]));
  // Across all cars (the Due list, the tab's badge), only the cars in my garage, and of a car shared
  // with me only the reminders my role can act on (a driver: fuel and distance-based).
  const listed = carId
    ? rows
    : rows.filter((row) => {
        const car = carsById.get(row.carId);
        return car !== undefined && actsOnReminder(car, row);
      });
  const mileageOf = (id: string) => carsById.get(id)?.mileage ?? null;
  // The caller's whole logbook, when it has one: the rule runs over it as it is.
  const given = carId && carLogs ? carLogs : undefined;
  const givenSummary = given ? odometerSummary(readingsOf(given), mileageOf(carId!)) : undefined;
  const ends = new Map<string, Promise<OdometerEnds>>();
  const endsOf = (id: string): Promise<OdometerEnds> => {
    let read = ends.get(id);
    if (!read) {
      read = readOdometerEnds(database, id, mileageOf(id));
      ends.set(id, read);
    }
    return read;
  };
  const result = await Promise.all(
    listed.map(async (row): Promise<LocalReminder> => {
      const syncState = states.get(row.id);
      const odometer = given ? undefined : await endsOf(row.carId);
      const hasLogs = given ? given.length > 0 : odometer!.hasLogs;
      // Not written here and its car's history not here: the server's derived state stands.
      const local = known.has(row.carId) || syncState !== undefined || hasLogs;
      const derived = !local
        ? row
        : given
          ? deriveReminder(row, given, givenSummary!, today)
          : await deriveThroughIndexes(database, row, odometer!, today);
      const carOdometer = given ? givenSummary!.current : odometer!.current;
      return { ...derived, carOdometer, ...(syncState ? { syncState } : {}) };
    }),
  );
  return result.sort(compareReminders);
}

/**
 * One car's logs (newest first) and reminders (with their state), live, from one read of its
 * logbook: what a car at a glance needs (the garage's cards, the car's overview).
 */
export function useCarLogsAndReminders(
  carId: string,
): { logs: CarLog[]; reminders: LocalReminder[] } | undefined {
  return useLive(async () => {
    const logs = await readCarLogs(carId);
    return { logs, reminders: await readReminders(db, { carId, carLogs: logs }) };
  }, [carId]);
}

/** The reminders of one car, or all of the member's, live (undefined while loading). */
export function useReminders(carId?: string): LocalReminder[] | undefined {
  return useLive(() => readReminders(db, carId ? { carId } : {}), [carId]);
}

/** How many reminders are overdue or soon: the Garage tab's badge. */
export async function readDueCount(database: PaddockDb): Promise<number> {
  return (await readReminders(database)).filter((r) => r.state !== 'ok').length;
}
