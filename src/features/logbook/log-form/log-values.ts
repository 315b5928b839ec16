// The log form's values (text as typed), their checks, the draft they make, and the defaults the
// form starts from. Limits are the contract's (src/contract/constants.ts, which the server's schemas
// use too).
import {
  CAR_LOG_CONTENT_MAX_TEXT,
  CAR_LOG_COST_DECIMALS,
  CAR_LOG_COST_MAX,
  CAR_LOG_LOCATION_MAX,
  CAR_LOG_MAX_TAGS,
  CAR_LOG_TAG_MAX_LENGTH,
  CAR_LOG_TITLE_MAX,
  MILEAGE_MAX,
} from '@/contract/constants';
import { LOG_FIELDS, type LogField as ContractLogField } from '@/contract/fields';
import { CarLogInput, type CarLog } from '@/contract/garage';
import {
  parseAmount,
  parseWholeNumber,
  type CarLogDraft,
  type FieldErrors,
  type FieldMessage,
} from '@/features/garage';
import { isRichTextEmpty, richTextLength } from '@/ui/rich-text-editor';

export type { FieldErrors, FieldMessage };

export const LOG_LIMITS = {
  titleMax: CAR_LOG_TITLE_MAX,
  locationMax: CAR_LOG_LOCATION_MAX,
  maxTags: CAR_LOG_MAX_TAGS,
  tagMax: CAR_LOG_TAG_MAX_LENGTH,
  costMax: CAR_LOG_COST_MAX,
  costDecimals: CAR_LOG_COST_DECIMALS,
  mileageMax: MILEAGE_MAX,
  /** Log content shares the car description's budget: 20000 characters of text. */
  contentMax: CAR_LOG_CONTENT_MAX_TEXT,
} as const;

/** Currency of a first log when the car has none yet: the interface language's country. */
export const LOCALE_CURRENCY: Record<string, string> = { 'en-US': 'USD', 'fr-FR': 'EUR' };
const FALLBACK_CURRENCY = 'EUR';

/**
 * The log's fields the form writes by hand (each its own input, check and draft). Every other
 * field of the contract is a plain text field the form renders from PLAIN_LOG_FIELDS, labelled
 * from the garage's one list (LOG_FIELD_LABELS) and bounded by the schema's maxLength: a nullable
 * text field added to the contract needs no edit in the form (log-values.test.ts fails for a
 * field that is neither).
 */
export const FORM_LOG_FIELDS = [
  'carId',
  'type',
  'title',
  'startDate',
  'cost',
  'currencyCode',
  'mileage',
  'fuel',
  'location',
  'tags',
  'content',
] as const satisfies readonly ContractLogField[];

export type PlainLogField = Exclude<ContractLogField, (typeof FORM_LOG_FIELDS)[number]>;

/** The contract's log fields the form renders as plain text, in the schema's order. */
export const PLAIN_LOG_FIELDS: readonly PlainLogField[] = LOG_FIELDS.filter(
  (field): field is PlainLogField => !(FORM_LOG_FIELDS as readonly string[]).includes(field),
);

/** A plain field's schema: a nullable string, its length bounded. */
export function plainFieldMax(field: string): number | undefined {
  const schema = (CarLogInput.properties as Record<string, { type?: unknown; maxLength?: unknown }>)[field];
  return typeof schema?.maxLength === 'number' ? schema.maxLength : undefined;
}

/** The plain fields' text as typed, from a log (or empty for a new one). */
export function plainValues(
  fields: readonly string[],
  log?: Readonly<Record<string, unknown>>,
): Record<string, string> {
  return Object.fromEntries(
    fields.map((field) => [field, typeof log?.[field] === 'string' ? (log[field] as string) : '']),
  );
}

/** The plain fields' problems: each at most its schema's length. */
export function checkPlain(
  plain: Readonly<Record<string, string>>,
  maxOf: (field: string) => number | undefined = plainFieldMax,
): Record<string, FieldMessage> {
  const errors: Record<string, FieldMessage> = {};
  for (const [field, text] of Object.entries(plain)) {
    const max = maxOf(field);
    if (max !== undefined && text.trim().length > max)
      errors[field] = { key: 'VALIDATION.MAX_LENGTH', values: { max } };
  }
  return errors;
}

const orNull = (text: string): string | null => (text.trim() ? text.trim() : null);

/** The plain fields of a draft: trimmed, an empty one null. */
export function plainDraft(plain: Readonly<Record<string, string>>): Record<string, string | null> {
  return Object.fromEntries(Object.entries(plain).map(([field, text]) => [field, orNull(text)]));
}

export interface LogFormValues {
  type: string;
  title: string;
  startDate: string;
  cost: string;
  currencyCode: string;
  mileage: string;
  location: string;
  tags: string[];
  content: string;
  /** The plain text fields (PLAIN_LOG_FIELDS), by field. */
  plain: Record<string, string>;
}
export type LogField =
  | Exclude<keyof LogFormValues, 'tags' | 'plain'>
  | 'tags'
  | PlainLogField
  | 'files'
  // a fill-up's own fields (fuel-values.ts)
  | 'quantity'
  | 'pricePerUnit';

/** Today on the member's calendar (not UTC: at 1 a.m. in Paris it is already today). */
export function todayLocal(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The currency of the car's most recently written log that has one, else the locale's. */
export function defaultCurrency(logs: readonly CarLog[] | undefined, locale: string): string {
  let latest: CarLog | undefined;
  for (const log of logs ?? []) {
    if (log.currencyCode && (!latest || log.updatedAt > latest.updatedAt)) latest = log;
  }
  return latest?.currencyCode ?? LOCALE_CURRENCY[locale] ?? FALLBACK_CURRENCY;
}

export function emptyLogValues(currencyCode: string, today = todayLocal()): LogFormValues {
  return {
    type: '',
    title: '',
    startDate: today,
    cost: '',
    currencyCode,
    mileage: '',
    location: '',
    tags: [],
    content: '',
    plain: plainValues(PLAIN_LOG_FIELDS),
  };
}

export function logValues(log: CarLog, fallbackCurrency: string): LogFormValues {
  return {
    type: log.type,
    title: log.title,
    startDate: log.startDate,
    cost: log.cost === null ? '' : String(log.cost),
    currencyCode: log.currencyCode ?? fallbackCurrency,
    mileage: log.mileage === null ? '' : String(log.mileage),
    location: log.location ?? '',
    tags: [...log.tags],
    content: log.content ?? '',
    plain: plainValues(PLAIN_LOG_FIELDS, log),
  };
}

/** A tag's problem, or undefined: not empty, at most 40 characters. */
export function checkTag(tag: string): FieldMessage | undefined {
  if (tag.length > LOG_LIMITS.tagMax)
    return { key: 'CAR_LOGS.FORM_TAG_TOO_LONG', values: { max: LOG_LIMITS.tagMax } };
  return undefined;
}

function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

export function validateLog(v: LogFormValues): FieldErrors<LogField> {
  const errors: FieldErrors<LogField> = {};
  if (!v.type) errors.type = { key: 'VALIDATION.REQUIRED' };
  const title = v.title.trim();
  if (!title) errors.title = { key: 'VALIDATION.REQUIRED' };
  else if (title.length > LOG_LIMITS.titleMax)
    errors.title = { key: 'VALIDATION.MAX_LENGTH', values: { max: LOG_LIMITS.titleMax } };
  if (!v.startDate) errors.startDate = { key: 'VALIDATION.REQUIRED' };
  else if (!isDay(v.startDate)) errors.startDate = { key: 'CAR_LOGS.FORM_DATE_INVALID' };
  const cost = parseAmount(v.cost, LOG_LIMITS.costDecimals);
  if (cost !== null && !(cost >= 0 && cost <= LOG_LIMITS.costMax))
    errors.cost = { key: 'CAR_LOGS.FORM_COST_INVALID' };
  if (cost !== null && !v.currencyCode) errors.currencyCode = { key: 'VALIDATION.REQUIRED' };
  const mileage = parseWholeNumber(v.mileage);
  if (mileage !== null && !(mileage >= 0 && mileage <= LOG_LIMITS.mileageMax)) {
    errors.mileage = { key: 'CAR_LOGS.FORM_MILEAGE_INVALID' };
  }
  if (v.location.trim().length > LOG_LIMITS.locationMax) {
    errors.location = { key: 'VALIDATION.MAX_LENGTH', values: { max: LOG_LIMITS.locationMax } };
  }
  if (v.tags.length > LOG_LIMITS.maxTags)
    errors.tags = { key: 'CAR_LOGS.FORM_TOO_MANY_TAGS', values: { max: LOG_LIMITS.maxTags } };
  else {
    const tagProblem = v.tags.map(checkTag).find(Boolean);
    if (tagProblem) errors.tags = tagProblem;
  }
  const length = richTextLength(v.content);
  if (length > LOG_LIMITS.contentMax) {
    errors.content = {
      key: 'EDITOR.TOO_LONG',
      values: { max: LOG_LIMITS.contentMax, excess: length - LOG_LIMITS.contentMax },
    };
  }
  Object.assign(errors, checkPlain(v.plain));
  return errors;
}

/** The draft saveCarLog takes; call only with values validateLog accepted. */
export function logDraft(v: LogFormValues, carId: string): CarLogDraft {
  const cost = parseAmount(v.cost, LOG_LIMITS.costDecimals);
  return {
    carId,
    type: v.type,
    title: v.title.trim(),
    startDate: v.startDate,
    cost,
    // The currency belongs to the amount: none without a cost.
    currencyCode: cost === null ? null : v.currencyCode,
    mileage: parseWholeNumber(v.mileage),
    location: orNull(v.location),
    tags: v.tags,
    content: isRichTextEmpty(v.content) ? null : v.content,
    ...plainDraft(v.plain),
  };
}
