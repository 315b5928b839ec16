// A car at a glance, from the mirror (works offline): its mileage, its next reminder, its last
// fill-up and its average economy. The garage's cards and the car's overview say these.
import { useMemo } from 'react';
import type { CarLog } from '@/contract/garage';
import {
  DEFAULT_MILEAGE_UNIT,
  useCarLogsAndReminders,
  type LocalCar,
  type LocalReminder,
} from '@/features/garage';
import { averageEconomyText } from '@/features/maintenance';
import { useT } from '@/lib/i18n';
import { formatDay, formatDistance } from '@/lib/i18n/format';

export interface CarGlance {
  /** "185,350 km", or null without a reading. */
  mileage: string | null;
  /** The reminder due first (overdue first), or null; undefined while reading. */
  nextReminder: { title: string; state: LocalReminder['state']; when: string | null } | null | undefined;
  /** The last fill-up's day, or null; undefined while reading. */
  lastFillUp: string | null | undefined;
  /** "6.4 L/100 km", or null; undefined while reading. */
  economy: string | null | undefined;
}

/** The newest fill-up of logs sorted newest first (the mirror's order). */
export function lastFill(logs: readonly CarLog[]): CarLog | null {
  return logs.find((log) => log.fuel !== undefined && log.fuel !== null) ?? null;
}

export function useCarGlance(car: LocalCar): CarGlance {
  const t = useT();
  // One read of the logbook for both (a car of thousands of logs).
  const read = useCarLogsAndReminders(car.id);
  const logs = read?.logs;
  const reminders = read?.reminders;
  const unit = car.mileageUnit || DEFAULT_MILEAGE_UNIT;
  const economy = useMemo(
    () => (logs ? averageEconomyText(t, { ...car, mileageUnit: unit }, logs) : undefined),
    [t, car, unit, logs],
  );
  const fill = logs ? lastFill(logs) : undefined;
  const next = reminders?.[0];
  return {
    mileage: car.mileage === null || car.mileage === undefined ? null : formatDistance(car.mileage, unit),
    nextReminder:
      reminders === undefined
        ? undefined
        : next
          ? {
              title: next.title,
              state: next.state,
              when: next.dueDate
                ? formatDay(next.dueDate)
                : next.predictedDate
                  ? formatDay(next.predictedDate)
                  : null,
            }
          : null,
    lastFillUp: fill === undefined ? undefined : fill ? formatDay(fill.startDate) : null,
    economy,
  };
}
