// The reminders read from Dexie with their state derived on the device: the same
// contract function the server runs (src/contract/maintenance), over the logs and the odometer this
// device holds, so an oil change logged offline moves its reminder at once. A car whose log book this
// device never synced keeps the server's derived state (its history is not here to derive from).
import type { Car, CarLog } from '@/contract/garage';
import { odometerSummary, readingsOf, reminderState, type OdometerSummary } from '@/contract/maintenance';
import type { Reminder } from '@/contract/maintenance-api';
import { db, type PaddockDb } from '@/lib/db';
import { useLive } from '@/lib/offline/live';
import type { SyncState } from '@/lib/offline/types';
import { actsOnReminder } from './car-roles';
import type { LocalReminder } from './reminders';
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
 * The member's reminders (or one car's), each with its state, sorted overdue first. Reads the
 * reminders, their cars and those cars' logs, and the outbox's keys (sync states).
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
  const [cars, logs, synced, queuedKeys, failed, carCreates] = await Promise.all([
    database.cars.bulkGet(carIds),
    carId && carLogs ? carLogs : database.carLogs.where('carId').anyOf(carIds).toArray(),
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

  const logsByCar = new Map<string, CarLog[]>();
  for (const log of logs) logsByCar.set(log.carId, [...(logsByCar.get(log.carId) ?? []), log]);
  const carsById = new Map(cars.filter((c): c is Car => c !== undefined).map((c) => [c.id, c]));
  const summaries = new Map<string, OdometerSummary>();
  const summaryOf = (carId: string): OdometerSummary => {
    let summary = summaries.get(carId);
    if (!summary) {
      summary = odometerSummary(readingsOf(logsByCar.get(carId) ?? []), carsById.get(carId)?.mileage ?? null);
      summaries.set(carId, summary);
    }
    return summary;
  };
  // Across all cars (the Due list, the tab's badge), only the cars in my garage, and of a car shared
  // with me only the reminders my role can act on (a driver: fuel and distance-based).
  const listed = carId
    ? rows
    : rows.filter((row) => {
        const car = carsById.get(row.carId);
        return car !== undefined && actsOnReminder(car, row);
      });
  const result = listed.map((row): LocalReminder => {
    const syncState = states.get(row.id);
    const summary = summaryOf(row.carId);
    // Not written here and its car's history not here: the server's derived state stands.
    const local = known.has(row.carId) || syncState !== undefined || logsByCar.has(row.carId);
    const derived = local ? deriveReminder(row, logsByCar.get(row.carId) ?? [], summary, today) : row;
    return { ...derived, carOdometer: summary.current, ...(syncState ? { syncState } : {}) };
  });
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
