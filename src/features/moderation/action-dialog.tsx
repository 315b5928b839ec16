// The confirmation of a moderation action (docs/SPEC-NOTES.md "Trust", the moderation screen): what will happen,
// an optional note (the author reads it, and the audit log keeps it), and for a suspension its
// length in hours. The safe answer has the focus, as in every confirmation.
import { useId, useState, type FormEvent } from 'react';
import { MODERATION_NOTE_MAX, SUSPENSION_HOURS_MAX, type ModerationAction } from '@/contract/constants';
import type { ModerationActionBody } from '@/contract/trust';
import { useT } from '@/lib/i18n';
import { Alert, Button, Modal, TextArea, TextField } from '@/ui';

/** Each action's button, title and what the moderator is told will happen. */
export const ACTION_KEYS: Record<ModerationAction, { label: string; title: string; text: string }> = {
  dismiss: {
    label: 'MODERATION.DISMISS',
    title: 'MODERATION.DISMISS_TITLE',
    text: 'MODERATION.DISMISS_TEXT',
  },
  'remove-content': {
    label: 'MODERATION.REMOVE',
    title: 'MODERATION.REMOVE_TITLE',
    text: 'MODERATION.REMOVE_TEXT',
  },
  warn: { label: 'MODERATION.WARN', title: 'MODERATION.WARN_TITLE', text: 'MODERATION.WARN_TEXT' },
  suspend: {
    label: 'MODERATION.SUSPEND',
    title: 'MODERATION.SUSPEND_TITLE',
    text: 'MODERATION.SUSPEND_TEXT',
  },
};

/** A day: what the suspension's field offers first. */
const DEFAULT_SUSPENSION_HOURS = 24;

export interface ActionDialogProps {
  action: ModerationAction;
  busy: boolean;
  /** The server's refusal, worded (the report was acted on already, a profile cannot be removed…). */
  error: string | null;
  onCancel: () => void;
  onConfirm: (body: ModerationActionBody) => void;
}

export function ActionDialog({ action, busy, error, onCancel, onConfirm }: ActionDialogProps) {
  const t = useT();
  const titleId = useId();
  const textId = useId();
  const [note, setNote] = useState('');
  const [hours, setHours] = useState(String(DEFAULT_SUSPENSION_HOURS));
  const [hoursError, setHoursError] = useState(false);
  const keys = ACTION_KEYS[action];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let durationHours: number | undefined;
    if (action === 'suspend') {
      durationHours = Number(hours);
      if (!Number.isInteger(durationHours) || durationHours < 1 || durationHours > SUSPENSION_HOURS_MAX) {
        setHoursError(true);
        return;
      }
    }
    const body = { action, note: note.trim() || null, ...(durationHours ? { durationHours } : {}) };
    onConfirm(body as ModerationActionBody);
  };

  return (
    <Modal
      role="alertdialog"
      labelledBy={titleId}
      describedBy={textId}
      onClose={onCancel}
      className="ui-confirm"
    >
      <h2 id={titleId} className="ui-modal__title">
        {t(keys.title)}
      </h2>
      <form className="ui-flex ui-column ui-gap-3" onSubmit={submit} noValidate>
        <p id={textId} className="ui-confirm__message">
          {t(keys.text)}
        </p>
        {action === 'suspend' ? (
          <TextField
            label={t('MODERATION.DURATION_HOURS')}
            type="number"
            inputMode="numeric"
            min={1}
            max={SUSPENSION_HOURS_MAX}
            step={1}
            value={hours}
            error={hoursError ? t('MODERATION.DURATION_INVALID', { max: SUSPENSION_HOURS_MAX }) : undefined}
            onChange={(e) => {
              setHours(e.target.value);
              setHoursError(false);
            }}
          />
        ) : null}
        <TextArea
          label={t('MODERATION.NOTE')}
          description={action === 'dismiss' ? undefined : t('MODERATION.NOTE_HINT')}
          optional
          maxLength={MODERATION_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        {error ? <Alert kind="error">{error}</Alert> : null}
        <div className="ui-confirm__actions">
          <Button data-autofocus variant="secondary" type="button" onClick={onCancel}>
            {t('MODERATION.CANCEL')}
          </Button>
          <Button
            type="submit"
            busy={busy}
            className={action === 'dismiss' ? undefined : 'ui-button--danger'}
          >
            {t(keys.label)}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
