// A write whose car or log was deleted on another device (the server answered 404 to its edit):
// no retry can help. The member keeps their version as a new car or log, or drops it; either way
// the feature's rows follow at once (what it registered for the kind: OutboxKindContent).
import { useId, useMemo } from 'react';
import { useT } from '@/lib/i18n';
import type { OutboxEntry } from '@/lib/outbox';
import { Alert } from '@/ui';
import { kindLabelKey, readEntryData, summaryOf, type DeletedElsewhere } from '../entry-content';
import { EntryCardHeader } from './entry-card-header';
import { ConfirmedThrowAway, EntryActionButton, useEntryActions } from './entry-actions';
import { EntryFields } from './entry-fields';

/** Names the write in the developer log when an action fails. */
const LOG_WHAT = 'of a row deleted elsewhere';

export function DeletedElsewhereCard({ entry, what }: { entry: OutboxEntry; what: DeletedElsewhere }) {
  const t = useT();
  const titleId = useId();
  const data = useMemo(() => readEntryData(entry.body), [entry.body]);
  const actions = useEntryActions<'keep' | 'drop'>(
    (action) => (action === 'keep' ? what.keepAsNew(entry) : what.drop(entry)),
    LOG_WHAT,
  );

  const kind = t(kindLabelKey(entry.kind));
  const summary = summaryOf(data.json, entry.kind);
  const name = summary ? t('SYNC.ENTRY_NAME', { kind, summary }) : kind;

  return (
    <li className="sync-entry">
      <article aria-labelledby={titleId}>
        <EntryCardHeader titleId={titleId} name={name} createdAt={entry.createdAt} />
        <EntryFields kind={entry.kind} data={data} />
        <div className="sync-entry__answer ui-flex ui-column ui-gap-1">
          <span className="sync-entry__answer-label">{t('SYNC.GONE_LABEL')}</span>
          <span>{t(what.text)}</span>
        </div>
        {actions.failed ? <Alert kind="error">{t('SYNC.ACTION_FAILED')}</Alert> : null}
        <div className="sync-entry__actions ui-flex ui-wrap ui-gap-2">
          <EntryActionButton actions={actions} action="keep">
            {t(what.keep)}
          </EntryActionButton>
          <ConfirmedThrowAway actions={actions} action="drop" name={name} />
        </div>
      </article>
    </li>
  );
}
