import { createFileRoute } from '@tanstack/react-router';
import { CarOverview } from '@/features/cars/car-screen';
import { BuildThread } from '@/features/posts';

// The car's overview, and its build thread (the feed's): the route composes the two features.
export const Route = createFileRoute('/_authenticated/car/$id/')({ component: CarOverviewRoute });

function CarOverviewRoute() {
  return <CarOverview thread={(car) => <BuildThread carId={car.id} mine={car.mine} />} />;
}
