// Reading an import file, on a worker thread (server/src/workers): detecting its format, parsing it
// (bytes in, rows out: formats/*), then turning each row into a log's fields in the car's units and
// limits, with its fingerprint. Everything here is CPU work on the member's bytes (an SQLite backup,
// a 20,000-row CSV, rich notes to sanitise), so none of it runs on the event loop; what needs the
// database (settings keys, the stored logs, the odometer order) stays in imports-service.ts.
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
import type { Car, CarLog } from '../../../src/contract/garage';
import type { ImportFormat, ImportOverrides } from '../../../src/contract/imports';
import { distanceUnitOf, fromKm, toKm } from '../../../src/contract/maintenance/units';
import { richTextLength, sanitizeRichText } from '../http/rich-text';
import { Refusal } from '../workers/worker-protocol';
import { decodeText } from './csv';
import { fingerprintOf } from './fingerprint';
import type { DraftLog, Parsed } from './formats/common';
import { detectFormat, isSqlite, PARSERS } from './formats';

/** `<p>…</p>` paragraphs of escaped text, as `notesHtml` writes them. */
const PLAIN_PARAGRAPHS = /^(?:<p>(?:[^<>&]|&(?:amp|lt|gt|quot);)*<\/p>)+$/;

export type Fields = Omit<CarLog, 'id' | 'media' | 'createdAt' | 'updatedAt'>;

export interface ReadInput {
  bytes: Uint8Array;
  filename: string;
  overrides: ImportOverrides;
  car: Pick<Car, 'id' | 'mileageUnit'>;
  /** The currency of rows that name none. */
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
  /** Rows that cannot become logs, with the reason. */
  errors: { row: number; message: string }[];
  candidates: ReadRow[];
}

/** A draft in the car's units and limits, or the reason it cannot be stored. */
function toFields(
  draft: DraftLog,
  car: ReadInput['car'],
  fileDistance: 'km' | 'mi',
  currency: string,
): Fields {
  const carDistance = distanceUnitOf(car.mileageUnit);
  const mileage =
    draft.mileage === null
      ? null
      : Math.round(
          fileDistance === carDistance
            ? draft.mileage
            : fromKm(toKm(draft.mileage, fileDistance), carDistance),
        );
  if (mileage !== null && mileage > MILEAGE_MAX)
    throw new Error(`the odometer ${mileage} is above ${MILEAGE_MAX}`);
  const cost = draft.cost === null ? null : Math.round(draft.cost * 100) / 100;
  if (cost !== null && cost > CAR_LOG_COST_MAX)
    throw new Error(`the cost ${cost} is above ${CAR_LOG_COST_MAX}`);
  const title = draft.title.trim().slice(0, CAR_LOG_TITLE_MAX);
  if (title === '') throw new Error('the title is missing');
  if (draft.fuel && !(draft.fuel.quantity > 0 && draft.fuel.quantity <= 100_000))
    throw new Error(`the quantity ${draft.fuel.quantity} is not between 0 and 100000`);
  let content: string | null = draft.content;
  // Notes the parsers built from plain text (escaped paragraphs) are what the sanitiser would
  // answer already: measured only (sanitising 10,000 rows costs seconds).
  if (content !== null && !PLAIN_PARAGRAPHS.test(content)) {
    const clean = sanitizeRichText(content);
    if (clean.textLength > CAR_LOG_CONTENT_MAX_TEXT)
      throw new Error(`the notes are longer than ${CAR_LOG_CONTENT_MAX_TEXT} characters`);
    content = clean.html;
  } else if (content !== null && richTextLength(content) > CAR_LOG_CONTENT_MAX_TEXT)
    throw new Error(`the notes are longer than ${CAR_LOG_CONTENT_MAX_TEXT} characters`);
  const tags = [...new Set(draft.tags.map((t) => t.trim()).filter((t) => t !== ''))]
    .slice(0, CAR_LOG_MAX_TAGS)
    .map((t) => t.slice(0, CAR_LOG_TAG_MAX_LENGTH));
  return {
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

/** The file read into the car's fields; a Refusal when it is in no known format, unreadable or too long. */
export function readImportFile({ bytes: raw, filename, overrides, car, currency }: ReadInput): ReadResult {
  // (A Buffer crosses to a worker as a plain Uint8Array.)
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const text = isSqlite(bytes) ? null : decodeText(bytes);
  const format = overrides.format ?? detectFormat(bytes, text);
  if (!format)
    throw new Refusal(
      400,
      'VALIDATION_ERROR',
      'The format of this file is not one Paddock reads: name it with "format".',
      [{ field: 'body.file', message: 'is not in a known format' }],
    );
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
      'VALIDATION_ERROR',
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
  const errors: ReadResult['errors'] = [];
  const candidates: ReadRow[] = [];
  for (const parsedRow of parsed.rows) {
    if (parsedRow.error !== undefined || !parsedRow.log) {
      errors.push({ row: parsedRow.row, message: parsedRow.error ?? 'unreadable' });
      continue;
    }
    try {
      const fields = toFields(parsedRow.log, car, parsed.distanceUnit, currency);
      candidates.push({ row: parsedRow.row, fields, fingerprint: fingerprintOf(fields) });
    } catch (error) {
      errors.push({ row: parsedRow.row, message: error instanceof Error ? error.message : 'invalid' });
    }
  }
  return {
    format,
    rows: parsed.rows.length,
    distanceUnit: parsed.distanceUnit,
    volumeUnit: parsed.volumeUnit,
    dateFormat: parsed.dateFormat,
    decimalSeparator: parsed.decimalSeparator,
    errors,
    candidates,
  };
}
