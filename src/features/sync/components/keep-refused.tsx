// The choices a write refused for lost access adds to its card: copy it to one of my own cars, or
// download its content (src/features/sync/keep-refused.ts).
import { useEffect, useId, useState } from 'react';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import type { OutboxEntry } from '@/lib/outbox';
import { Button } from '@/ui';
import { copyOf } from '../entry-content';
import { canCopy, copyEntryTo, downloadEntry } from '../keep-refused';

type Target = { id: string; name: string };

/** Where a copy of the entry may go (a log: my own cars), as its feature lists them; undefined while read. */
function useCopyTargets(entry: OutboxEntry): Target[] | undefined {
  const [targets, setTargets] = useState<Target[] | undefined>(undefined);
  useEffect(() => {
    const copy = copyOf(entry.kind);
    if (!copy) return;
    let live = true;
    copy
      .targets()
      .then((found) => {
        if (live) setTargets(found);
      })
      .catch((error: unknown) => {
        console.error('the targets of a copy could not be read', error);
        if (live) setTargets([]);
      });
    return () => {
      live = false;
    };
  }, [entry.kind]);
  return targets;
}

export function KeepRefused({ entry, disabled }: { entry: OutboxEntry; disabled: boolean }) {
  const t = useT();
  const selectId = useId();
  // My own cars: the one I lost was someone else's, and another shared car could be lost too.
  const mine = useCopyTargets(entry);
  const [chosen, setChosen] = useState<string>('');
  const [busy, setBusy] = useState<'copy' | 'download' | null>(null);
  const [failed, setFailed] = useState(false);
  const target = mine?.find((car) => car.id === chosen) ?? mine?.[0];
  const copyable = canCopy(entry);

  async function run(action: 'copy' | 'download'): Promise<void> {
    setBusy(action);
    setFailed(false);
    try {
      if (action === 'copy' && target) {
        await copyEntryTo(entry, target.id);
        toast.show({ kind: 'success', message: t('SYNC.COPIED', { car: target.name }) });
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
      {copyable && mine !== undefined && mine.length === 0 ? (
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
            {(mine ?? []).map((car) => (
              <option key={car.id} value={car.id}>
                {car.name}
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
