import { type LocalCar, SyncBadge, carSubtitle, carTitle, SharedLine } from '@/features/garage';
import { useT } from '@/lib/i18n';
import { CarThumb } from './car-thumb';

/**
 * The member's cars as a row of cards (it scrolls sideways on a phone). Each card is a toggle
 * button; the pressed one is the car shown below.
 */
export function CarPicker({
  cars,
  selectedId,
  onSelect,
}: {
  cars: LocalCar[];
  selectedId: string;
  onSelect: (id: string) => void;
}) {
  const t = useT();
  return (
    <nav className="car-picker" aria-label={t('CARS.CHOOSE_CAR')}>
      <ul className="car-picker__list">
        {cars.map((car) => {
          const subtitle = carSubtitle(car);
          return (
            <li key={car.id}>
              <button
                type="button"
                className="car-card"
                aria-pressed={car.id === selectedId}
                onClick={() => onSelect(car.id)}
              >
                <CarThumb image={car.image} size="small" />
                <span className="car-card__text">
                  <span className="car-card__title">{carTitle(car)}</span>
                  {subtitle ? <span className="car-card__subtitle">{subtitle}</span> : null}
                  <SharedLine car={car} className="car-card__shared" />
                </span>
                <SyncBadge state={car.syncState} />
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
