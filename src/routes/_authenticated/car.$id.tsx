import { createFileRoute, Outlet } from '@tanstack/react-router';
import { CarHome } from '@/features/cars/car-home/car-home';
import { useMarkRelatedRead } from '@/features/notifications';

// A car's home: its frame (name, the bar of sections) around the section at /car/{id}/… below.
export const Route = createFileRoute('/_authenticated/car/$id')({ component: CarHomeRoute });

function CarHomeRoute() {
  const { id } = Route.useParams();
  useMarkRelatedRead('car', id);
  return (
    <CarHome key={id} id={id}>
      <Outlet />
    </CarHome>
  );
}
