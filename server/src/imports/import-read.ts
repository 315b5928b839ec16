// Reading an import file, on a worker thread (server/src/workers): decoding its text, detecting its
// format, parsing it (bytes in, rows out: formats/*), then turning each row into a log's fields in
// the car's units and limits (with the member's odometer corrections), with its fingerprint, and
// each refused row into its problem for the preview. Everything here is CPU work on the member's
// bytes (an SQLite backup, a 20,000-row CSV, rich notes to sanitise), so none of it runs on the
// event loop; what needs the database (settings keys, the stored logs, the odometer order) stays in
// imports-service.ts. Nothing here may load the HTTP layer: refusals are Refusals (plain data).
import {
  CAR_LOG_CONTENT_MAX_TEXT,
  CAR_LOG_COST_MAX,
  CAR_LOG_LOCATION_MAX,
  CAR_LOG_MAX_TAGS,
  CAR_LOG_TAG_MAX_LENGTH,
  CAR_LOG_TITLE_MAX,
  IMPORT_MAX_ROWS,
  MILEAGE_MAX,
} from '../../../src/contract/constants';
import { CarLog, type Car } from '../../../src/contract/garage';
import { emptyLogFields, LOG_FIELDS } from '../../../src/contract/fields';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { ImportFormat, ImportOverrides, ImportProblem } from '../../../src/contract/imports';
import { distanceUnitOf, fromKm, toKm } from '../../../src/contract/maintenance/units';
import { sanitizeRichText } from '../http/rich-text';
import { Refusal } from '../workers/worker-protocol';
import { cleanText, decodeText, FileDecodeError } from './csv';
import { fingerprintOf } from './fingerprint';
import { problemAction, RowError, type DraftLog, type Parsed, type RowProblem } from './formats/common';
import { detectFormat, isSqlite, PARSERS, UNKNOWN_FORMAT_MESSAGE } from './formats';
import { isImportableDate } from './values';

/** `<p>…</p>` paragraphs of escaped text, as `notesHtml` writes them. */
const PLAIN_PARAGRAPHS = /^(?:<p>(?:[^<>&]|&(?:amp|lt|gt|quot);)*<\/p>)+$/;

/**
 * The text length of PLAIN_PARAGRAPHS as richTextLength counts it (tags dropped, each entity one
 * character), without running the sanitiser.
 */
export const plainParagraphsLength = (html: string): number =>
  html.replace(/<\/?p>/g, '').replace(/&(?:amp|lt|gt|quot);/g, 'x').length;

export type Fields = Omit<CarLog, 'id' | 'media' | 'createdAt' | 'updatedAt'>;

export interface ReadInput {
  bytes: Uint8Array;
  filename: string;
  overrides: ImportOverrides;
  car: Pick<Car, 'id' | 'mileageUnit'>;
  /** The currency when neither the member nor the file names one (the car's latest log's, else EUR). */
  currency: string;
}

export interface ReadRow {
  row: number;
  fields: Fields;
  fingerprint: string;
}

export interface ReadResult {
  format: ImportFormat;
  /** Data rows read from the file. */
  rows: number;
  distanceUnit: Parsed['distanceUnit'];
  volumeUnit: Parsed['volumeUnit'];
  dateFormat: Parsed['dateFormat'];
  decimalSeparator: Parsed['decimalSeparator'];
  /** The costs' currency: the member's choice, else the file's, else the fallback given. */
  currencyCode: string;
  /** Rows that cannot become logs, with the reason. */
  errors: { row: number; message: string }[];
  /** The same rows (and the fills the app itself marked invalid) as the preview's problems. */
  problems: ImportProblem[];
  /** Fills the app itself marked invalid: left out, said so, never an error. */
  leftOut: number;
  candidates: ReadRow[];
}

/** A row error as the preview's problem (the parser's code, else a plain invalid value). */
const problemOf = (error: unknown): RowProblem =>
  error instanceof RowError
    ? { code: error.code, params: error.params }
    : { code: 'invalid-value', params: {} };

const notesTooLong = () =>
  new RowError(`the notes are longer than ${CAR_LOG_CONTENT_MAX_TEXT} characters`, 'out-of-range', {
    field: 'notes',
    max: CAR_LOG_CONTENT_MAX_TEXT,
  });

/** A draft in the car's units and limits, or the reason (a RowError) it cannot be stored. */
export function toFields(
  draft: DraftLog,
  car: ReadInput['car'],
  fileDistance: 'km' | 'mi',
  currency: string,
): Fields {
  const carDistance = distanceUnitOf(car.mileageUnit);
  // Every format's last gate: a real day, finite figures in range, text without control characters.
  if (!isImportableDate(draft.startDate))
    throw new RowError(`the date "${draft.startDate}" is not a real day`, 'unreadable-date', {
      value: draft.startDate.slice(0, 40),
    });
  for (const [field, value] of [
    ['odometer', draft.mileage],
    ['cost', draft.cost],
    ['quantity', draft.fuel?.quantity ?? null],
    ['price', draft.fuel?.pricePerUnit ?? null],
  ] as const)
    if (value !== null && !(Number.isFinite(value) && value >= 0))
      throw new RowError(`the ${field} is not a number`, 'unreadable-number', {
        field,
        value: String(value),
      });
  draft = {
    ...draft,
    title: cleanText(draft.title),
    location: draft.location === null ? null : cleanText(draft.location),
    content: draft.content === null ? null : cleanText(draft.content),
    tags: draft.tags.map(cleanText),
  };
  const mileage =
    draft.mileage === null
      ? null
      : Math.round(
          fileDistance === carDistance
            ? draft.mileage
            : fromKm(toKm(draft.mileage, fileDistance), carDistance),
        );
  if (mileage !== null && mileage > MILEAGE_MAX)
    throw new RowError(`the odometer ${mileage} is above ${MILEAGE_MAX}`, 'out-of-range', {
      field: 'odometer',
      value: mileage,
      max: MILEAGE_MAX,
    });
  const cost = draft.cost === null ? null : Math.round(draft.cost * 100) / 100;
  if (cost !== null && cost > CAR_LOG_COST_MAX)
    throw new RowError(`the cost ${cost} is above ${CAR_LOG_COST_MAX}`, 'out-of-range', {
      field: 'cost',
      value: cost,
      max: CAR_LOG_COST_MAX,
    });
  const title = draft.title.trim().slice(0, CAR_LOG_TITLE_MAX);
  if (title === '') throw new RowError('the title is missing', 'missing-value', { field: 'title' });
  if (draft.fuel && !(draft.fuel.quantity > 0 && draft.fuel.quantity <= 100_000))
    throw new RowError(`the quantity ${draft.fuel.quantity} is not between 0 and 100000`, 'out-of-range', {
      field: 'quantity',
      value: draft.fuel.quantity,
      max: 100_000,
    });
  if (draft.fuel?.pricePerUnit != null && draft.fuel.pricePerUnit > 1_000_000)
    throw new RowError(`the price ${draft.fuel.pricePerUnit} is above 1000000`, 'out-of-range', {
      field: 'price',
      value: draft.fuel.pricePerUnit,
      max: 1_000_000,
    });
  let content: string | null = draft.content;
  // Notes the parsers built from plain text (escaped paragraphs) are what the sanitiser would
  // answer already: measured only, without the sanitiser (running it on 20,000 rows costs seconds).
  if (content !== null && !PLAIN_PARAGRAPHS.test(content)) {
    const clean = sanitizeRichText(content);
    if (clean.textLength > CAR_LOG_CONTENT_MAX_TEXT) throw notesTooLong();
    content = clean.html;
  } else if (content !== null && plainParagraphsLength(content) > CAR_LOG_CONTENT_MAX_TEXT)
    throw notesTooLong();
  const tags = [...new Set(draft.tags.map((t) => t.trim()).filter((t) => t !== ''))]
    .slice(0, CAR_LOG_MAX_TAGS)
    .map((t) => t.slice(0, CAR_LOG_TAG_MAX_LENGTH));
  return {
    // Fields the formats do not carry start empty (a field new to the contract too).
    ...emptyLogFields(),
    ...plainFieldsOf(draft.plain),
    carId: car.id,
    type: draft.type,
    title,
    content,
    location: draft.location ? draft.location.trim().slice(0, CAR_LOG_LOCATION_MAX) || null : null,
    tags,
    cost,
    currencyCode: cost === null && !draft.currencyCode ? null : (draft.currencyCode ?? currency),
    startDate: draft.startDate,
    mileage,
    // (The contract's FuelFill types its unit as never: a union built from a mapped array.)
    ...(draft.fuel
      ? {
          fuel: { ...draft.fuel, pricePerUnit: draft.fuel.pricePerUnit ?? null } as NonNullable<
            Fields['fuel']
          >,
        }
      : {}),
  };
}

/**
 * A format's plain fields (Paddock's CSV carries every field of the contract), typed as the
 * stored log's schema says and checked by it: a cell that does not fit is the row's error.
 */
function plainFieldsOf(plain: DraftLog['plain']): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const properties = CarLog.properties as Record<string, TSchema>;
  for (const [field, text] of Object.entries(plain ?? {})) {
    const schema = properties[field];
    if (!schema || !(LOG_FIELDS as readonly string[]).includes(field)) continue;
    const types = [(schema as { type?: unknown }).type].flat();
    let value: unknown = text === null ? null : cleanText(text);
    if (typeof value === 'string' && !types.includes('string')) {
      if (types.includes('boolean') && (value === 'true' || value === 'false')) value = value === 'true';
      else if (types.includes('number') || types.includes('integer')) value = Number(value);
    }
    if (!Value.Check(schema, value))
      throw new RowError(`the ${field} "${text}" is not valid`, 'invalid-value', {
        field,
        value: String(text),
      });
    fields[field] = value;
  }
  return fields;
}

/** The member's odometer corrections by row (`{"12": 216900}`), in the file's unit. */
export function fixesOf(text: string | undefined): Map<number, number> {
  const fixes = new Map<number, number>();
  if (!text) return fixes;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new Refusal(400, 'VALIDATION_ERROR', 'Some fields are missing or invalid.', [
      { field: 'body.odometerFixes', message: 'must be a JSON object of readings by row' },
    ]);
  for (const [row, mileage] of Object.entries(value)) {
    if (!/^\d{1,9}$/.test(row) || typeof mileage !== 'number' || !Number.isFinite(mileage) || mileage < 0)
      throw new Refusal(400, 'VALIDATION_ERROR', 'Some fields are missing or invalid.', [
        { field: 'body.odometerFixes', message: 'each row must map to a reading of 0 or more' },
      ]);
    fixes.set(Number(row), mileage);
  }
  return fixes;
}

/**
 * Files members pick instead of the CSV export: a spreadsheet saved as .xlsx/.ods (a zip, like an
 * app's zipped backup), an old .xls, a PDF. Their bytes would decode as Windows-1252 noise.
 */
const BINARY_KINDS: [string, Buffer][] = [
  ['a spreadsheet or archive (zip)', Buffer.from('PK\x03\x04', 'latin1')],
  ['an Excel 97–2003 spreadsheet', Buffer.from([0xd0, 0xcf, 0x11, 0xe0])],
  ['a PDF', Buffer.from('%PDF-', 'latin1')],
  ['a gzip archive', Buffer.from([0x1f, 0x8b])],
];

const notText = (what: string) =>
  new Refusal(
    400,
    'IMPORT_FILE_NOT_TEXT',
    `This file is not text Paddock can read: ${what}. Export it again from its app as CSV and send that file.`,
    [{ field: 'body.file', message: 'is not readable text (UTF-8, UTF-16 or Windows-1252)' }],
  );

/** The file's text (null for a database file); a binary or undecodable file is a clear 400. */
function textOf(bytes: Buffer): string | null {
  if (isSqlite(bytes)) return null;
  const binary = BINARY_KINDS.find(([, magic]) => bytes.subarray(0, magic.length).equals(magic));
  if (binary) throw notText(`it is ${binary[0]}`);
  try {
    return decodeText(bytes);
  } catch (error) {
    if (!(error instanceof FileDecodeError)) throw error;
    throw notText(error.message);
  }
}

/**
 * The file read into the car's fields and the preview's problems; a Refusal when the corrections
 * are malformed, or the file is undecodable, in no known format, unreadable as its format or too long.
 */
export function readImportFile({
  bytes: raw,
  filename,
  overrides,
  car,
  currency: fallback,
}: ReadInput): ReadResult {
  // (A Buffer crosses to a worker as a plain Uint8Array.)
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const fixes = fixesOf(overrides.odometerFixes);
  const text = textOf(bytes);
  const format = overrides.format ?? detectFormat(bytes, text, filename);
  if (!format)
    throw new Refusal(400, 'IMPORT_FORMAT_UNKNOWN', UNKNOWN_FORMAT_MESSAGE, [
      { field: 'body.file', message: 'is not in a known format' },
    ]);
  let parsed: Parsed;
  try {
    parsed = PARSERS[format]({
      bytes,
      text,
      filename,
      overrides,
      carDistance: distanceUnitOf(car.mileageUnit),
    });
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(
      400,
      'IMPORT_FILE_UNREADABLE',
      `This file cannot be read as ${format}: ${error instanceof Error ? error.message : 'unreadable'}.`,
      [{ field: 'body.file', message: `is not a ${format} file` }],
    );
  }
  if (parsed.rows.length > IMPORT_MAX_ROWS)
    throw new Refusal(
      413,
      'IMPORT_TOO_MANY_ROWS',
      `This file has ${parsed.rows.length} rows: an import reads at most ${IMPORT_MAX_ROWS}. Split it into smaller files.`,
      [{ field: 'body.file', message: `must have at most ${IMPORT_MAX_ROWS} rows` }],
    );
  // The costs' currency: the member's choice, else the file's (a column or the amounts' sign), else
  // the fallback (the car's latest log's, else euros).
  const currency = overrides.currencyCode ?? parsed.currencyCode ?? fallback;

  const errors: ReadResult['errors'] = [];
  const problems: ImportProblem[] = [];
  const refuse = (row: number, message: string, problem: RowProblem) => {
    errors.push({ row, message });
    problems.push({ row, ...problem, action: problemAction(problem.code) });
  };
  const candidates: ReadRow[] = [];
  let leftOut = 0;
  // A file of several vehicles (aCar and Fuelly export every vehicle in one file): the rows of the
  // vehicle with the most rows are this car's; the others are left out, each said so, never mixed
  // into this car's history (their odometers and fills would corrupt its economy).
  const perVehicle = new Map<string, number>();
  for (const r of parsed.rows)
    if (r.vehicle !== undefined) perVehicle.set(r.vehicle, (perVehicle.get(r.vehicle) ?? 0) + 1);
  const kept = perVehicle.size > 1 ? [...perVehicle].sort((a, b) => b[1] - a[1])[0]![0] : null;
  for (const parsedRow of parsed.rows) {
    if (kept !== null && parsedRow.vehicle !== kept) {
      problems.push({
        row: parsedRow.row,
        code: 'other-vehicle',
        action: 'skip',
        params: { vehicle: (parsedRow.vehicle ?? '').slice(0, 80), kept: kept.slice(0, 80) },
      });
      leftOut++;
      continue;
    }
    if (parsedRow.problem?.code === 'invalid-fill' && parsedRow.problem.params.reason === 'marked-invalid') {
      problems.push({ row: parsedRow.row, ...parsedRow.problem, action: 'skip' });
      leftOut++;
      continue;
    }
    if (parsedRow.error !== undefined || !parsedRow.log) {
      refuse(
        parsedRow.row,
        parsedRow.error ?? 'unreadable',
        parsedRow.problem ?? { code: 'invalid-value', params: {} },
      );
      continue;
    }
    try {
      const fix = fixes.get(parsedRow.row);
      const draft = {
        ...parsedRow.log,
        ...(fix !== undefined ? { mileage: fix } : {}),
        // The member's currency over the file's when they name one.
        ...(overrides.currencyCode ? { currencyCode: overrides.currencyCode } : {}),
      };
      const fields = toFields(draft, car, parsed.distanceUnit, currency);
      candidates.push({ row: parsedRow.row, fields, fingerprint: fingerprintOf(fields) });
    } catch (error) {
      refuse(parsedRow.row, error instanceof Error ? error.message : 'invalid', problemOf(error));
    }
  }
  return {
    format,
    rows: parsed.rows.length,
    distanceUnit: parsed.distanceUnit,
    volumeUnit: parsed.volumeUnit,
    dateFormat: parsed.dateFormat,
    decimalSeparator: parsed.decimalSeparator,
    currencyCode: currency,
    errors,
    problems,
    leftOut,
    candidates,
  };
}
