import { useState } from 'react';
import { SyncPanelDialog } from '@/features/sync/components/sync-panel-dialog';
import { useLiveOutboxCounts } from '@/features/sync/hooks/use-live-outbox-counts';
import { useT } from '@/lib/i18n';
import { useReachability } from '@/lib/network/reachability';
import { AlertIcon, CloudOffIcon, SyncIcon } from '@/ui/icons';
import '@/features/sync/sync.css';

/**
 * The header's sync slot: offline or server-unreachable state, the live pending and failed outbox
 * counts, and the button
 * that opens the sync panel (pending writes, "sync now", writes that need attention). The counts
 * come from Dexie once the shell has settled; Dexie is not part of the first render.
 */
export function SyncIndicator() {
  const t = useT();
  const reachability = useReachability();
  const { pending, failed } = useLiveOutboxCounts();
  const [open, setOpen] = useState(false);
  // "All changes are sent" only when the server answers: not offline, not after a failed attempt.
  const quiet = reachability === 'online' && pending === 0 && failed === 0;
  return (
    <div className="layout__sync" role="status">
      <button
        type="button"
        className={quiet ? 'layout__icon-button' : 'sync-indicator__button'}
        aria-haspopup="dialog"
        aria-expanded={open}
        title={quiet ? t('SYNC.ALL_SENT') : undefined}
        onClick={() => setOpen(true)}
      >
        {quiet ? (
          <>
            <SyncIcon />
            <span className="visually-hidden">{t('SYNC.ALL_SENT')}</span>
          </>
        ) : null}
        {reachability === 'offline' ? (
          <span className="layout__pill layout__pill--offline" title={t('COMMON.OFFLINE_HINT')}>
            <CloudOffIcon />
            <span className="layout__pill-label">{t('COMMON.OFFLINE')}</span>
          </span>
        ) : null}
        {reachability === 'unreachable' ? (
          <span className="layout__pill layout__pill--offline" title={t('SYNC.UNREACHABLE_HINT')}>
            <CloudOffIcon />
            <span className="layout__pill-label" aria-hidden="true">
              {t('SYNC.UNREACHABLE')}
            </span>
            <span className="visually-hidden">{t('SYNC.UNREACHABLE_HINT')}</span>
          </span>
        ) : null}
        {failed > 0 ? (
          <span className="layout__pill layout__pill--failed">
            <AlertIcon />
            <span className="visually-hidden">{t('COMMON.SYNC_FAILED', { count: failed })}</span>
            <span aria-hidden="true" data-testid="sync-failed-count">
              {failed}
            </span>
          </span>
        ) : null}
        {pending > 0 ? (
          <span className="layout__pill">
            <SyncIcon />
            <span className="visually-hidden">{t('COMMON.SYNC_PENDING', { count: pending })}</span>
            <span aria-hidden="true" data-testid="sync-pending-count">
              {pending}
            </span>
          </span>
        ) : null}
      </button>
      {open ? <SyncPanelDialog onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
