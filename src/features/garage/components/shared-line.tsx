// "Shared by <owner> · Driver": a car shared with me says whose it is and what my role is.
import type { Car } from '@/contract/garage';
import { useT } from '@/lib/i18n';
import { carPermissions } from '../data/car-roles';

/** The catalog key of a role's name. */
export const roleKey = (role: string) => `CARS.ROLE_${role.toUpperCase()}`;

export function SharedLine({ car, className }: { car: Pick<Car, 'role' | 'ownerName'>; className?: string }) {
  const t = useT();
  const { shared, role } = carPermissions(car);
  if (!shared) return null;
  return (
    <span className={className} data-testid="car-shared-by">
      {t('CARS.SHARED_BY', { name: car.ownerName || t('NOTIFICATIONS.SOMEONE') })} · {t(roleKey(role))}
    </span>
  );
}
