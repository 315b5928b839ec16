// The pieces every reminder row shares: its state chip, and its due point in words (the date
// and/or the distance left, or how late it is), in the car's unit.
import type { LocalReminder } from '@/features/garage';
import { formatDistance } from '@/lib/i18n/format';
import { formatDate, useT } from '@/lib/i18n';
import { daysBetween } from '@/contract/maintenance';

type T = (id: string, values?: Record<string, unknown>) => string;

const CHIP_KEYS = {
  overdue: 'REMINDERS.STATE_OVERDUE',
  soon: 'REMINDERS.STATE_SOON',
  ok: 'REMINDERS.STATE_OK',
} as const;

export function StateChip({ state }: { state: LocalReminder['state'] }) {
  const t = useT();
  return <span className={`reminder-chip reminder-chip--${state}`}>{t(CHIP_KEYS[state])}</span>;
}

/** The due point in words: "Due 1 May 2026 · 1,200 km left", "600 km over", "in about 3 weeks". */
export function dueParts(t: T, reminder: LocalReminder, mileageUnit: string, today: string): string[] {
  const parts: string[] = [];
  const distance = (value: number) => formatDistance(value, mileageUnit);
  if (reminder.dueDate) {
    const date = formatDate(reminder.dueDate, { dateStyle: 'medium' });
    const late = daysBetween(reminder.dueDate, today);
    parts.push(
      late > 0
        ? t('REMINDERS.DUE_DATE_PAST', { date, days: late })
        : late === 0
          ? t('REMINDERS.DUE_TODAY', { date })
          : t('REMINDERS.DUE_DATE', { date, days: -late }),
    );
  }
  if (reminder.dueMileage !== null) {
    const current = reminder.carOdometer ?? null;
    const mileage = distance(reminder.dueMileage);
    if (current === null) parts.push(t('REMINDERS.DUE_MILEAGE', { mileage }));
    else {
      const left = reminder.dueMileage - current;
      parts.push(
        left >= 0
          ? t('REMINDERS.DISTANCE_LEFT', { distance: distance(left), mileage })
          : t('REMINDERS.DISTANCE_OVER', { distance: distance(-left), mileage }),
      );
    }
    if (reminder.predictedDate && reminder.predictedDate > today && !reminder.dueDate) {
      parts.push(
        t('REMINDERS.PREDICTED', { date: formatDate(reminder.predictedDate, { dateStyle: 'medium' }) }),
      );
    }
  }
  return parts;
}
