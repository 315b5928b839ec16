// A car at a glance, from the mirror (works offline): its mileage, its next reminder, its last
// fill-up and its average economy. The garage's cards and the car's overview say these.
import { useMemo } from 'react';
import {
  DEFAULT_MILEAGE_UNIT,
  useCarLogs,
  useLastFillUp,
  useReminders,
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

export function useCarGlance(car: LocalCar): CarGlance {
  const t = useT();
  // What paints first reads only what it shows: the car's reminders (a car without any reads no
  // log; one with some derives their state from its logs, as the server does) and its newest
  // fill-up through the index. The average economy needs every fill-up: its read of the logbook
  // starts once those are there, off the first paint (undefined, a skeleton, until then).
  const reminders = useReminders(car.id);
  const fill = useLastFillUp(car.id);
  const firstPainted = reminders !== undefined && fill !== undefined;
  const all = useCarLogs(firstPainted ? car.id : undefined);
  const logs = firstPainted ? all : undefined;
  const unit = car.mileageUnit || DEFAULT_MILEAGE_UNIT;
  const economy = useMemo(
    () => (logs ? averageEconomyText(t, { ...car, mileageUnit: unit }, logs) : undefined),
    [t, car, unit, logs],
  );
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
