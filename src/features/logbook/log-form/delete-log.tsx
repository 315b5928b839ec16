import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { CarLog } from '@/contract/garage';
import { ConfirmDialog } from '@/ui';
import { deleteCarLog, useSelectedCar } from '@/features/garage';
import { StorageFullError } from '@/lib/offline/storage-full';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { Button } from '@/ui';

/** "Delete this entry", asked again in a dialog; then back to the garage. */
export function DeleteLog({ log, carId }: { log: CarLog; carId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [, setSelectedCar] = useSelectedCar();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await deleteCarLog(log.id);
      setSelectedCar(carId);
      toast.show({ kind: 'success', message: t('CAR_LOGS.FORM_DELETED') });
      await navigate({ to: '/my-cars' });
    } catch (error) {
      toast.show({
        kind: 'error',
        message: t(error instanceof StorageFullError ? 'GARAGE.STORAGE_FULL' : 'CAR_LOGS.FORM_DELETE_FAILED'),
      });
      setBusy(false);
      setAsking(false);
    }
  }

  return (
    <>
      <Button variant="ghost" className="log-form__delete" onClick={() => setAsking(true)}>
        {t('CAR_LOGS.FORM_DELETE')}
      </Button>
      {asking ? (
        <ConfirmDialog
          title={t('CAR_LOGS.FORM_DELETE_TITLE')}
          message={t('CAR_LOGS.FORM_DELETE_TEXT', { title: log.title })}
          confirmLabel={t('CAR_LOGS.FORM_DELETE_CONFIRM')}
          cancelLabel={t('CAR_LOGS.FORM_DELETE_CANCEL')}
          busy={busy}
          onCancel={() => setAsking(false)}
          onConfirm={() => void confirm()}
        />
      ) : null}
    </>
  );
}
