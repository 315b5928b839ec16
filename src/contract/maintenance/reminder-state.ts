// A reminder's state, derived from the car's history every time, never stored
// and advanced: delete or re-date the log that completed a reminder and it is due again.
import { addDays, addMonths, daysBetween } from './dates';
import type { OdometerSummary } from './odometer';

export type ReminderStateName = 'ok' | 'soon' | 'overdue';

/** What the rule needs of a reminder. */
export interface ReminderRule {
  logType: string | null;
  intervalMonths: number | null;
  intervalDistance: number | null;
  dueDate: string | null;
  dueMileage: number | null;
  soonDays: number | null;
  soonDistance: number | null;
  /** ISO instant; its day is the base of a recurring reminder never done. */
  createdAt: string;
  /** The car's odometer when the reminder was made (the base when never done). */
  createdMileage: number | null;
}

/** What the rule needs of a car log. */
export interface ReminderLog {
  id: string;
  type: string;
  startDate: string;
  mileage: number | null;
}

export interface ReminderState {
  state: ReminderStateName;
  dueDate: string | null;
  dueMileage: number | null;
  /** When the distance due is estimated to be reached, from the odometer's `perDay`. */
  predictedDate: string | null;
  firedBy: 'date' | 'mileage' | null;
  /** The log that last completed the reminder (its base), if any. */
  doneLogId: string | null;
}

/** A soon-window never narrower than this many days, or this distance. */
export const REMINDER_SOON_DAYS_MIN = 14;
export const REMINDER_SOON_DISTANCE_MIN = 500;

export const isRecurring = (r: Pick<ReminderRule, 'intervalMonths' | 'intervalDistance'>): boolean =>
  r.intervalMonths !== null || r.intervalDistance !== null;

/** A reminder needs an interval (recurring) or a due date or distance (one-off). */
export const hasDuePoint = (
  r: Pick<ReminderRule, 'intervalMonths' | 'intervalDistance' | 'dueDate' | 'dueMileage'>,
): boolean => isRecurring(r) || r.dueDate !== null || r.dueMileage !== null;

const laterLog = (a: ReminderLog, b: ReminderLog) =>
  b.startDate > a.startDate ||
  (b.startDate === a.startDate && (b.mileage ?? -1) > (a.mileage ?? -1)) ||
  (b.startDate === a.startDate && (b.mileage ?? -1) === (a.mileage ?? -1) && b.id > a.id);

/**
 * How far before a due distance a reminder is `soon`: its own `soonDistance`, else the larger of 500
 * and a tenth of its interval's distance.
 */
export function reminderSoonDistance(
  reminder: Pick<ReminderRule, 'soonDistance' | 'intervalDistance'>,
): number {
  return (
    reminder.soonDistance ??
    Math.max(
      REMINDER_SOON_DISTANCE_MIN,
      reminder.intervalDistance === null ? 0 : reminder.intervalDistance / 10,
    )
  );
}

/**
 * The state of `reminder` on `today` (YYYY-MM-DD) given its car's logs and odometer.
 *
 * Recurring (an interval in months and/or distance, whichever comes first): the base is the car's
 * latest log of `logType`, else the reminder's creation day and `createdMileage`, or, when it gives
 * them, the reminder's own `dueDate`/`dueMileage` as the first due point; due = base + interval.
 * One-off: due at `dueDate` and/or `dueMileage`; a log of `logType` dated on or after its creation
 * completes it (state `ok`, `doneLogId`).
 *
 * `soon` within `soonDays` (default: the larger of 14 and a tenth of the interval's days) or
 * `soonDistance` (default: the larger of 500 and a tenth of the interval's distance) of a due point;
 * `overdue` once past one. `firedBy` names the due point that reached the state first.
 */
export function reminderState(
  reminder: ReminderRule,
  logs: readonly ReminderLog[],
  odometer: OdometerSummary,
  today: string,
): ReminderState {
  const createdDay = reminder.createdAt.slice(0, 10);
  const ofType = reminder.logType === null ? [] : logs.filter((l) => l.type === reminder.logType);
  let dueDate: string | null;
  let dueMileage: number | null;
  let doneLogId: string | null = null;
  let intervalDays: number | null = null;

  if (isRecurring(reminder)) {
    let latest: ReminderLog | undefined;
    for (const log of ofType) if (!latest || laterLog(latest, log)) latest = log;
    doneLogId = latest?.id ?? null;
    const baseDate = latest ? latest.startDate : createdDay;
    const baseMileage = latest ? latest.mileage : reminder.createdMileage;
    dueDate = reminder.intervalMonths === null ? null : addMonths(baseDate, reminder.intervalMonths);
    dueMileage =
      reminder.intervalDistance === null || baseMileage === null
        ? null
        : baseMileage + reminder.intervalDistance;
    if (dueDate !== null) intervalDays = daysBetween(baseDate, dueDate);
    if (!latest) {
      // Never done yet: a first due point the member gave wins over creation + interval.
      if (reminder.dueDate !== null) dueDate = reminder.dueDate;
      if (reminder.dueMileage !== null) dueMileage = reminder.dueMileage;
    }
  } else {
    dueDate = reminder.dueDate;
    dueMileage = reminder.dueMileage;
    let done: ReminderLog | undefined;
    for (const log of ofType) if (log.startDate >= createdDay && (!done || laterLog(log, done))) done = log;
    doneLogId = done?.id ?? null;
  }

  const soonDays =
    reminder.soonDays ?? Math.max(REMINDER_SOON_DAYS_MIN, intervalDays === null ? 0 : intervalDays / 10);
  const soonDistance = reminderSoonDistance(reminder);

  const readings = odometer.readings;
  const latestReading = readings[readings.length - 1];
  /** The first day a reading reached `mileage` (or today, when only the car's own figure did). */
  const dayReached = (mileage: number): string | null => {
    const reading = readings.find((r) => r.mileage >= mileage);
    if (reading) return reading.date;
    return odometer.current !== null && odometer.current >= mileage ? today : null;
  };

  let predictedDate: string | null = null;
  if (dueMileage !== null) {
    predictedDate = dayReached(dueMileage);
    if (predictedDate === null && latestReading && odometer.perDay !== null && odometer.perDay > 0)
      predictedDate = addDays(
        latestReading.date,
        Math.ceil((dueMileage - latestReading.mileage) / odometer.perDay),
      );
  }

  if (doneLogId !== null && !isRecurring(reminder))
    return { state: 'ok', dueDate, dueMileage, predictedDate, firedBy: null, doneLogId };

  // For each due point: the day it became overdue and the day it became soon (null: not yet).
  const byDate =
    dueDate === null
      ? null
      : {
          overdue: today > dueDate ? addDays(dueDate, 1) : null,
          soon: daysBetween(today, dueDate) <= soonDays ? addDays(dueDate, -Math.floor(soonDays)) : null,
        };
  const byMileage =
    dueMileage === null
      ? null
      : {
          overdue: dayReached(dueMileage + 1),
          soon: dayReached(dueMileage - soonDistance),
        };

  const first = (kind: 'overdue' | 'soon'): 'date' | 'mileage' | null => {
    const d = byDate?.[kind] ?? null;
    const m = byMileage?.[kind] ?? null;
    if (d === null && m === null) return null;
    if (m === null) return 'date';
    if (d === null) return 'mileage';
    return m < d ? 'mileage' : 'date';
  };
  const overdueBy = first('overdue');
  if (overdueBy)
    return { state: 'overdue', dueDate, dueMileage, predictedDate, firedBy: overdueBy, doneLogId };
  const soonBy = first('soon');
  if (soonBy) return { state: 'soon', dueDate, dueMileage, predictedDate, firedBy: soonBy, doneLogId };
  return { state: 'ok', dueDate, dueMileage, predictedDate, firedBy: null, doneLogId };
}
