import { createFileRoute } from '@tanstack/react-router';
import { CarScreen } from '@/features/garage/cars/car-screen';

export const Route = createFileRoute('/_authenticated/car/$id')({ component: CarRoute });

function CarRoute() {
  const { id } = Route.useParams();
  return <CarScreen key={id} id={id} />;
}
