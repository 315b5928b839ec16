import { Link } from '@tanstack/react-router';
import type { LocalCar } from '@/features/garage';
import { useT } from '@/lib/i18n';

/** The history section's head: the way to import another tracker's file (its own screen). */
export function CarHistoryLinks({ car }: { car: LocalCar }) {
  const t = useT();
  return (
    <div className="car-home__history">
      <h2 className="car-home__heading">{t('CAR_HOME.IMPORT_EXPORT')}</h2>
      <p className="car-home__hint">{t('CAR_HOME.IMPORT_EXPORT_TEXT')}</p>
      <Link
        to="/my-cars/$carId/import"
        params={{ carId: car.id }}
        className="ui-button ui-button--secondary ui-button--small"
      >
        {t('IMPORT.LINK')}
      </Link>
    </div>
  );
}
