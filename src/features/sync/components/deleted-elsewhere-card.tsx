// A write whose car or log was deleted on another device (the server answered 404 to its edit):
// no retry can help. The member keeps their version as a new car or log, or drops it; either way
// the garage's rows follow at once (features/garage: keepAsNew, dropDeletedElsewhere).
import { useId, useMemo, useState } from 'react';
import { dropDeletedElsewhere, keepAsNew, type DeletedElsewhere } from '@/features/garage';
import { useT } from '@/lib/i18n';
import type { OutboxEntry } from '@/lib/outbox';
import { Alert, Button, ConfirmDialog } from '@/ui';
import { kindLabelKey, readEntryData, summaryOf } from '../entry-content';
import { EntryCardHeader } from './entry-card-header';
import { EntryFields } from './entry-fields';

const TEXT_KEYS: Record<DeletedElsewhere, { text: string; keep: string }> = {
  carLog: { text: 'SYNC.GONE_LOG_TEXT', keep: 'SYNC.KEEP_AS_NEW_LOG' },
  car: { text: 'SYNC.GONE_CAR_TEXT', keep: 'SYNC.KEEP_AS_NEW_CAR' },
};

export function DeletedElsewhereCard({ entry, what }: { entry: OutboxEntry; what: DeletedElsewhere }) {
  const t = useT();
  const titleId = useId();
  const data = useMemo(() => readEntryData(entry.body), [entry.body]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'keep' | 'drop' | null>(null);
  const [failed, setFailed] = useState(false);

  const kind = t(kindLabelKey(entry.kind));
  const summary = summaryOf(data.json);
  const name = summary ? t('SYNC.ENTRY_NAME', { kind, summary }) : kind;

  async function act(action: 'keep' | 'drop'): Promise<void> {
    setBusy(action);
    setFailed(false);
    try {
      if (action === 'keep') await keepAsNew(entry);
      else await dropDeletedElsewhere(entry);
      // The entry leaves the "needs attention" list, and this card with it.
    } catch (error) {
      console.error(`outbox ${action} of a row deleted elsewhere failed`, error);
      setFailed(true);
      setBusy(null);
      setConfirming(false);
    }
  }

  return (
    <li className="sync-entry">
      <article aria-labelledby={titleId}>
        <EntryCardHeader titleId={titleId} name={name} createdAt={entry.createdAt} />
        <EntryFields kind={entry.kind} data={data} />
        <div className="sync-entry__answer ui-flex ui-column ui-gap-1">
          <span className="sync-entry__answer-label">{t('SYNC.GONE_LABEL')}</span>
          <span>{t(TEXT_KEYS[what].text)}</span>
        </div>
        {failed ? <Alert kind="error">{t('SYNC.ACTION_FAILED')}</Alert> : null}
        <div className="sync-entry__actions ui-flex ui-wrap ui-gap-2">
          <Button
            size="small"
            busy={busy === 'keep'}
            disabled={busy !== null}
            onClick={() => void act('keep')}
          >
            {t(TEXT_KEYS[what].keep)}
          </Button>
          <Button
            variant="ghost"
            size="small"
            className="sync-button--danger-text"
            disabled={busy !== null}
            onClick={() => setConfirming(true)}
          >
            {t('SYNC.DROP')}
          </Button>
        </div>
      </article>
      {confirming ? (
        <ConfirmDialog
          title={t('SYNC.DROP_TITLE')}
          message={t('SYNC.DROP_TEXT', { name })}
          cancelLabel={t('SYNC.KEEP')}
          confirmLabel={t('SYNC.DROP_CONFIRM')}
          busy={busy === 'drop'}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void act('drop')}
        />
      ) : null}
    </li>
  );
}
