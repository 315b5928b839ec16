// What an outbox entry holds, in a shape the "needs attention" list can show and edit: the JSON
// fields of its body (for a multipart body, the JSON string in the part named 'data') and the
// names of its files. Pure functions: no Dexie, no React. What a kind's fields mean (their labels,
// their order, their settings) is its feature's, registered with its handlers (src/lib/outbox).
import {
  outboxKindContent,
  outboxKindLabel,
  type OutboxBody,
  type OutboxEntry,
  type OutboxKindContent,
  type OutboxPart,
} from '@/lib/outbox';

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

/** What the entry's feature registered for its kind (src/lib/outbox: OutboxKindContent). */
function contentOf(kind: string): OutboxKindContent | undefined {
  return outboxKindContent(kind);
}

/** The label key of a field of an entry of `kind`, from its feature's list; undefined if none. */
export function fieldLabelKey(kind: string, key: string): string | undefined {
  const fields = contentOf(kind)?.fields;
  return fields && Object.hasOwn(fields, key) ? fields[key] : undefined;
}

/**
 * The label keys of the fields a server refused ('body.title', 'title' or 'tags.0' → title's),
 * once each; names the member does not know are left out (never shown raw).
 */
export function refusedFieldKeys(kind: string, names: readonly string[] | undefined): string[] {
  const keys = (names ?? [])
    .map((name) =>
      fieldLabelKey(
        kind,
        name
          .replace(/^body[./]/, '')
          .replace(/^\//, '')
          .split(/[./]/)[0] ?? '',
      ),
    )
    .filter((key): key is string => typeof key === 'string');
  return [...new Set(keys)];
}

/** The fields of an entry of `kind` its feature labels, in its form's order. */
function fieldOrder(kind: string): string[] {
  return Object.keys(contentOf(kind)?.fields ?? {});
}

/**
 * The label key of an entry kind: each feature registers its kinds with their labels alongside
 * their handlers (withKindLabels in src/lib/outbox); a test in src/app checks that every kind has
 * one. An unknown kind (an entry of a newer version) falls back to a generic label.
 */
export const KIND_OTHER_KEY = 'SYNC.KIND_OTHER';

/**
 * A write refused because the member lost access to what it belongs to (a car no longer shared
 * with them, or their role lowered meanwhile), as its feature tells from the answer's status. Its
 * reason says so; the entry stays until the member decides.
 */
export function accessLost(entry: { kind: string; lastStatus?: number | undefined }): boolean {
  return contentOf(entry.kind)?.accessLost?.(entry.lastStatus) ?? false;
}

/** What a write refused for lost access may be kept as (a copy on one of the member's own). */
export function copyOf(kind: string): OutboxKindContent['copy'] {
  return contentOf(kind)?.copy;
}

export type DeletedElsewhere = NonNullable<OutboxKindContent['deletedElsewhere']>;

/**
 * A refused edit whose row no longer exists on the server (deleted on another device): what its
 * feature lets the member do about it, or null for any other entry.
 */
export function deletedElsewhere(entry: OutboxEntry): DeletedElsewhere | null {
  if (entry.status !== 'failed' || entry.lastStatus !== 404 || !entry.entityId) return null;
  return contentOf(entry.kind)?.deletedElsewhere ?? null;
}

export function kindLabelKey(kind: string): string {
  return outboxKindLabel(kind) ?? KIND_OTHER_KEY;
}

/** The settings domain of a field whose value is a settings key (spec §3/§8), else null. */
export function settingsDomainOf(key: string, kind: string): string | null {
  const settings = contentOf(kind)?.settings;
  return settings && Object.hasOwn(settings, key) ? (settings[key] ?? null) : null;
}

/** The label key of a field's value from a fixed list its feature names (a paper's kind), else null. */
export function valueLabelKey(key: string, value: string, kind: string): string | null {
  const labels = contentOf(kind)?.values;
  const ofField = labels && Object.hasOwn(labels, key) ? labels[key] : undefined;
  return ofField && Object.hasOwn(ofField, value) ? (ofField[value] ?? null) : null;
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
export function shownFields(json: JsonObject | null, kind: string): Array<{ key: string; value: unknown }> {
  if (!json) return [];
  const order = fieldOrder(kind);
  const keys = Object.keys(json).filter((key) => !isIdField(key) && isShowable(json[key]));
  const known = order.filter((key) => keys.includes(key));
  const others = keys.filter((key) => !order.includes(key));
  return [...known, ...others].map((key) => ({ key, value: json[key] }));
}

/** Words that name the entry: its feature's (a car's make and model), else its title or name. */
export function summaryOf(json: JsonObject | null, kind: string): string | undefined {
  if (!json) return undefined;
  const text = (key: string) => (typeof json[key] === 'string' ? (json[key] as string).trim() : '');
  return contentOf(kind)?.summary?.(json) || text('title') || text('name') || undefined;
}

export type EditableField = { key: string; type: 'string' | 'number'; value: string };

/** The scalar fields the inline form edits: strings and numbers, not ids, not rich text. */
export function editableFields(json: JsonObject | null, kind: string): EditableField[] {
  if (!json) return [];
  const order = fieldOrder(kind);
  const keys = Object.keys(json).filter((key) => !isIdField(key));
  const ordered = [...order.filter((k) => keys.includes(k)), ...keys.filter((k) => !order.includes(k))];
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
