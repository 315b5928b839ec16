import { createFileRoute } from '@tanstack/react-router';
import { CarLogFormScreen } from '@/features/logbook/car-log-form-screen';

export const Route = createFileRoute('/_authenticated/edit-car-log/$carId/$logId')({
  component: EditCarLogRoute,
});

function EditCarLogRoute() {
  const { carId, logId } = Route.useParams();
  return <CarLogFormScreen carId={carId} logId={logId} />;
}
