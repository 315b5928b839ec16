import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Car } from '@/contract/garage';
import { settingLabel } from '@/lib/i18n/format';
import { DEFAULT_MILEAGE_UNIT, useCar, useSelectedCar, carTitle } from '@/features/garage';
import { ApiError, isNetworkError } from '@/lib/http/api-client';
import { formatNumber, useT } from '@/lib/i18n';
import { Alert, BackButton, Card, CarIcon, CloudOffIcon, EmptyState, Page, SkeletonRows } from '@/ui';
import { useRemoteCar } from './api/get-car';
import { CarReminders } from '@/features/maintenance';
import { CarMembersSection, CarOwnersLine, SellCarSection } from '@/features/car-people';
import { carFacts, CarDetailsFrame } from './components/car-facts';
import { CarDossier } from '@/features/car-history';
import { FillUpButton } from '@/features/fill-up';
import './my-cars.css';

/**
 * A car to read (car/{id}): one of mine from this device (with the way into my garage), or a
 * friend's from the server (GET /cars/{id}: friends may read each other's cars). Its build thread
 * is the feed's: the route hands it over (`thread`), the cars render no other feature's screen.
 */
export function CarScreen({
  id,
  thread,
}: {
  id: string;
  thread?: (car: { id: string; mine: boolean }) => ReactNode;
}) {
  const t = useT();
  const local = useCar(id);
  const remote = useRemoteCar(id, local === null);
  const car = local ?? remote.data;
  const error: unknown = remote.error;
  return (
    <Page back={<BackButton />} title={car ? carTitle(car) : t('CARS.CAR_TITLE')}>
      <Card>
        {car ? (
          <CarSummary car={car} mine={Boolean(local)} />
        ) : local === undefined || remote.isPending ? (
          <SkeletonRows count={3} label={t('CARS.CAR_LOADING')} />
        ) : isNetworkError(error) ? (
          <EmptyState
            icon={<CloudOffIcon />}
            title={t('FRIENDS.NEEDS_CONNECTION_TITLE')}
            text={t('CARS.CAR_NEEDS_CONNECTION')}
          />
        ) : error instanceof ApiError && error.status === 404 ? (
          <EmptyState
            icon={<CarIcon />}
            title={t('CARS.CAR_NOT_FOUND')}
            text={t('CARS.CAR_NOT_FOUND_TEXT')}
          />
        ) : (
          <Alert kind="error">{t('CARS.CAR_LOAD_FAILED')}</Alert>
        )}
      </Card>
      {local ? (
        <Card>
          <CarReminders car={local} />
        </Card>
      ) : null}
      {local ? (
        <Card>
          <CarMembersSection car={local} onLeft={() => undefined} />
        </Card>
      ) : null}
      {local ? (
        <Card>
          <CarDossier carId={local.id} />
        </Card>
      ) : null}
      {car && thread ? <Card>{thread({ id: car.id, mine: Boolean(local) })}</Card> : null}
      {/* Selling the car with its logbook (its owner only). */}
      {local && (local.role ?? 'owner') === 'owner' ? (
        <Card>
          <SellCarSection car={local} />
        </Card>
      ) : null}
    </Page>
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
