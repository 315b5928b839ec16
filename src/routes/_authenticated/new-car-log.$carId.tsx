import { createFileRoute } from '@tanstack/react-router';
import { CarLogFormScreen } from '@/features/garage/car-logs/car-log-form-screen';

export const Route = createFileRoute('/_authenticated/new-car-log/$carId')({ component: NewCarLogRoute });

function NewCarLogRoute() {
  const { carId } = Route.useParams();
  return <CarLogFormScreen carId={carId} />;
}
