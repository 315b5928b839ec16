import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Car } from '@/contract/garage';
import { settingLabel } from '@/lib/i18n/format';
import { DEFAULT_MILEAGE_UNIT, useSelectedCar, type LocalCar } from '@/features/garage';
import { formatNumber, useT } from '@/lib/i18n';
import { Card, Skeleton, SkeletonRows } from '@/ui';
import { CarOwnersLine } from '@/features/car-people';
import { carFacts, CarDetailsFrame } from './components/car-facts';
import { useCarGlance } from './components/car-glance';
import { useCarHome } from './car-home/car-home-context';
import { FillUpButton } from '@/features/fill-up';
import './my-cars.css';

/**
 * The overview of a car's home (car/{id}): one of mine from this device (with the way into my
 * garage and the car at a glance), or a friend's from the server (friends may read each other's
 * cars). Its build thread is the feed's: the route hands it over (`thread`), the cars render no
 * other feature's screen. The frame (CarHome) has already found the car.
 */
export function CarOverview({ thread }: { thread?: (car: { id: string; mine: boolean }) => ReactNode }) {
  const t = useT();
  const { local, car } = useCarHome();
  if (!car) return null;
  // Mine (or shared with me): in the mirror, or, while a new device fills it, with a role in the
  // server's answer. The screen has its final shape at once (no card pushed in above the thread).
  const mine = local ? true : local === undefined && Boolean(car.role);
  return (
    <>
      <Card>
        <CarSummary car={car} mine={mine} />
      </Card>
      {mine ? (
        <Card>
          {local ? <CarGlanceList car={local} /> : <SkeletonRows count={3} label={t('CARS.CAR_LOADING')} />}
        </Card>
      ) : null}
      {thread ? <Card>{thread({ id: car.id, mine })}</Card> : null}
    </>
  );
}

/** The car at a glance, from the mirror: next reminder, last fill-up, average economy. */
function CarGlanceList({ car }: { car: LocalCar }) {
  const t = useT();
  const glance = useCarGlance(car);
  const none = t('CAR_HOME.NONE_YET');
  const loading = glance.nextReminder === undefined || glance.lastFillUp === undefined;
  if (loading) return <SkeletonRows count={3} label={t('CARS.CAR_LOADING')} />;
  // The average economy reads the whole logbook: it follows the first paint, a skeleton till then.
  const economy =
    glance.economy === undefined ? (
      <span role="status" aria-label={t('CARS.CAR_LOADING')}>
        <Skeleton width="6rem" height="0.9rem" />
      </span>
    ) : (
      (glance.economy ?? none)
    );
  const rows = [
    {
      label: t('CAR_HOME.NEXT_REMINDER_LABEL'),
      value: glance.nextReminder
        ? glance.nextReminder.when
          ? t('CAR_HOME.REMINDER_ON', { title: glance.nextReminder.title, date: glance.nextReminder.when })
          : glance.nextReminder.title
        : none,
    },
    { label: t('CAR_HOME.LAST_FILL_UP_LABEL'), value: glance.lastFillUp ?? none },
    { label: t('CAR_HOME.AVERAGE_ECONOMY'), value: economy },
  ];
  return (
    <section aria-label={t('CAR_HOME.AT_A_GLANCE')} className="car-glance" data-testid="car-glance">
      <dl className="car-details__facts">
        {rows.map((row) => (
          <div key={row.label} className="car-details__fact">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function CarSummary({ car, mine }: { car: Car; mine: boolean }) {
  const t = useT();
  const [, setSelectedCar] = useSelectedCar();
  const unit = car.mileageUnit || DEFAULT_MILEAGE_UNIT;
  const rows = carFacts(t, car);
  if (car.mileage !== null && car.mileage !== undefined) {
    rows.push({
      label: t('CARS.MILEAGE'),
      value: t('CAR_LOGS.MILEAGE_VALUE', {
        mileage: formatNumber(car.mileage),
        unit: settingLabel(t, 'mileageUnit', unit),
      }),
    });
  }
  return (
    <CarDetailsFrame
      car={car}
      facts={rows}
      names={mine ? <CarOwnersLine carId={car.id} /> : null}
      actions={
        mine ? (
          <>
            <FillUpButton car={car} />
            <Link
              to="/my-cars"
              onClick={() => setSelectedCar(car.id)}
              className="ui-button ui-button--secondary ui-button--small"
            >
              {t('CARS.OPEN_IN_GARAGE')}
            </Link>
            {/* The car's history in (another tracker's file) and out (CSV). */}
            <Link
              to="/my-cars/$carId/import"
              params={{ carId: car.id }}
              className="ui-button ui-button--secondary ui-button--small"
            >
              {t('IMPORT.LINK')}
            </Link>
            <Link
              to="/my-cars/$carId/import"
              params={{ carId: car.id }}
              hash="export"
              className="ui-button ui-button--secondary ui-button--small"
            >
              {t('EXPORT.LINK')}
            </Link>
          </>
        ) : (
          <Link
            to="/people/$id"
            params={{ id: car.ownerId }}
            className="ui-button ui-button--secondary ui-button--small"
          >
            {t('CARS.SEE_OWNER')}
          </Link>
        )
      }
    />
  );
}
