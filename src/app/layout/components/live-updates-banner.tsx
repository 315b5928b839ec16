// Live updates paused (src/lib/realtime/socket.ts: the quick recovery rounds failed, slower ones go on):
// a slim, polite line under the header so the member knows new posts, messages and notifications
// wait for a reload or the next successful round, with a way to try again at once.
import { realtime, useRealtimeStatus } from '@/lib/realtime/socket';
import { useT } from '@/lib/i18n';
import { Button } from '@/ui/button';
import { RefreshIcon } from '@/ui/icons';

export function LiveUpdatesBanner() {
  const t = useT();
  const paused = useRealtimeStatus() === 'paused';
  // The live region stays in the page, empty, so that its text is announced when it appears.
  return (
    <div className={paused ? 'layout__live' : undefined} role="status">
      {paused ? (
        <>
          <RefreshIcon />
          <p>{t('REALTIME.PAUSED')}</p>
          <Button variant="secondary" size="small" onClick={() => realtime.retryNow()}>
            {t('REALTIME.RETRY_NOW')}
          </Button>
        </>
      ) : null}
    </div>
  );
}
