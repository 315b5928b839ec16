import { createFileRoute } from '@tanstack/react-router';
import { OwnCarSection } from '@/features/cars/car-home/car-home';
import { CarPapersSection } from '@/features/cars/papers/car-papers-section';

// The car's papers and dates: VIN, plate, registration, due dates and their reminders, the papers.
export const Route = createFileRoute('/_authenticated/car/$id/papers')({ component: PapersRoute });

function PapersRoute() {
  return <OwnCarSection>{(car) => <CarPapersSection car={car} />}</OwnCarSection>;
}
