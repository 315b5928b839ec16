// What the car's reminders and the due list say when fetching the reminders again failed for a
// reason other than being offline: the rows below are this device's, a retry asks again.
import { useT } from '@/lib/i18n';
import { Alert, Button } from '@/ui';

export function RefreshFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <Alert kind="error">
      {t('REMINDERS.REFRESH_FAILED')}{' '}
      <Button variant="secondary" size="small" onClick={onRetry}>
        {t('REMINDERS.RETRY')}
      </Button>
    </Alert>
  );
}
