// The content of an outbox entry in words: its main fields and the names of its files.
import { formatDate, formatNumber, useT } from '@/lib/i18n';
import {
  fieldLabelKey,
  fuelQuantity,
  fuelUnitKey,
  htmlToText,
  localDay,
  looksLikeHtml,
  settingsDomainOf,
  shownFields,
  truncate,
  valueLabelKey,
  type EntryData,
} from '../entry-content';

type T = (id: string, values?: Record<string, unknown>) => string;

/** A field's label, from the list its feature registered for the entry's kind. */
export function fieldLabel(t: T, kind: string, key: string): string {
  const labelKey = fieldLabelKey(kind, key);
  // A field of a later feature without a label yet: its name is the best words we have.
  return labelKey ? t(labelKey) : key;
}

function formatValue(t: T, key: string, value: unknown, kind: string): string {
  const fuel = fuelQuantity(value);
  if (fuel) {
    // "42 L": the unit's symbol as the fill-up form writes it; an unknown unit shows as is.
    const symbolKey = fuelUnitKey(fuel.unit);
    const symbol = t(symbolKey);
    return `${formatNumber(fuel.quantity)} ${symbol && symbol !== symbolKey ? symbol : fuel.unit}`;
  }
  // A value from a fixed list its feature names ("roof_box"): in words.
  const valueKey = typeof value === 'string' ? valueLabelKey(key, value, kind) : null;
  if (valueKey) return t(valueKey);
  const domain = settingsDomainOf(key, kind);
  // Spec §3/§8: a settings value's label is `${DOMAIN}.${key}`; an unknown key shows as is.
  const setting = (v: string) => {
    const labelKey = `${domain!.toUpperCase()}.${v}`;
    const label = t(labelKey);
    return label && label !== labelKey ? label : v;
  };
  if (Array.isArray(value)) return (domain ? value.map((v) => setting(String(v))) : value).join(', ');
  if (typeof value === 'boolean') return t(value ? 'SYNC.YES' : 'SYNC.NO');
  if (typeof value === 'number') return formatNumber(value, { useGrouping: key !== 'year' });
  if (typeof value !== 'string') return '';
  if (domain) return setting(value);
  const day = localDay(value);
  if (day) return formatDate(day, { dateStyle: 'medium' });
  return truncate(looksLikeHtml(value) ? htmlToText(value) : value);
}

export function EntryFields({ kind, data }: { kind: string; data: EntryData }) {
  const t = useT();
  const fields = shownFields(data.json, kind);
  if (fields.length === 0 && data.files.length === 0) {
    return <p className="sync-entry__empty">{t('SYNC.NO_CONTENT')}</p>;
  }
  return (
    <dl className="sync-entry__fields">
      {fields.map(({ key, value }) => (
        <div key={key} className="sync-entry__field">
          <dt>{fieldLabel(t, kind, key)}</dt>
          <dd>{formatValue(t, key, value, kind)}</dd>
        </div>
      ))}
      {data.files.length > 0 ? (
        <div className="sync-entry__field">
          <dt>{t('SYNC.FILES')}</dt>
          <dd>
            <ul className="sync-entry__files">
              {data.files.map((name, index) => (
                <li key={`${index}-${name}`}>{name}</li>
              ))}
            </ul>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
