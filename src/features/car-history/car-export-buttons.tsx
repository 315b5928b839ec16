// The export buttons of a car: its logs as Paddock's CSV or as LubeLogger's fuel and
// service records, downloaded now (online only).
import { useState } from 'react';
import { isNetworkError } from '@/lib/http/api-client';
import { useT } from '@/lib/i18n';
import { useOnline } from '@/lib/network/online';
import { Alert, Button } from '@/ui';
import { downloadCarHistory, type ExportChoice } from './api/car-history';

const CHOICES: { choice: ExportChoice; labelKey: string }[] = [
  { choice: { format: 'paddock', kind: 'all' }, labelKey: 'EXPORT.PADDOCK' },
  { choice: { format: 'lubelogger', kind: 'fuel' }, labelKey: 'EXPORT.LUBELOGGER_FUEL' },
  { choice: { format: 'lubelogger', kind: 'service' }, labelKey: 'EXPORT.LUBELOGGER_SERVICE' },
];

export function CarExportButtons({ carId }: { carId: string }) {
  const t = useT();
  const online = useOnline();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (labelKey: string, choice: ExportChoice) => {
    setBusy(labelKey);
    setError(null);
    try {
      await downloadCarHistory(carId, choice);
    } catch (e) {
      setError(isNetworkError(e) ? t('EXPORT.NEEDS_CONNECTION') : t('EXPORT.FAILED'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="car-history__exports">
      {CHOICES.map(({ choice, labelKey }) => (
        <Button
          key={labelKey}
          variant="secondary"
          size="small"
          busy={busy === labelKey}
          disabled={!online || (busy !== null && busy !== labelKey)}
          onClick={() => void download(labelKey, choice)}
        >
          {t(labelKey)}
        </Button>
      ))}
      {!online ? <p className="car-history__hint">{t('EXPORT.NEEDS_CONNECTION')}</p> : null}
      {error ? <Alert kind="error">{error}</Alert> : null}
    </div>
  );
}
