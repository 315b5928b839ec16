import { createFileRoute } from '@tanstack/react-router';
import { CarLogFormScreen, type LogPrefill } from '@/features/logbook/car-log-form-screen';

// ?type=&title=&mileage=: a reminder's "Done" pre-fills the new log (its type, its title, the
// odometer); anything else is left out.
export const Route = createFileRoute('/_authenticated/new-car-log/$carId')({
  validateSearch: (search: Record<string, unknown>): LogPrefill => {
    const text = (value: unknown, max: number) =>
      typeof value === 'string' && value.trim() && value.length <= max ? value : undefined;
    const type = text(search.type, 64);
    const title = text(search.title, 200);
    const mileage = Number(search.mileage);
    return {
      ...(type ? { type } : {}),
      ...(title ? { title } : {}),
      ...(search.mileage !== undefined && Number.isInteger(mileage) && mileage >= 0 ? { mileage } : {}),
    };
  },
  component: NewCarLogRoute,
});

function NewCarLogRoute() {
  const { carId } = Route.useParams();
  const prefill = Route.useSearch();
  return <CarLogFormScreen carId={carId} prefill={prefill} />;
}
