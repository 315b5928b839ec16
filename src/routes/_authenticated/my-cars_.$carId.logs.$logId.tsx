import { createFileRoute } from '@tanstack/react-router';
import { CarLogViewScreen } from '@/features/logbook/log-view/car-log-view-screen';
import { useMarkRelatedRead } from '@/features/notifications';

// Not nested in my-cars (the trailing "_"): the entry's own screen, at /my-cars/{carId}/logs/{logId}.
export const Route = createFileRoute('/_authenticated/my-cars_/$carId/logs/$logId')({
  component: CarLogViewRoute,
});

function CarLogViewRoute() {
  const { carId, logId } = Route.useParams();
  useMarkRelatedRead('car-log', logId);
  return <CarLogViewScreen carId={carId} logId={logId} />;
}
