import { createFileRoute } from '@tanstack/react-router';
import { ReminderFormScreen } from '@/features/maintenance/reminders/reminder-form-screen';

// A new reminder of one of my cars, at /my-cars/{carId}/reminders/new (not nested in my-cars).
export const Route = createFileRoute('/_authenticated/my-cars_/$carId/reminders/new')({
  component: NewReminderRoute,
});

function NewReminderRoute() {
  const { carId } = Route.useParams();
  return <ReminderFormScreen carId={carId} />;
}
