// What an outbox entry holds, in a shape the "needs attention" list can show and edit: the JSON
// fields of its body (for a multipart body, the JSON string in the part named 'data') and the
// names of its files. Pure functions: no Dexie, no React (the kinds' labels are the features',
// registered with their handlers).
import { outboxKindLabel, type OutboxBody, type OutboxPart } from '@/lib/outbox';

/** The multipart part that carries the JSON fields next to the files. */
export const FORM_DATA_PART = 'data';

export type JsonObject = Record<string, unknown>;

export interface EntryData {
  /** The body's JSON object, or null when there is none (a delete) or it cannot be read. */
  json: JsonObject | null;
  /** Names of the files the entry uploads. */
  files: string[];
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fileName(part: OutboxPart): string | null {
  if ('blobId' in part) return part.filename ?? part.name;
  if (typeof part.value === 'string') return null;
  const named = (part.value as Blob & { name?: unknown }).name;
  return part.filename ?? (typeof named === 'string' && named ? named : part.name);
}

function parseJson(text: string): JsonObject | null {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

export function readEntryData(body: OutboxBody | undefined): EntryData {
  if (!body) return { json: null, files: [] };
  if (body.type === 'json') return { json: isObject(body.json) ? body.json : null, files: [] };
  const data = body.parts.find(
    (p) => p.name === FORM_DATA_PART && 'value' in p && typeof p.value === 'string',
  );
  const json = data && 'value' in data && typeof data.value === 'string' ? parseJson(data.value) : null;
  const files = body.parts.map(fileName).filter((name): name is string => name !== null);
  return { json, files };
}

/** Ids tie the entry to its rows and its place in the queue: never shown, never edited. */
export function isIdField(key: string): boolean {
  return key === 'id' || /Id$/.test(key);
}

/** Quill's rich text arrives as HTML: shown as text, not edited as a plain string. */
export function looksLikeHtml(value: string): boolean {
  return /<[a-z][\s\S]*>/i.test(value);
}

/**
 * The label keys of the fields a server refused ('body.title', 'title' or 'tags.0' → title's),
 * once each; names the member does not know are left out (never shown raw).
 */
export function refusedFieldKeys(names: readonly string[] | undefined): string[] {
  const keys = (names ?? [])
    .map(
      (name) =>
        FIELD_LABEL_KEYS[
          name
            .replace(/^body[./]/, '')
            .replace(/^\//, '')
            .split(/[./]/)[0] ?? ''
        ],
    )
    .filter((key): key is string => typeof key === 'string');
  return [...new Set(keys)];
}

/** The fields the member knows, in the order forms show them; the label key of each. */
export const FIELD_LABEL_KEYS: Record<string, string> = {
  title: 'SYNC.FIELD_TITLE',
  firstName: 'SYNC.FIELD_FIRST_NAME',
  lastName: 'SYNC.FIELD_LAST_NAME',
  username: 'SYNC.FIELD_USERNAME',
  city: 'SYNC.FIELD_CITY',
  subject: 'SYNC.FIELD_SUBJECT',
  make: 'SYNC.FIELD_MAKE',
  model: 'SYNC.FIELD_MODEL',
  year: 'SYNC.FIELD_YEAR',
  nickname: 'SYNC.FIELD_NICKNAME',
  type: 'SYNC.FIELD_TYPE',
  startDate: 'SYNC.FIELD_START_DATE',
  cost: 'SYNC.FIELD_COST',
  currencyCode: 'SYNC.FIELD_CURRENCY_CODE',
  mileage: 'SYNC.FIELD_MILEAGE',
  fuel: 'SYNC.FIELD_FUEL',
  mileageUnit: 'SYNC.FIELD_MILEAGE_UNIT',
  location: 'SYNC.FIELD_LOCATION',
  energyType: 'SYNC.FIELD_ENERGY_TYPE',
  gearboxType: 'SYNC.FIELD_GEARBOX_TYPE',
  upholsteryMaterial: 'SYNC.FIELD_UPHOLSTERY_MATERIAL',
  tags: 'SYNC.FIELD_TAGS',
  description: 'SYNC.FIELD_DESCRIPTION',
  content: 'SYNC.FIELD_CONTENT',
  bio: 'SYNC.FIELD_BIO',
  logType: 'SYNC.FIELD_LOG_TYPE',
  intervalMonths: 'SYNC.FIELD_INTERVAL_MONTHS',
  intervalDistance: 'SYNC.FIELD_INTERVAL_DISTANCE',
  dueDate: 'SYNC.FIELD_DUE_DATE',
  dueMileage: 'SYNC.FIELD_DUE_MILEAGE',
  soonDays: 'SYNC.FIELD_SOON_DAYS',
  soonDistance: 'SYNC.FIELD_SOON_DISTANCE',
  notes: 'SYNC.FIELD_NOTES',
  kind: 'SYNC.FIELD_KIND',
  name: 'SYNC.FIELD_NAME',
  dotCode: 'SYNC.FIELD_DOT_CODE',
  reminderDistance: 'SYNC.FIELD_REMINDER_DISTANCE',
  reminderAgeMonths: 'SYNC.FIELD_REMINDER_AGE_MONTHS',
  date: 'SYNC.FIELD_DATE',
};
const FIELD_ORDER = Object.keys(FIELD_LABEL_KEYS);

/**
 * The label key of an entry kind: each feature registers its kinds with their labels alongside
 * their handlers (withKindLabels in src/lib/outbox); a test in src/app checks that every kind has
 * one. An unknown kind (an entry of a newer version) falls back to a generic label.
 */
export const KIND_OTHER_KEY = 'SYNC.KIND_OTHER';

/** The writes of a car's logbook, reminders, papers and equipment a member of a shared car makes. */
const CAR_CONTENT_KINDS = new Set([
  'carLog.create',
  'carLog.update',
  'carLog.delete',
  'media.delete',
  'reminder.create',
  'reminder.update',
  'reminder.delete',
  'carPaper.create',
  'carPaper.delete',
  'equipment.create',
  'equipment.update',
  'equipment.mount',
  'equipment.remove',
  'equipment.delete',
]);
/** New rows of a car: 404 once the car is out of reach (the others answer 404 for a gone row). */
const CAR_CONTENT_CREATES = new Set([
  'carLog.create',
  'reminder.create',
  'carPaper.create',
  'equipment.create',
]);

/**
 * A write refused because the car is no longer shared with me, or my role was lowered meanwhile
 * (a driver's fill-up replayed after the owner removed them): 403, or 404 for a new entry once the
 * car is out of reach. Its reason says so; the entry stays until the member decides.
 */
export function carAccessLost(entry: { kind: string; lastStatus?: number | undefined }): boolean {
  if (!CAR_CONTENT_KINDS.has(entry.kind)) return false;
  if (entry.lastStatus === 403) return true;
  return entry.lastStatus === 404 && CAR_CONTENT_CREATES.has(entry.kind);
}

export function kindLabelKey(kind: string): string {
  return outboxKindLabel(kind) ?? KIND_OTHER_KEY;
}

/**
 * Fields whose value is a settings key (spec §3/§8: shown through `${DOMAIN}.${key}`). `type`
 * means a car log type only on car log entries.
 */
export function settingsDomainOf(key: string, kind: string): string | null {
  if (key === 'type') return kind.startsWith('carLog.') ? 'carLogType' : null;
  if (key === 'logType') return 'carLogType';
  return ['energyType', 'gearboxType', 'upholsteryMaterial', 'mileageUnit', 'currencyCode'].includes(key)
    ? key
    : null;
}

/** A fill-up's quantity and unit (the `fuel` of a log), when the value is one. */
export function fuelQuantity(value: unknown): { quantity: number; unit: string } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { quantity, unit } = value as { quantity?: unknown; unit?: unknown };
  if (typeof quantity !== 'number' || !Number.isFinite(quantity) || typeof unit !== 'string') return null;
  return { quantity, unit };
}

/** The label key of a fuel unit's symbol (FUEL_UNITS: l, gal_us, gal_uk, kwh). */
export function fuelUnitKey(unit: string): string {
  return `FUEL.SYMBOL_${unit.toUpperCase()}`;
}

function isShowable(value: unknown): boolean {
  if (fuelQuantity(value)) return true;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'boolean') return true;
  return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string');
}

/** The fields worth showing: the known ones first in form order, then any other plain value. */
export function shownFields(json: JsonObject | null): Array<{ key: string; value: unknown }> {
  if (!json) return [];
  const keys = Object.keys(json).filter((key) => !isIdField(key) && isShowable(json[key]));
  const known = FIELD_ORDER.filter((key) => keys.includes(key));
  const others = keys.filter((key) => !FIELD_ORDER.includes(key));
  return [...known, ...others].map((key) => ({ key, value: json[key] }));
}

/** Words that name the entry: a log's title, a car's make and model, or a nickname/name. */
export function summaryOf(json: JsonObject | null): string | undefined {
  if (!json) return undefined;
  const text = (key: string) => (typeof json[key] === 'string' ? (json[key] as string).trim() : '');
  const makeModel = [text('make'), text('model')].filter(Boolean).join(' ');
  return text('title') || makeModel || text('nickname') || text('name') || undefined;
}

export type EditableField = { key: string; type: 'string' | 'number'; value: string };

/** The scalar fields the inline form edits: strings and numbers, not ids, not rich text. */
export function editableFields(json: JsonObject | null): EditableField[] {
  if (!json) return [];
  const keys = Object.keys(json).filter((key) => !isIdField(key));
  const ordered = [
    ...FIELD_ORDER.filter((k) => keys.includes(k)),
    ...keys.filter((k) => !FIELD_ORDER.includes(k)),
  ];
  return ordered.flatMap((key): EditableField[] => {
    const value = json[key];
    if (typeof value === 'number' && Number.isFinite(value))
      return [{ key, type: 'number', value: String(value) }];
    if (typeof value === 'string' && !looksLikeHtml(value)) return [{ key, type: 'string', value }];
    return [];
  });
}

/** "12,5" (a French keyboard) and "12.5" are the same number; '' means no value (null). */
export function parseNumberInput(text: string): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The edited JSON: the original with the form's values put back in their types. Answers the keys
 * whose number cannot be read instead, for the form to point at.
 */
export function applyEdits(
  json: JsonObject,
  fields: EditableField[],
  values: Record<string, string>,
): { json: JsonObject } | { invalid: string[] } {
  const next: JsonObject = { ...json };
  const invalid: string[] = [];
  for (const field of fields) {
    const text = values[field.key] ?? field.value;
    if (field.type === 'string') {
      next[field.key] = text;
      continue;
    }
    const value = parseNumberInput(text);
    if (value === undefined) invalid.push(field.key);
    else next[field.key] = value;
  }
  return invalid.length ? { invalid } : { json: next };
}

/** The same body with new JSON: a multipart body keeps its shape, its other parts and its files. */
export function rebuildBody(body: OutboxBody, json: JsonObject): OutboxBody {
  if (body.type === 'json') return { type: 'json', json };
  return {
    type: 'form',
    parts: body.parts.map((part) =>
      part.name === FORM_DATA_PART && 'value' in part && typeof part.value === 'string'
        ? { ...part, value: JSON.stringify(json) }
        : part,
    ),
  };
}

/**
 * A car log refused with ODOMETER_JUMP whose reading the member keeps: the same body, saying the
 * jump is confirmed (what the log form sends after its own confirmation).
 */
export function confirmOdometerJump(body: OutboxBody, json: JsonObject): OutboxBody {
  return rebuildBody(body, { ...json, odometerConfirmed: true });
}

/** Text of an HTML fragment. DOMParser builds an inert document: nothing in it runs or loads. */
export function htmlToText(html: string): string {
  if (typeof DOMParser === 'undefined')
    return html
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

/** Long texts are cut in the list (the member opens the edit form for the rest). */
export const SHOWN_TEXT_MAX_CHARS = 240;

export function truncate(text: string, max = SHOWN_TEXT_MAX_CHARS): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** 'YYYY-MM-DD' is a calendar day: read it in local time (new Date('2024-03-05') is UTC midnight). */
export function localDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}
