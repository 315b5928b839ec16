// Edit and retry: an inline form over the entry's plain fields (strings and numbers). The edited
// body replaces the old one in place (same entry, same place in the queue, same dependents); a
// multipart body keeps its files.
import { useState, type FormEvent } from 'react';
import { replayOutboxNow, updateEntryBody, type OutboxEntry } from '@/lib/outbox';
import { useT } from '@/lib/i18n';
import { Alert, Button, TextArea, TextField } from '@/ui';
import { applyEdits, editableFields, rebuildBody, type JsonObject } from '../entry-content';
import { fieldLabel } from './entry-fields';

/** Past this length (or with a line break) a text is edited in a text area. */
export const LONG_TEXT_CHARS = 80;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function EntryEditForm({
  entry,
  json,
  name,
  onCancel,
}: {
  entry: OutboxEntry;
  json: JsonObject;
  name: string;
  onCancel: () => void;
}) {
  const t = useT();
  const fields = editableFields(json, entry.kind);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.key, f.value])),
  );
  const [invalid, setInvalid] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (!entry.body) return;
    const result = applyEdits(json, fields, values);
    if ('invalid' in result) {
      setInvalid(result.invalid);
      return;
    }
    setInvalid([]);
    setSaving(true);
    setFailed(false);
    try {
      await updateEntryBody(entry.id, rebuildBody(entry.body, result.json));
      // Back in the queue: this card leaves the list as the entry turns pending.
      void replayOutboxNow();
    } catch (error) {
      console.error('outbox entry could not be updated', error);
      setFailed(true);
      setSaving(false);
    }
  }

  return (
    <form
      className="sync-edit ui-flex ui-column ui-gap-3"
      aria-label={t('SYNC.EDIT_FORM', { name })}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      {fields.map((field, index) => {
        const common = {
          label: fieldLabel(t, entry.kind, field.key),
          name: field.key,
          value: values[field.key] ?? '',
          error: invalid.includes(field.key) ? t('SYNC.NUMBER_INVALID') : undefined,
          autoFocus: index === 0,
        };
        const text = values[field.key] ?? '';
        if (field.type === 'string' && (text.length > LONG_TEXT_CHARS || text.includes('\n'))) {
          return (
            <TextArea
              key={field.key}
              {...common}
              onChange={(e) => setValues((v) => ({ ...v, [field.key]: e.target.value }))}
            />
          );
        }
        return (
          <TextField
            key={field.key}
            {...common}
            type={field.type === 'string' && DAY.test(field.value) ? 'date' : 'text'}
            inputMode={field.type === 'number' ? 'decimal' : undefined}
            onChange={(e) => setValues((v) => ({ ...v, [field.key]: e.target.value }))}
          />
        );
      })}
      {failed ? <Alert kind="error">{t('SYNC.ACTION_FAILED')}</Alert> : null}
      <div className="sync-entry__actions ui-flex ui-wrap ui-gap-2">
        <Button type="submit" size="small" busy={saving}>
          {t('SYNC.SAVE_AND_RETRY')}
        </Button>
        <Button variant="ghost" size="small" onClick={onCancel} disabled={saving}>
          {t('SYNC.CANCEL')}
        </Button>
      </div>
    </form>
  );
}
