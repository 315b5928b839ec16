// One screen for my-cars/{carId}/reminders/new and my-cars/{carId}/reminders/{reminderId}.
import { CarNotHere, FormSkeleton } from '@/features/garage/cars/car-form/car-form-states';
import { useCar, useReminders, type LocalCar } from '@/features/garage/data';
import { useT } from '@/lib/i18n';
import { Card, EmptyState, Page, WrenchIcon } from '@/ui';
import { ReminderForm } from './reminder-form';

const FIELDS = 8;

export function ReminderFormScreen({ carId, reminderId }: { carId: string; reminderId?: string }) {
  const t = useT();
  const car = useCar(carId);
  const loading = t('REMINDERS.FORM_LOADING');
  return (
    <Page title={t(reminderId ? 'REMINDERS.EDIT_TITLE' : 'REMINDERS.NEW_TITLE')}>
      <Card>
        {car === undefined ? (
          <FormSkeleton label={loading} fields={FIELDS} />
        ) : car === null ? (
          <CarNotHere loadingLabel={loading} />
        ) : reminderId ? (
          <EditReminder car={car} reminderId={reminderId} />
        ) : (
          <ReminderForm key={car.id} car={car} />
        )}
      </Card>
    </Page>
  );
}

function EditReminder({ car, reminderId }: { car: LocalCar; reminderId: string }) {
  const t = useT();
  const reminders = useReminders(car.id);
  if (reminders === undefined) return <FormSkeleton label={t('REMINDERS.FORM_LOADING')} fields={FIELDS} />;
  const reminder = reminders.find((r) => r.id === reminderId);
  if (!reminder)
    return (
      <EmptyState
        icon={<WrenchIcon />}
        title={t('REMINDERS.NOT_FOUND')}
        text={t('REMINDERS.NOT_FOUND_TEXT')}
      />
    );
  return <ReminderForm key={reminder.id} car={car} reminder={reminder} />;
}
