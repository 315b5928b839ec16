import { Link } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { syncCars, useCar, type LocalCar } from '@/features/garage/data';
import { useT } from '@/lib/i18n';
import { Card, CarIcon, EmptyState, Page, Skeleton } from '@/ui';

/** The form's footprint while the local read runs: label and field pairs, then the editor. */
export function FormSkeleton({ label, fields = 6 }: { label: string; fields?: number }) {
  return (
    <div className="form-skeleton" role="status" aria-label={label}>
      {Array.from({ length: fields }, (_, i) => (
        <span key={i} className="form-skeleton__field" aria-hidden="true">
          <Skeleton width="30%" height="0.85rem" />
          <Skeleton height="2.875rem" />
        </span>
      ))}
      <Skeleton height="10rem" />
    </div>
  );
}

/**
 * A row that is not on this device: on a fresh device (a deep link) the server may have it, so ask
 * it once (`ask`, a stable function) and wait; then say it is not found. Offline or refused, the
 * answer stays "not here"; the lists' own refreshes report errors.
 */
export function NotOnDevice({
  ask,
  loadingLabel,
  icon,
  title,
  text,
}: {
  ask: () => Promise<unknown>;
  loadingLabel: string;
  icon: ReactNode;
  title: string;
  text: string;
}) {
  const t = useT();
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    let mounted = true;
    ask()
      .catch(() => undefined)
      .finally(() => mounted && setAsked(true));
    return () => {
      mounted = false;
    };
  }, [ask]);
  if (!asked) return <FormSkeleton label={loadingLabel} />;
  return (
    <EmptyState
      icon={icon}
      title={title}
      text={text}
      action={
        <Link to="/my-cars" className="ui-button ui-button--secondary">
          {t('CARS.FORM_BACK_TO_GARAGE')}
        </Link>
      }
    />
  );
}

/** The car is not on this device: the first sync may bring it. */
export function CarNotHere({ loadingLabel }: { loadingLabel: string }) {
  const t = useT();
  return (
    <NotOnDevice
      ask={syncCars}
      loadingLabel={loadingLabel}
      icon={<CarIcon />}
      title={t('CARS.FORM_NOT_FOUND')}
      text={t('CARS.FORM_NOT_FOUND_TEXT')}
    />
  );
}

/**
 * A screen of one of my cars (a log or reminder form): the skeleton while the local read runs,
 * "not here" for a car this device does not have, else what `children` makes of the car.
 */
export function CarFormPage({
  carId,
  title,
  loadingLabel,
  fields,
  children,
}: {
  carId: string;
  title: string;
  loadingLabel: string;
  fields: number;
  children: (car: LocalCar) => ReactNode;
}) {
  const car = useCar(carId);
  return (
    <Page title={title}>
      <Card>
        {car === undefined ? (
          <FormSkeleton label={loadingLabel} fields={fields} />
        ) : car === null ? (
          <CarNotHere loadingLabel={loadingLabel} />
        ) : (
          children(car)
        )}
      </Card>
    </Page>
  );
}
