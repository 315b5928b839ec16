import { createFileRoute } from '@tanstack/react-router';
import { CarFormScreen } from '@/features/cars/car-form-screen';

export const Route = createFileRoute('/_authenticated/edit-car/$id')({ component: EditCarRoute });

function EditCarRoute() {
  const { id } = Route.useParams();
  return <CarFormScreen carId={id} />;
}
