import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { FormSkeleton } from '@/features/garage/cars/car-form/car-form-states';
import { syncCarLog } from '@/features/garage/data';
import { useT } from '@/lib/i18n';
import { EmptyState, SyncIcon } from '@/ui';

/**
 * The entry is not on this device: a deep link on a fresh device may name one the server has, so
 * ask for it once; then say it is not found.
 */
export function LogNotHere({ logId, loadingLabel }: { logId: string; loadingLabel: string }) {
  const t = useT();
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    let mounted = true;
    syncCarLog(logId)
      .catch(() => undefined) // offline: "not found on this device" is the honest answer
      .finally(() => mounted && setAsked(true));
    return () => {
      mounted = false;
    };
  }, [logId]);
  if (!asked) return <FormSkeleton label={loadingLabel} />;
  return (
    <EmptyState
      icon={<SyncIcon />}
      title={t('CAR_LOGS.FORM_NOT_FOUND')}
      text={t('CAR_LOGS.FORM_NOT_FOUND_TEXT')}
      action={
        <Link to="/my-cars" className="ui-button ui-button--secondary">
          {t('CARS.FORM_BACK_TO_GARAGE')}
        </Link>
      }
    />
  );
}
