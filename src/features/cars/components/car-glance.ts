// A car at a glance, from the mirror (works offline): its mileage, its next reminder, its last
// fill-up and its average economy. The garage's cards and the car's overview say these.
import { useMemo } from 'react';
import {
  DEFAULT_MILEAGE_UNIT,
  useCarFillUps,
  useLastFillUp,
  useReminders,
  type LocalCar,
  type LocalReminder,
} from '@/features/garage';
import { averageEconomyText } from '@/features/maintenance';
import { useT } from '@/lib/i18n';
import { useAfterPaint } from '@/lib/offline/after-paint';
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
  // What paints first reads only what it shows, through the mirror's indexes: the car's reminders
  // (their state from the latest log of their type and the odometer's readings, not the whole
  // logbook) and its newest fill-up. The average economy needs every fill-up (only those, by
  // type): that read starts once the rest is there, off the first paint (a skeleton until then).
  const reminders = useReminders(car.id);
  const fill = useLastFillUp(car.id);
  // Not at once, though: a tap on to another section right after the paint (the logbook) would
  // wait behind those rows; the read starts once the glance has been shown a moment.
  const firstPainted = useAfterPaint(reminders !== undefined && fill !== undefined);
  const fillUps = useCarFillUps(firstPainted ? car.id : undefined);
  const logs = firstPainted ? fillUps : undefined;
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
