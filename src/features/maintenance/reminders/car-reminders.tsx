// A car's reminders on its page (my-cars' selected car, and car/{id} for my own cars): each with
// its state, "Done", edit and delete; "Add a reminder" opens the form with the common templates.
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import {
  deleteReminder,
  useReminders,
  useRemindersRefresh,
  type LocalCar,
  type LocalReminder,
  carPermissions,
  firstRemindersShown,
  forgetFirstReminders,
} from '@/features/garage';
import { StorageFullError } from '@/lib/offline/storage-full';
import { isNetworkError } from '@/lib/http/api-client';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { Button, ConfirmDialog, EditIcon, PlusIcon, SkeletonRows, TrashIcon, ButtonLink } from '@/ui';
import { RefreshFailed } from './refresh-failed';
import { ReminderRow } from './reminder-row';
import './reminders.css';

export function CarReminders({ car }: { car: LocalCar }) {
  const t = useT();
  const stored = useReminders(car.id);
  const { error, refresh, firstSyncPending } = useRemindersRefresh(car.id);
  // Until the device's copy has loaded, the reminders the entry's first paint showed, if any.
  const painted = firstRemindersShown(car.id);
  const loading = stored === undefined || (stored.length === 0 && firstSyncPending && !!painted?.length);
  const reminders = loading ? painted : stored;
  useEffect(() => {
    if (!loading) forgetFirstReminders();
  }, [loading]);
  const [deleting, setDeleting] = useState<LocalReminder | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteReminder(deleting.id);
      toast.show({ kind: 'success', message: t('REMINDERS.DELETED') });
    } catch (caught) {
      toast.show({
        kind: 'error',
        message: t(caught instanceof StorageFullError ? 'GARAGE.STORAGE_FULL' : 'REMINDERS.DELETE_FAILED'),
      });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  // Reminders are written by the owner and editors; other members read them.
  const { writeReminders } = carPermissions(car);
  const add = !writeReminders ? null : (
    <ButtonLink
      to="/my-cars/$carId/reminders/new"
      params={{ carId: car.id }}
      variant="secondary"
      size="small"
      icon={<PlusIcon />}
    >
      {t('REMINDERS.ADD')}
    </ButtonLink>
  );

  return (
    <section className="reminders" aria-labelledby={`reminders-${car.id}`} data-testid="car-reminders">
      <div className="reminders__header ui-flex ui-center ui-between ui-gap-3">
        <h2 id={`reminders-${car.id}`} className="reminders__title">
          {t('REMINDERS.TITLE')}
        </h2>
        {reminders?.length ? add : null}
      </div>
      {error && !isNetworkError(error) ? <RefreshFailed onRetry={() => void refresh()} /> : null}
      {reminders === undefined ? (
        <SkeletonRows count={2} label={t('REMINDERS.LOADING')} />
      ) : reminders.length === 0 ? (
        <div className="reminders__empty">
          <p className="reminders__hint">
            {t(writeReminders ? 'REMINDERS.EMPTY_TEXT' : 'REMINDERS.EMPTY_SHARED_TEXT')}
          </p>
          {add}
        </div>
      ) : (
        <ul className="reminders__list ui-flex ui-column ui-gap-2 ui-bare-list">
          {reminders.map((reminder) => (
            <ReminderRow
              key={reminder.id}
              reminder={reminder}
              car={car}
              extraActions={
                !writeReminders ? undefined : (
                  <>
                    <Link
                      to="/my-cars/$carId/reminders/$reminderId"
                      params={{ carId: car.id, reminderId: reminder.id }}
                      className="ui-button ui-button--ghost ui-button--small"
                      aria-label={t('REMINDERS.EDIT_LABEL', { title: reminder.title })}
                    >
                      <EditIcon />
                    </Link>
                    <Button
                      variant="ghost"
                      size="small"
                      aria-label={t('REMINDERS.DELETE_LABEL', { title: reminder.title })}
                      onClick={() => setDeleting(reminder)}
                    >
                      <TrashIcon />
                    </Button>
                  </>
                )
              }
            />
          ))}
        </ul>
      )}
      {deleting ? (
        <ConfirmDialog
          title={t('REMINDERS.DELETE_TITLE')}
          message={t('REMINDERS.DELETE_TEXT', { title: deleting.title })}
          cancelLabel={t('REMINDERS.CANCEL')}
          confirmLabel={t('REMINDERS.DELETE')}
          busy={busy}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void confirmDelete()}
        />
      ) : null}
    </section>
  );
}
