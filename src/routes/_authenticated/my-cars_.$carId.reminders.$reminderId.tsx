import { createFileRoute } from '@tanstack/react-router';
import { ReminderFormScreen } from '@/features/maintenance/reminders/reminder-form-screen';

// Edit one of my reminders, at /my-cars/{carId}/reminders/{reminderId} (not nested in my-cars).
export const Route = createFileRoute('/_authenticated/my-cars_/$carId/reminders/$reminderId')({
  component: EditReminderRoute,
});

function EditReminderRoute() {
  const { carId, reminderId } = Route.useParams();
  return <ReminderFormScreen carId={carId} reminderId={reminderId} />;
}
