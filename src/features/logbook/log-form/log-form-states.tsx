import { useCallback } from 'react';
import { NotOnDevice, syncCarLog } from '@/features/garage';
import { useT } from '@/lib/i18n';
import { SyncIcon } from '@/ui';

/** The entry is not on this device: a deep link on a fresh device may name one the server has. */
export function LogNotHere({ logId, loadingLabel }: { logId: string; loadingLabel: string }) {
  const t = useT();
  const ask = useCallback(() => syncCarLog(logId), [logId]);
  return (
    <NotOnDevice
      ask={ask}
      loadingLabel={loadingLabel}
      icon={<SyncIcon />}
      title={t('CAR_LOGS.FORM_NOT_FOUND')}
      text={t('CAR_LOGS.FORM_NOT_FOUND_TEXT')}
    />
  );
}
