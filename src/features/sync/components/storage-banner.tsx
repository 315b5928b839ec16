// The warning shown while the app keeps data in memory only (IndexedDB blocked, docs/OFFLINE-FIRST.md
// property 9). Persistent until dismissed; dismissed for the rest of the browser session.
import { useT } from '@/lib/i18n';
import { AlertIcon, CloseIcon } from '@/ui/icons';
import { storageMode, useMemoryBannerVisible } from '@/lib/offline/storage-mode';
import '../sync.css';

export function StorageBanner() {
  const t = useT();
  const visible = useMemoryBannerVisible();
  if (!visible) return null;
  return (
    <div className="sync-banner" role="alert">
      <AlertIcon />
      <p>{t('SYNC.MEMORY_BANNER')}</p>
      <button
        type="button"
        className="sync-banner__dismiss"
        aria-label={t('SYNC.DISMISS')}
        onClick={() => storageMode.dismissBanner()}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
