// The choices a write refused for lost access adds to its card: copy it to one of my own cars, or
// download its content (src/features/sync/keep-refused.ts).
import { useId, useState } from 'react';
import { carPermissions, saveCarLog, useCars } from '@/features/garage';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import type { OutboxEntry } from '@/lib/outbox';
import { Button } from '@/ui';
import { canCopyToCar, copyEntryToCar, downloadEntry } from '../keep-refused';

function carName(car: { make: string; model: string; nickname?: string | null }): string {
  return car.nickname?.trim() || `${car.make} ${car.model}`.trim();
}

export function KeepRefused({ entry, disabled }: { entry: OutboxEntry; disabled: boolean }) {
  const t = useT();
  const selectId = useId();
  const cars = useCars();
  // My own cars: the one I lost was someone else's, and another shared car could be lost too.
  const mine = (cars ?? []).filter((car) => carPermissions(car).ownCar);
  const [chosen, setChosen] = useState<string>('');
  const [busy, setBusy] = useState<'copy' | 'download' | null>(null);
  const [failed, setFailed] = useState(false);
  const target = mine.find((car) => car.id === chosen) ?? mine[0];
  const copyable = canCopyToCar(entry);

  async function run(action: 'copy' | 'download'): Promise<void> {
    setBusy(action);
    setFailed(false);
    try {
      if (action === 'copy' && target) {
        await copyEntryToCar(entry, target.id, (draft, options) => saveCarLog(draft, options));
        toast.show({ kind: 'success', message: t('SYNC.COPIED', { car: carName(target) }) });
        return; // the entry is gone, and its card with it
      }
      await downloadEntry(entry);
      setBusy(null);
    } catch (error) {
      console.error(`outbox ${action} of a refused write failed`, error);
      setFailed(true);
      setBusy(null);
    }
  }

  return (
    <div className="sync-entry__keep ui-flex ui-column ui-gap-2" data-testid="keep-refused">
      <p className="sync-entry__keep-intro">{t('SYNC.KEEP_REFUSED_INTRO')}</p>
      {failed ? <p role="alert">{t('SYNC.ACTION_FAILED')}</p> : null}
      {copyable && cars !== undefined && mine.length === 0 ? (
        <p className="sync-entry__keep-none">{t('SYNC.NO_OWN_CAR')}</p>
      ) : null}
      {copyable && target ? (
        <div className="sync-entry__keep-copy ui-flex ui-wrap ui-center ui-gap-2">
          <label htmlFor={selectId}>{t('SYNC.COPY_CAR_LABEL')}</label>
          <select
            id={selectId}
            className="ui-select"
            value={target.id}
            disabled={disabled || busy !== null}
            onChange={(event) => setChosen(event.target.value)}
          >
            {mine.map((car) => (
              <option key={car.id} value={car.id}>
                {carName(car)}
              </option>
            ))}
          </select>
          <Button
            size="small"
            busy={busy === 'copy'}
            disabled={disabled || busy !== null}
            onClick={() => void run('copy')}
          >
            {t('SYNC.COPY_TO_CAR')}
          </Button>
        </div>
      ) : null}
      <div>
        <Button
          variant="secondary"
          size="small"
          busy={busy === 'download'}
          disabled={disabled || busy !== null}
          onClick={() => void run('download')}
        >
          {t('SYNC.DOWNLOAD')}
        </Button>
      </div>
    </div>
  );
}
