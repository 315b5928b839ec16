// A calendar date field that reads and writes dates the way the APP's language does ("14/03/2026",
// placeholder "jj/mm/aaaa" in French), whatever the browser's language: a native <input type=date>
// shows the browser's format (Chromium ignores `lang`), so the French app showed "mm/dd/yyyy" in an
// English browser. The text box takes the app's format (or ISO); the button opens the browser's
// own calendar through a hidden native input. The value is always YYYY-MM-DD (or '').
import { useRef, useState, type InputHTMLAttributes } from 'react';
import { useLocale, useT, type Locale } from '@/lib/i18n';
import { Field, type FieldProps } from './field';
import { StrokeIcon } from './icons';

type Part = 'day' | 'month' | 'year';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The order of day, month and year in the locale's numeric dates (en-US: month, day, year). */
export function dateOrder(locale: string): Part[] {
  return new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  })
    .formatToParts(Date.UTC(2001, 10, 22))
    .map((part) => part.type)
    .filter((type): type is Part => type === 'day' || type === 'month' || type === 'year');
}

/** YYYY-MM-DD as the locale writes it with digits: "03/14/2026" (en-US), "14/03/2026" (fr-FR). */
export function formatDayInput(iso: string, locale: string): string {
  const match = ISO_DAY.exec(iso);
  if (!match) return iso;
  return new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

function isoOf(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * What a member typed, as YYYY-MM-DD: the locale's order with any separators ("14/03/2026",
 * "14.3.2026"), or ISO. '' for a blank text, null for a text that is not (yet) a real date.
 */
export function parseDayInput(text: string, locale: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const groups = trimmed.split(/\D+/).filter(Boolean);
  if (groups.length !== 3) return null;
  const order: Part[] = groups[0]!.length === 4 ? ['year', 'month', 'day'] : dateOrder(locale);
  const value = Object.fromEntries(order.map((part, i) => [part, groups[i]!])) as Record<Part, string>;
  if (value.year.length !== 4 || value.month.length > 2 || value.day.length > 2) return null;
  return isoOf(Number(value.year), Number(value.month), Number(value.day));
}

const PLACEHOLDER_KEYS: Record<Part, string> = {
  day: 'COMMON.DATE_DAY_LETTERS',
  month: 'COMMON.DATE_MONTH_LETTERS',
  year: 'COMMON.DATE_YEAR_LETTERS',
};

const CalendarIcon = () => (
  <StrokeIcon size={20}>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </StrokeIcon>
);

export type DateInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'onChange' | 'min' | 'max' | 'lang'
> & {
  /** YYYY-MM-DD or ''. */
  value: string;
  /** A real date (YYYY-MM-DD) or '' when blank; an unfinished or wrong text gives '' too, or the text itself with keepInvalidText. */
  onChange: (value: string) => void;
  min?: string | undefined;
  max?: string | undefined;
  /** Hand a text that is not a date to onChange as it is (a form then says "not a valid date"). */
  keepInvalidText?: boolean;
};

/** The text box and its calendar button (for a label of one's own; DateField adds label and messages). */
export function DateInput({
  value,
  onChange,
  min,
  max,
  keepInvalidText,
  className,
  ...input
}: DateInputProps) {
  const t = useT();
  const locale: Locale = useLocale();
  const native = useRef<HTMLInputElement>(null);
  // What is being typed; null shows the value in the locale's format.
  const [draft, setDraft] = useState<string | null>(null);
  const [emitted, setEmitted] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // A value set from outside (a reset, the calendar) replaces what was being typed.
    setSeen(value);
    if (value !== emitted) setDraft(null);
  }
  const emit = (next: string) => {
    setEmitted(next);
    onChange(next);
  };
  const shown = draft ?? (ISO_DAY.test(value) ? formatDayInput(value, locale) : value);
  const placeholder = dateOrder(locale)
    .map((part) => t(PLACEHOLDER_KEYS[part]))
    .join('/');

  return (
    <div className="ui-field__control">
      <input
        {...input}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        lang={locale}
        placeholder={placeholder}
        className={['ui-input', 'ui-input--with-action', className].filter(Boolean).join(' ')}
        value={shown}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          const parsed = parseDayInput(text, locale);
          emit(parsed ?? (keepInvalidText ? text : ''));
        }}
        onBlur={(event) => {
          // A complete date is rewritten in the locale's format; anything else stays as typed.
          if (draft !== null && parseDayInput(draft, locale) !== null) setDraft(null);
          input.onBlur?.(event);
        }}
      />
      <button
        type="button"
        className="ui-field__action"
        aria-label={t('COMMON.PICK_DATE')}
        onClick={() => {
          const picker = native.current;
          if (!picker) return;
          try {
            picker.showPicker();
          } catch {
            picker.focus(); // no showPicker (older browsers): the native field takes the keyboard
          }
        }}
      >
        <CalendarIcon />
      </button>
      <input
        ref={native}
        type="date"
        className="ui-date__native"
        tabIndex={-1}
        aria-hidden="true"
        lang={locale}
        value={ISO_DAY.test(value) ? value : ''}
        min={min}
        max={max}
        onChange={(event) => {
          setDraft(null);
          emit(event.target.value);
        }}
      />
    </div>
  );
}

export type DateFieldProps = FieldProps & Omit<DateInputProps, 'id'>;

/** A labelled date field (label, description, error) in the app's date format. */
export function DateField({ label, error, description, optional, ...input }: DateFieldProps) {
  return (
    <Field label={label} error={error} description={description} optional={optional ?? false}>
      {(wiring) => <DateInput {...input} {...wiring} />}
    </Field>
  );
}
