// One screen for my-cars/{carId}/reminders/new and my-cars/{carId}/reminders/{reminderId}.
import { CarFormPage, FormSkeleton, useReminders, type LocalCar } from '@/features/garage';
import { useT } from '@/lib/i18n';
import { EmptyState, WrenchIcon } from '@/ui';
import { ReminderForm } from './reminder-form';

const FIELDS = 8;

export function ReminderFormScreen({ carId, reminderId }: { carId: string; reminderId?: string }) {
  const t = useT();
  return (
    <CarFormPage
      carId={carId}
      title={t(reminderId ? 'REMINDERS.EDIT_TITLE' : 'REMINDERS.NEW_TITLE')}
      loadingLabel={t('REMINDERS.FORM_LOADING')}
      fields={FIELDS}
    >
      {(car) =>
        reminderId ? (
          <EditReminder car={car} reminderId={reminderId} />
        ) : (
          <ReminderForm key={car.id} car={car} />
        )
      }
    </CarFormPage>
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
