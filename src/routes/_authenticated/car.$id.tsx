import { createFileRoute } from '@tanstack/react-router';
import { CarScreen } from '@/features/cars/car-screen';
import { useMarkRelatedRead } from '@/features/notifications';

export const Route = createFileRoute('/_authenticated/car/$id')({ component: CarRoute });

function CarRoute() {
  const { id } = Route.useParams();
  useMarkRelatedRead('car', id);
  return <CarScreen key={id} id={id} />;
}
