import { NotBuiltYet } from '@/features/layout/not-built-yet';

/** One screen for create-car and edit-car/{id} (spec §2): with a carId it edits that car. */
export function CarFormScreen({ carId }: { carId?: string }) {
  return <NotBuiltYet titleKey={carId ? 'CARS.EDIT_TITLE' : 'CARS.CREATE_TITLE'} />;
}
