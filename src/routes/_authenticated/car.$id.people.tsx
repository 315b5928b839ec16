import { useNavigate, createFileRoute } from '@tanstack/react-router';
import { CarMembersSection, CarOwnersLine } from '@/features/car-people';
import { OwnCarSection } from '@/features/cars/car-home/car-home';
import { Card } from '@/ui/page';

// The car's people: its owners over time and the members it is shared with.
export const Route = createFileRoute('/_authenticated/car/$id/people')({ component: PeopleRoute });

function PeopleRoute() {
  const navigate = useNavigate();
  return (
    <OwnCarSection>
      {(car) => (
        <Card>
          <CarOwnersLine carId={car.id} />
          {/* Leaving a shared car: it is no longer in the garage. */}
          <CarMembersSection car={car} onLeft={() => void navigate({ to: '/my-cars' })} />
        </Card>
      )}
    </OwnCarSection>
  );
}
