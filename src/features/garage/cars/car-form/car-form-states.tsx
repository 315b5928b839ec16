import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { syncCars } from '@/features/garage/data';
import { useT } from '@/lib/i18n';
import { CarIcon, EmptyState, Skeleton } from '@/ui';

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
 * The car is not on this device: on a fresh device (a deep link) the first sync may bring it, so
 * ask the server once and wait; then say it is not found.
 */
export function CarNotHere({ loadingLabel }: { loadingLabel: string }) {
  const t = useT();
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    let mounted = true;
    // Offline or refused: the answer stays "not here"; the car list's own refresh reports errors.
    syncCars()
      .catch(() => undefined)
      .finally(() => mounted && setAsked(true));
    return () => {
      mounted = false;
    };
  }, []);
  if (!asked) return <FormSkeleton label={loadingLabel} />;
  return (
    <EmptyState
      icon={<CarIcon />}
      title={t('CARS.FORM_NOT_FOUND')}
      text={t('CARS.FORM_NOT_FOUND_TEXT')}
      action={
        <Link to="/my-cars" className="ui-button ui-button--secondary">
          {t('CARS.FORM_BACK_TO_GARAGE')}
        </Link>
      }
    />
  );
}
