import { createFileRoute } from '@tanstack/react-router';
import { CarScreen } from '@/features/cars/car-screen';
import { useMarkRelatedRead } from '@/features/notifications';
import { BuildThread } from '@/features/posts';

export const Route = createFileRoute('/_authenticated/car/$id')({ component: CarRoute });

function CarRoute() {
  const { id } = Route.useParams();
  useMarkRelatedRead('car', id);
  // The car's page and its build thread (the feed's): the route composes the two features.
  return <CarScreen key={id} id={id} thread={(car) => <BuildThread carId={car.id} mine={car.mine} />} />;
}
