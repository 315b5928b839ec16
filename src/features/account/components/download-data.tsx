import { useEffect, useRef, useState } from 'react';
import { formErrorOf, FormErrorAlert, type FormError } from '@/features/auth';
import { formatNumber, useT } from '@/lib/i18n';
import { useOnline } from '@/lib/network/online';
import { Alert, Button } from '@/ui';
import { exportMyData, saveFile } from '../api/export-data';

const MIB = 1024 * 1024;

/** "Download my data": the ZIP streams in, the bytes received so far shown, then the browser saves it. */
export function DownloadData() {
  const t = useT();
  const online = useOnline();
  const [received, setReceived] = useState<number | null>(null);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const busy = received !== null;
  const size = (bytes: number) =>
    bytes < MIB
      ? t('ACCOUNT.EXPORT_KB', { size: formatNumber(Math.ceil(bytes / 1024)) })
      : t('ACCOUNT.EXPORT_MB', { size: formatNumber(bytes / MIB, { maximumFractionDigits: 1 }) });

  async function start(): Promise<void> {
    if (busy) return;
    setSaved(false);
    setError(null);
    setReceived(0);
    const controller = new AbortController();
    abort.current = controller;
    try {
      const file = await exportMyData((bytes) => setReceived(bytes), controller.signal);
      saveFile(file, 'paddock-export.zip');
      setSaved(true);
    } catch (cause) {
      if (controller.signal.aborted) return;
      setError(formErrorOf(cause));
    } finally {
      if (!controller.signal.aborted) setReceived(null);
    }
  }

  return (
    <div className="account-data">
      <h3 className="account-data__title">{t('ACCOUNT.EXPORT_TITLE')}</h3>
      <p className="account-section__description">{t('ACCOUNT.EXPORT_TEXT')}</p>
      <FormErrorAlert error={error} />
      {saved ? <Alert kind="success">{t('ACCOUNT.EXPORT_DONE')}</Alert> : null}
      {!online ? <Alert kind="info">{t('ACCOUNT.EXPORT_OFFLINE')}</Alert> : null}
      {busy ? (
        <p className="account-data__progress" role="status">
          {t('ACCOUNT.EXPORT_PROGRESS', { size: size(received) })}
        </p>
      ) : null}
      <div className="account-form__actions ui-flex ui-wrap ui-end ui-gap-2">
        <Button variant="secondary" busy={busy} disabled={!online || busy} onClick={() => void start()}>
          {busy ? t('ACCOUNT.EXPORT_BUSY') : t('ACCOUNT.EXPORT_BUTTON')}
        </Button>
      </div>
    </div>
  );
}
