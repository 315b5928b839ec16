// The garage's "Due" list: every reminder of the member's cars that is overdue or soon,
// overdue first, at the top of my-cars. Derived on the device, so it moves as soon as a log is saved,
// offline too. Nothing shows while every reminder is fine.
import { useEffect, useMemo, useRef } from 'react';
import {
  firstCarsShown,
  firstDueShown,
  forgetFirstDue,
  useCars,
  useReminders,
  useRemindersRefresh,
} from '@/features/garage';
import { isNetworkError } from '@/lib/http/api-client';
import { useT } from '@/lib/i18n';
import { RefreshFailed } from './refresh-failed';
import { ReminderRow } from './reminder-row';
import './reminders.css';

export function DueList() {
  const t = useT();
  const stored = useReminders();
  const cars = useCars();
  const { error, refresh, firstSyncPending } = useRemindersRefresh();
  // Until the device's reminders have loaded (a new device: its first sync), the due ones the entry's
  // first paint listed: the list is there from the app's first render, not pushed in above the cars
  // once the sync has written them (a layout shift, CLS 0.14 in Lighthouse on /my-cars).
  const painted = firstDueShown();
  const loading = stored === undefined || (stored.length === 0 && firstSyncPending && !!painted?.length);
  const reminders = loading ? painted : stored;
  useEffect(() => {
    if (!loading) forgetFirstDue();
  }, [loading]);
  // The cars likewise (each row names its car): the painted ones until the device's have loaded
  // (kept from the first render: the garage forgets them once its own list has loaded, which may be
  // a moment before this one's).
  const paintedCars = useRef(firstCarsShown());
  const named = cars?.length ? cars : (paintedCars.current ?? cars);
  const carsById = useMemo(() => new Map((named ?? []).map((c) => [c.id, c])), [named]);
  const due = reminders?.filter((r) => r.state !== 'ok');

  // Nothing while the device's reminders are read: skeleton rows here were replaced by nothing in
  // the usual case (nothing due), and the car's page below jumped up (a layout shift, CLS 0.13 in
  // Lighthouse on /my-cars). A due list that does come pushes the page down once, as it should.
  if (reminders === undefined) return null;
  const failed = error && !isNetworkError(error);
  if (!due?.length && !failed) return null;
  return (
    <section className="reminders" aria-labelledby="due-list-title" data-testid="due-list">
      <div className="reminders__header ui-flex ui-center ui-between ui-gap-3">
        <h2 id="due-list-title" className="reminders__title">
          {t('REMINDERS.DUE_TITLE')}
        </h2>
      </div>
      {failed ? <RefreshFailed onRetry={() => void refresh()} /> : null}
      {due?.length ? (
        <ul className="reminders__list ui-flex ui-column ui-gap-2 ui-bare-list">
          {due.map((reminder) => (
            <ReminderRow key={reminder.id} reminder={reminder} car={carsById.get(reminder.carId)} showCar />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
