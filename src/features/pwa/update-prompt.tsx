import { useT } from '@/lib/i18n';
import { Button } from '@/ui/button';
import { updateStore, useUpdateAvailable } from './update-store';
import './pwa.css';

/** "A new version is available": the member chooses when the app reloads. */
export function UpdatePrompt() {
  const t = useT();
  const available = useUpdateAvailable();
  if (!available) return null;
  return (
    <div className="pwa-update ui-flex ui-wrap ui-center ui-between ui-gap-3" role="status">
      <p>{t('PWA.UPDATE_AVAILABLE')}</p>
      <div className="pwa-update__actions">
        <Button variant="ghost" size="small" onClick={() => updateStore.dismiss()}>
          {t('PWA.UPDATE_LATER')}
        </Button>
        <Button size="small" onClick={() => updateStore.apply()}>
          {t('PWA.UPDATE_NOW')}
        </Button>
      </div>
    </div>
  );
}
