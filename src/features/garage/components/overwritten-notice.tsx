import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  dismissOverwritten,
  restoreOverwritten,
  useOverwritten,
  useOverwrittenLogs,
  type OverwrittenKind,
} from '@/features/garage/data/overwritten';
import { useCarLogsById } from '@/features/garage/data';
import { CAR_FIELD_LABELS, LOG_FIELD_LABELS } from '@/features/garage/data/field-labels';
import { formatNumber, useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { Button } from '@/ui';
import './overwritten-notice.css';

type Translate = ReturnType<typeof useT>;

/** The label of each field of a car or log an edit may replace: the garage's one list per entity. */
const FIELD_LABEL_KEYS: Record<OverwrittenKind, Readonly<Record<string, string>>> = {
  car: CAR_FIELD_LABELS,
  carLog: LOG_FIELD_LABELS,
};

/** The text of stored rich text (sanitised by the server): DOMParser builds an inert document. */
function textOf(html: string): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

/** A replaced value in the member's words (never raw HTML, never an object's JSON). */
function shownValue(t: Translate, value: unknown): string {
  if (value === null || value === undefined) return t('CAR_LOGS.OVERWRITTEN_EMPTY');
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') return /<[a-z][\s\S]*>/i.test(value) ? textOf(value) : value;
  if (Array.isArray(value)) return value.map((v) => shownValue(t, v)).join(', ');
  const fill = value as { quantity?: unknown; unit?: unknown };
  if (typeof fill.quantity === 'number' && typeof fill.unit === 'string') {
    return t('CAR_LOGS.OVERWRITTEN_FUEL_VALUE', { quantity: formatNumber(fill.quantity), unit: fill.unit });
  }
  return t('CAR_LOGS.OVERWRITTEN_EMPTY');
}

function fieldLabel(t: Translate, kind: OverwrittenKind, field: string): string {
  const labels = FIELD_LABEL_KEYS[kind];
  const key = Object.hasOwn(labels, field) ? labels[field] : undefined;
  return key ? t(key) : t('CAR_LOGS.OVERWRITTEN_FIELD_OTHER');
}

/**
 * "Changed on two devices": the values this device's edit replaced (another device had changed
 * them since the edit began), each with a one-tap "Restore" that queues an edit putting it back.
 */
export function OverwrittenNotice({ kind, id }: { kind: OverwrittenKind; id: string }) {
  const t = useT();
  const record = useOverwritten(kind, id);
  const [busy, setBusy] = useState<string | null>(null);
  if (!record) return null;
  const fields = Object.entries(record.fields);

  async function restore(field: string) {
    setBusy(field);
    try {
      if (await restoreOverwritten(kind, id, field)) {
        toast.show({ kind: 'success', message: t('CAR_LOGS.OVERWRITTEN_RESTORED') });
      }
    } catch {
      toast.show({ kind: 'error', message: t('CAR_LOGS.OVERWRITTEN_RESTORE_FAILED') });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section
      className="overwritten ui-alert ui-alert--warning"
      role="status"
      aria-labelledby={`overwritten-${id}`}
    >
      <h3 id={`overwritten-${id}`} className="overwritten__title">
        {t('CAR_LOGS.OVERWRITTEN_TITLE')}
      </h3>
      <p className="overwritten__text">{t('CAR_LOGS.OVERWRITTEN_TEXT')}</p>
      <ul className="overwritten__list ui-bare-list">
        {fields.map(([field, value]) => (
          <li key={field} className="overwritten__item ui-flex ui-center ui-gap-2 ui-wrap">
            <span className="overwritten__value">
              {t('CAR_LOGS.OVERWRITTEN_VALUE', {
                field: fieldLabel(t, kind, field),
                value: shownValue(t, value),
              })}
            </span>
            <Button
              size="small"
              variant="secondary"
              busy={busy === field}
              disabled={busy !== null}
              onClick={() => void restore(field)}
              aria-label={t('CAR_LOGS.OVERWRITTEN_RESTORE_FIELD', { field: fieldLabel(t, kind, field) })}
            >
              {t('CAR_LOGS.OVERWRITTEN_RESTORE')}
            </Button>
          </li>
        ))}
      </ul>
      <Button
        size="small"
        variant="ghost"
        disabled={busy !== null}
        onClick={() => void dismissOverwritten(kind, id)}
      >
        {t('CAR_LOGS.OVERWRITTEN_DISMISS')}
      </Button>
    </section>
  );
}

/** Above a car's log list: its logs with a replaced value, each a link to the log to review it. */
export function OverwrittenLogs({ carId }: { carId: string }) {
  const t = useT();
  const records = useOverwrittenLogs(carId);
  // Only the logs the notice names (not the whole logbook: the car's home reads only what it shows).
  const logs = useCarLogsById(records?.map((record) => record.id) ?? []);
  if (!records?.length) return null;
  const titles = new Map((logs ?? []).map((log) => [log.id, log.title]));
  const shown = records.filter((record) => titles.has(record.id));
  if (!shown.length) return null;
  return (
    <section
      className="overwritten ui-alert ui-alert--warning"
      role="status"
      aria-labelledby={`overwritten-logs-${carId}`}
    >
      <h3 id={`overwritten-logs-${carId}`} className="overwritten__title">
        {t('CAR_LOGS.OVERWRITTEN_TITLE')}
      </h3>
      <ul className="overwritten__list ui-bare-list">
        {shown.map((record) => (
          <li key={record.id}>
            <Link to="/my-cars/$carId/logs/$logId" params={{ carId, logId: record.id }}>
              {t('CAR_LOGS.OVERWRITTEN_REVIEW', { title: titles.get(record.id) ?? '' })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
