// One write that needs attention: what it is, its content, the server's answer, and the member's
// three choices (retry as is, edit and retry, discard after a confirmation).
import { useId, useMemo, useState } from 'react';
import {
  DEPENDENCY_DISCARDED,
  discardEntry,
  replayOutboxNow,
  retryEntry,
  updateEntryBody,
  type OutboxEntry,
} from '@/lib/outbox';
import { errorKeyFor } from '@/lib/http/api-error-catalogue';
import { useT } from '@/lib/i18n';
import { Alert, Button } from '@/ui';
import {
  accessLost,
  confirmOdometerJump,
  editableFields,
  kindLabelKey,
  readEntryData,
  refusedFieldKeys,
  summaryOf,
} from '../entry-content';
import { EntryEditForm } from './entry-edit-form';
import { EntryCardHeader } from './entry-card-header';
import { ConfirmedThrowAway, EntryActionButton, useEntryActions } from './entry-actions';
import { EntryFields } from './entry-fields';
import { KeepRefused } from './keep-refused';

/**
 * Why the entry needs attention, in the member's language: keyed by the server's error code, else
 * its status; the server's own text only for an answer neither explains. Without an answer (a
 * local failure) the reason is generic, never a developer's message.
 */
function useReason(entry: OutboxEntry): string {
  const t = useT();
  if (entry.lastError === DEPENDENCY_DISCARDED) return t('SYNC.DEPENDENCY_DISCARDED');
  if (entry.lastStatus === undefined) return t('ERRORS.GENERIC');
  if (accessLost(entry)) return t('SYNC.CAR_ACCESS_LOST');
  const key = errorKeyFor(entry.lastStatus, entry.lastCode);
  const reason = key ? t(key) : entry.lastError?.trim() || t('SYNC.NO_MESSAGE');
  const fields = refusedFieldKeys(entry.kind, entry.lastFields).map((key) => t(key));
  return fields.length ? `${reason} ${t('SYNC.REFUSED_FIELDS', { fields: fields.join(', ') })}` : reason;
}

export function FailedEntryCard({ entry }: { entry: OutboxEntry }) {
  const t = useT();
  const titleId = useId();
  const data = useMemo(() => readEntryData(entry.body), [entry.body]);
  const [editing, setEditing] = useState(false);

  const kind = t(kindLabelKey(entry.kind));
  const summary = summaryOf(data.json, entry.kind);
  const name = summary ? t('SYNC.ENTRY_NAME', { kind, summary }) : kind;
  const message = useReason(entry);
  const canEdit =
    Boolean(entry.body) && data.json !== null && editableFields(data.json, entry.kind).length > 0;
  // A reading refused as a jump the member did not confirm (saved offline before the form could
  // know the neighbours): keeping it re-queues the same log with the jump confirmed.
  const canConfirmJump = entry.lastCode === 'ODOMETER_JUMP' && Boolean(entry.body) && data.json !== null;

  const actions = useEntryActions<'retry' | 'confirm' | 'discard'>(async (action) => {
    if (action === 'retry') {
      await retryEntry(entry.id);
      void replayOutboxNow();
    } else if (action === 'confirm') {
      if (entry.body && data.json)
        await updateEntryBody(entry.id, confirmOdometerJump(entry.body, data.json));
      void replayOutboxNow();
    } else {
      await discardEntry(entry.id);
    }
  });

  return (
    <li className="sync-entry">
      <article aria-labelledby={titleId}>
        <EntryCardHeader titleId={titleId} name={name} createdAt={entry.createdAt} />
        {editing && data.json ? (
          <EntryEditForm entry={entry} json={data.json} name={name} onCancel={() => setEditing(false)} />
        ) : (
          <>
            <EntryFields kind={entry.kind} data={data} />
            <div className="sync-entry__answer ui-flex ui-column ui-gap-1">
              <span className="sync-entry__answer-label">
                {entry.lastStatus
                  ? t('SYNC.SERVER_ANSWER_STATUS', { status: entry.lastStatus })
                  : t('SYNC.SERVER_ANSWER')}
              </span>
              <span>{message}</span>
            </div>
            {accessLost(entry) ? <KeepRefused entry={entry} disabled={actions.busy !== null} /> : null}
            {actions.failed ? <Alert kind="error">{t('SYNC.ACTION_FAILED')}</Alert> : null}
            <div className="sync-entry__actions ui-flex ui-wrap ui-gap-2">
              {canConfirmJump ? (
                <EntryActionButton actions={actions} action="confirm">
                  {t('SYNC.KEEP_READING')}
                </EntryActionButton>
              ) : null}
              <EntryActionButton actions={actions} action="retry">
                {t('SYNC.RETRY')}
              </EntryActionButton>
              {canEdit ? (
                <Button
                  variant="secondary"
                  size="small"
                  disabled={actions.busy !== null}
                  onClick={() => setEditing(true)}
                >
                  {t('SYNC.EDIT')}
                </Button>
              ) : null}
              <ConfirmedThrowAway actions={actions} action="discard" name={name} />
            </div>
          </>
        )}
      </article>
    </li>
  );
}
