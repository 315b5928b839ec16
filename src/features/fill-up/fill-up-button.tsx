import { Link } from '@tanstack/react-router';
import type { Car } from '@/contract/garage';
import { carPermissions } from '@/features/garage';
import { useT } from '@/lib/i18n';
import { FuelIcon } from '@/ui';

/** The car whose "Fill-up" was tapped last (see tappedCar). */
let tapped: Car | null = null;

/**
 * The car whose "Fill-up" was just tapped, when it is `id`: the screen paints its form with it at
 * once, before its own read of the device's mirror answers (which then replaces it), so the pump's
 * ten seconds do not start with a skeleton.
 */
export function tappedCar(id: string): Car | null {
  return tapped?.id === id ? tapped : null;
}

/**
 * "Fill-up": the way to the fill-up at the pump (car/{id}/fill-up) from the garage, a car's card
 * and its home. Shown to those who may log a fill-up (the owner, an editor, a driver).
 */
export function FillUpButton({ car, variant = 'primary' }: { car: Car; variant?: 'primary' | 'secondary' }) {
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
      onClick={() => {
        tapped = car;
      }}
    >
      <FuelIcon />
      {t('FILL_UP.BUTTON')}
    </Link>
  );
}
