import { type SyncState } from '@/lib/offline/types';
import { useT } from '@/lib/i18n';
import './sync-badge.css';

/**
 * "Pending" for a car or log saved on this device and not yet on the server, "Not sent" when one of
 * its writes needs attention (docs/OFFLINE-FIRST.md: pending and failed writes are shown). Nothing once synced.
 */
export function SyncBadge({ state }: { state: SyncState }) {
  const t = useT();
  if (!state) return null;
  return (
    <span
      className={`sync-badge sync-badge--${state}`}
      title={t(state === 'failed' ? 'CAR_LOGS.SYNC_FAILED_HINT' : 'CAR_LOGS.SYNC_PENDING_HINT')}
    >
      {t(state === 'failed' ? 'CAR_LOGS.SYNC_FAILED' : 'CAR_LOGS.SYNC_PENDING')}
    </span>
  );
}
