import { Link } from '@tanstack/react-router';
import type { Car } from '@/contract/garage';
import { carPermissions } from '@/features/garage';
import { useT } from '@/lib/i18n';
import { FuelIcon } from '@/ui';

/**
 * "Fill-up": the way to the fill-up at the pump (car/{id}/fill-up) from the garage, a car's card
 * and its home. Shown to those who may log a fill-up (the owner, an editor, a driver).
 */
export function FillUpButton({
  car,
  variant = 'primary',
}: {
  car: Pick<Car, 'id' | 'role'>;
  variant?: 'primary' | 'secondary';
}) {
  const t = useT();
  if (!carPermissions(car).addFuelLog) return null;
  return (
    <Link
      to="/car/$id/fill-up"
      params={{ id: car.id }}
      // The screen's code is fetched while the button is on screen: the tap at the pump opens it
      // without waiting for a download (the fill-up's budget, docs/SPEC-NOTES.md "A car's home").
      preload="viewport"
      className={`ui-button ui-button--${variant} ui-button--small`}
      data-testid="fill-up-button"
    >
      <FuelIcon />
      {t('FILL_UP.BUTTON')}
    </Link>
  );
}
