import { createFileRoute } from '@tanstack/react-router';
import { CarImportScreen } from '@/features/car-history/car-import-screen';

// Not nested in my-cars (the trailing "_"): a car's import and export screen, at /my-cars/{carId}/import.
export const Route = createFileRoute('/_authenticated/my-cars_/$carId/import')({
  component: CarImportRoute,
});

function CarImportRoute() {
  const { carId } = Route.useParams();
  return <CarImportScreen key={carId} carId={carId} />;
}
