import { createFileRoute } from '@tanstack/react-router';
import { OwnCarSection } from '@/features/cars/car-home/car-home';
import { CarReminders } from '@/features/maintenance';

// The car's reminders section (from the mirror, offline too).
export const Route = createFileRoute('/_authenticated/car/$id/reminders')({ component: RemindersRoute });

function RemindersRoute() {
  return <OwnCarSection>{(car) => <CarReminders car={car} />}</OwnCarSection>;
}
