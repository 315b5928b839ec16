import { Link } from '@tanstack/react-router';
import { type LocalCar, SyncBadge, carSubtitle, carTitle, SharedLine } from '@/features/garage';
import { useT } from '@/lib/i18n';
import { FillUpButton } from '@/features/fill-up';
import { CarThumb } from './car-thumb';
import { useCarGlance } from './car-glance';

/**
 * The member's cars as a row of cards (it scrolls sideways on a phone). Each card says the car at
 * a glance from the mirror (photo, name, mileage, next reminder, last fill-up, average economy);
 * tapping it shows the car below (the pressed one), its "Fill-up" opens the fill-up at the pump
 * and its "Open" link opens the car's home.
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
        {cars.map((car) => (
          <li key={car.id} className="car-picker__item">
            <CarCard car={car} selected={car.id === selectedId} onSelect={() => onSelect(car.id)} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function CarCard({ car, selected, onSelect }: { car: LocalCar; selected: boolean; onSelect: () => void }) {
  const t = useT();
  const subtitle = carSubtitle(car);
  const title = carTitle(car);
  const glance = useCarGlance(car);
  return (
    <div className="car-card-frame" data-testid="car-card">
      <button type="button" className="car-card" aria-pressed={selected} onClick={onSelect}>
        <CarThumb image={car.image} size="small" />
        <span className="car-card__text">
          <span className="car-card__title">{title}</span>
          {subtitle ? <span className="car-card__subtitle">{subtitle}</span> : null}
          <SharedLine car={car} className="car-card__shared" />
          <span className="car-card__figures">
            <span className="car-card__figure">{glance.mileage ?? t('CAR_HOME.NO_MILEAGE')}</span>
            {glance.economy ? <span className="car-card__figure">{glance.economy}</span> : null}
          </span>
          {glance.nextReminder ? (
            <span className={`car-card__line car-card__line--${glance.nextReminder.state}`}>
              {glance.nextReminder.when
                ? t('CAR_HOME.NEXT_REMINDER_ON', {
                    title: glance.nextReminder.title,
                    date: glance.nextReminder.when,
                  })
                : t('CAR_HOME.NEXT_REMINDER', { title: glance.nextReminder.title })}
            </span>
          ) : null}
          {glance.lastFillUp ? (
            <span className="car-card__line">{t('CAR_HOME.LAST_FILL_UP', { date: glance.lastFillUp })}</span>
          ) : null}
        </span>
        <SyncBadge state={car.syncState} />
      </button>
      <div className="car-card__actions">
        {/* The pump's way in, on the card itself (hidden to a viewer: FillUpButton asks the role). */}
        <FillUpButton car={car} variant="secondary" />
        <Link
          to="/car/$id"
          params={{ id: car.id }}
          className="car-card__open"
          aria-label={t('CAR_HOME.OPEN_NAMED', { name: title })}
        >
          {t('CAR_HOME.OPEN')}
        </Link>
      </div>
    </div>
  );
}
