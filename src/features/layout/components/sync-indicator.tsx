import { useT } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { AlertIcon, CloudOffIcon, SyncIcon } from '@/ui';

/**
 * The header's sync slot: offline state now; pending and failed outbox writes once the outbox
 * issue passes its counts (or its own component through AppLayout's `slots.sync`).
 */
export function SyncIndicator({ pending = 0, failed = 0 }: { pending?: number; failed?: number }) {
  const t = useT();
  const online = useOnline();
  return (
    <div className="layout__sync" role="status">
      {!online ? (
        <span className="layout__pill layout__pill--offline" title={t('COMMON.OFFLINE_HINT')}>
          <CloudOffIcon />
          <span>{t('COMMON.OFFLINE')}</span>
        </span>
      ) : null}
      {failed > 0 ? (
        <span className="layout__pill layout__pill--failed">
          <AlertIcon />
          <span className="visually-hidden">{t('COMMON.SYNC_FAILED', { count: failed })}</span>
          <span aria-hidden="true">{failed}</span>
        </span>
      ) : pending > 0 ? (
        <span className="layout__pill">
          <SyncIcon />
          <span className="visually-hidden">{t('COMMON.SYNC_PENDING', { count: pending })}</span>
          <span aria-hidden="true">{pending}</span>
        </span>
      ) : null}
    </div>
  );
}
