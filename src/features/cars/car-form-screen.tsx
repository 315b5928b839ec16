import { useCar, CarNotHere, FormSkeleton } from '@/features/garage';
import { useT } from '@/lib/i18n';
import { Card, Page } from '@/ui';
import { CarForm } from './car-form/car-form';

/** One screen for create-car and edit-car/{id} (spec §2): with a carId it edits that car. */
export function CarFormScreen({ carId }: { carId?: string }) {
  const t = useT();
  return (
    <Page title={t(carId ? 'CARS.EDIT_TITLE' : 'CARS.CREATE_TITLE')}>
      <Card>{carId ? <EditCar carId={carId} /> : <CarForm />}</Card>
    </Page>
  );
}

function EditCar({ carId }: { carId: string }) {
  const t = useT();
  const car = useCar(carId);
  if (car === undefined) return <FormSkeleton label={t('CARS.FORM_LOADING')} />;
  if (car === null) return <CarNotHere loadingLabel={t('CARS.FORM_LOADING')} />;
  // Keyed: another car's page starts from that car's values.
  return <CarForm key={car.id} car={car} />;
}
