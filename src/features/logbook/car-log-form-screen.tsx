import type { Car } from '@/contract/garage';
import { CarFormPage, FormSkeleton, useCarLog } from '@/features/garage';
import { useT } from '@/lib/i18n';
import { LogForm } from './log-form/log-form';
import { LogNotHere } from './log-form/log-form-states';

/**
 * What a new log may start with: a reminder's "Done" (its log type, its title, the odometer), or
 * another app's share (/share: its photos attached as the receipt, `onSaved` once the log is kept).
 */
export type LogPrefill = {
  type?: string;
  title?: string;
  mileage?: number;
  files?: readonly File[];
  onSaved?: () => void;
};

/** One screen for new-car-log/{carId} and edit-car-log/{carId}/{logId} (spec §2). */
export function CarLogFormScreen({
  carId,
  logId,
  prefill,
}: {
  carId: string;
  logId?: string;
  prefill?: LogPrefill;
}) {
  const t = useT();
  return (
    <CarFormPage
      carId={carId}
      title={t(logId ? 'CAR_LOGS.EDIT_TITLE' : 'CAR_LOGS.NEW_TITLE')}
      loadingLabel={t('CAR_LOGS.FORM_LOADING')}
      fields={8}
    >
      {(car) =>
        logId ? <EditLog car={car} logId={logId} /> : <LogForm key={car.id} car={car} prefill={prefill} />
      }
    </CarFormPage>
  );
}

function EditLog({ car, logId }: { car: Car; logId: string }) {
  const t = useT();
  const log = useCarLog(logId);
  if (log === undefined) return <FormSkeleton label={t('CAR_LOGS.FORM_LOADING')} fields={8} />;
  // Another car's entry under this car's address is not found here either.
  if (log === null || log.carId !== car.id)
    return <LogNotHere logId={logId} loadingLabel={t('CAR_LOGS.FORM_LOADING')} />;
  return <LogForm key={log.id} car={car} log={log} />;
}
