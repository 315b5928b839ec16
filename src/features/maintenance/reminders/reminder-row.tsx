// One reminder as a row: (its car,) its title and state chip, the due point in words, and its
// actions: "Done" opens a new log pre-filled with the reminder's type, today and the odometer.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import {
  DEFAULT_MILEAGE_UNIT,
  localToday,
  type LocalCar,
  type LocalReminder,
  carTitle,
  actsOnReminder,
} from '@/features/garage';
import { useT } from '@/lib/i18n';
import { CheckIcon } from '@/ui';
import { dueParts, StateChip } from './reminder-parts';
import './reminders.css';

/** The new-log search a reminder's "Done" opens with (read by the log form). */
export function doneSearch(reminder: LocalReminder): { type?: string; title: string; mileage?: number } {
  return {
    ...(reminder.logType ? { type: reminder.logType } : {}),
    title: reminder.title,
    ...(reminder.carOdometer !== null && reminder.carOdometer !== undefined
      ? { mileage: reminder.carOdometer }
      : {}),
  };
}

export function ReminderRow({
  reminder,
  car,
  showCar,
  extraActions,
}: {
  reminder: LocalReminder;
  car: LocalCar | undefined;
  showCar?: boolean;
  extraActions?: ReactNode;
}) {
  const t = useT();
  const unit = car?.mileageUnit || DEFAULT_MILEAGE_UNIT;
  const due = dueParts(t, reminder, unit, localToday());
  // "Done" writes a log: only for a role that can act on the reminder (a shared car's viewer: none).
  const canDo = !car || actsOnReminder(car, reminder);
  return (
    <li
      className={`reminder-row reminder-row--${reminder.state}${extraActions ? ' reminder-row--stacked' : ''}`}
      data-testid="reminder-row"
    >
      <div className="reminder-row__main ui-flex ui-column ui-gap-1">
        {showCar && car ? <span className="reminder-row__car">{carTitle(car)}</span> : null}
        <span className="reminder-row__title ui-flex ui-wrap ui-center ui-gap-2">
          {reminder.title} <StateChip state={reminder.state} />
          {reminder.syncState ? (
            <span className="reminder-row__due">
              {t(reminder.syncState === 'failed' ? 'REMINDERS.NEEDS_ATTENTION' : 'REMINDERS.PENDING')}
            </span>
          ) : null}
        </span>
        {due.length ? <span className="reminder-row__due">{due.join(' · ')}</span> : null}
      </div>
      <div className="reminder-row__actions ui-flex ui-wrap ui-end ui-gap-2">
        {extraActions}
        {canDo ? (
          <Link
            to="/new-car-log/$carId"
            params={{ carId: reminder.carId }}
            search={doneSearch(reminder)}
            className="ui-button ui-button--primary ui-button--small"
            aria-label={t('REMINDERS.DONE_LABEL', { title: reminder.title })}
          >
            <CheckIcon />
            {t('REMINDERS.DONE')}
          </Link>
        ) : null}
      </div>
    </li>
  );
}
