import { createFileRoute } from '@tanstack/react-router';
import { FillUpScreen } from '@/features/fill-up/fill-up-screen';

// The fill-up at the pump: its own address (a car's home and the garage open it, back returns).
export const Route = createFileRoute('/_authenticated/car_/$id/fill-up')({ component: FillUpRoute });

function FillUpRoute() {
  const { id } = Route.useParams();
  return <FillUpScreen key={id} carId={id} />;
}
