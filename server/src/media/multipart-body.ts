import type { FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { AppError, badRequest } from '../http/errors';
import { inputProblem } from '../http/input-guard';
import { MAX_FILE_BYTES, tooLarge } from './media-processing';

// Names that would reach an object's prototype rather than a field.
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

/** Options for @fastify/multipart: the per-file limit, and bounds on every other part. */
export const multipartOptions = {
  limits: { fileSize: MAX_FILE_BYTES, fields: 40, fieldSize: 200_000, parts: 60 },
};

function asAppError(error: unknown, tooMany?: () => AppError): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT' && tooMany) return tooMany();
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return tooLarge(`A file is too large: at most ${MAX_FILE_BYTES / 1024 / 1024} MiB each.`);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return tooLarge('Too many files or fields in this upload.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send this upload as multipart/form-data.');
  return error;
}

function typesOf(schema: unknown): string[] {
  const s = (schema ?? {}) as { type?: string | string[]; anyOf?: unknown[] };
  if (Array.isArray(s.type)) return s.type;
  if (typeof s.type === 'string') return [s.type];
  return (s.anyOf ?? []).flatMap(typesOf);
}

/**
 * A number written in a form field: a plain decimal (`-12`, `3.5`), nothing else. `Number()` alone
 * would read "Infinity", "1e400" (Infinity), "0x1F", " 12 " and "" as numbers.
 */
const PLAIN_DECIMAL = /^-?\d{1,16}(\.\d{1,16})?$/;

export function plainDecimal(text: string): number | null {
  if (!PLAIN_DECIMAL.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * Form fields are text: numbers and booleans are read back where the schema wants them. A field
 * whose schema is a number (and not also text) that is not a plain decimal is refused by name; the
 * schema's range is then checked with the rest.
 */
function coerce(schema: TSchema, raw: Record<string, unknown>): Record<string, unknown> {
  const properties = (schema as { properties?: Record<string, unknown> }).properties ?? {};
  const out: Record<string, unknown> = { ...raw };
  for (const [key, value] of Object.entries(raw)) {
    const types = typesOf(properties[key]);
    if (types.includes('array') && !Array.isArray(value)) out[key] = value === null ? [] : [value];
    if (typeof value !== 'string') continue;
    if (types.includes('integer') || types.includes('number')) {
      const number = plainDecimal(value);
      if (number !== null) out[key] = number;
      else if (!types.includes('string'))
        throw badRequest(`The field "${key}" must be a plain decimal number.`, [
          { field: `body.${key}`, message: 'must be a finite decimal number, like 1234 or 56.78' },
        ]);
    } else if (types.includes('boolean') && (value === 'true' || value === 'false'))
      out[key] = value === 'true';
  }
  return out;
}

/**
 * Reads an upload: entity fields as form fields or one `data` JSON field, files under `fileField`
 * (or any of several names, kept in the order sent; at most `maxFiles`: past it, `tooMany`'s error
 * when given, else 413). Fields are checked against `schema` as the JSON routes check their body.
 */
export async function readMultipart<S extends TSchema>(
  request: FastifyRequest,
  schema: S,
  fileField: string | readonly string[],
  maxFiles: number,
  tooMany?: () => AppError,
): Promise<{ fields: unknown; files: UploadedFile[] }> {
  const fileFields: readonly string[] = typeof fileField === 'string' ? [fileField] : fileField;
  const raw: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({ limits: { files: maxFiles } })) {
      if (part.type === 'file') {
        if (!fileFields.includes(part.fieldname)) {
          await part.toBuffer();
          throw badRequest(
            `Unexpected file field "${part.fieldname}": send files as "${fileFields.join('" or "')}".`,
          );
        }
        // A file name is the member's text like any field: control characters (NUL among them)
        // are dropped rather than stored (docs/SECURITY-CHECKS.md "Stored values").
        // eslint-disable-next-line no-control-regex
        const filename = (part.filename ?? '').replace(/[\u0000-\u001f\u007f]/g, '');
        files.push({ filename, bytes: await part.toBuffer() });
      } else if (part.fieldname === 'data') {
        try {
          const data: unknown = JSON.parse(String(part.value));
          if (typeof data !== 'object' || data === null || Array.isArray(data) || inputProblem(data))
            throw new Error('not an object, nested too deeply, or holding a NUL');
          for (const [k, v] of Object.entries(data)) if (!UNSAFE_KEYS.has(k)) raw[k] = v;
        } catch {
          throw badRequest('The "data" field must be a JSON object.', [
            { field: 'body.data', message: 'must be a JSON object' },
          ]);
        }
      } else if (!UNSAFE_KEYS.has(part.fieldname)) {
        if (inputProblem(part.value))
          throw badRequest('Text cannot contain the NUL character.', [
            { field: `body.${part.fieldname}`, message: 'must not contain the NUL character' },
          ]);
        const value = part.value === '' ? null : part.value;
        const seen = raw[part.fieldname];
        // A repeated field (tags=a&tags=b) is a list.
        raw[part.fieldname] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
      }
    }
  } catch (error) {
    throw asAppError(error, tooMany);
  }
  const value = Value.Default(schema, Value.Clean(schema, coerce(schema, raw)));
  if (!Value.Check(schema, value)) {
    const fields = Value.Errors(schema, value).map((e) => ({
      field: ['body', e.instancePath.replace(/^\//, '').replace(/\//g, '.')].filter(Boolean).join('.'),
      message: e.message,
    }));
    throw badRequest('Some fields are missing or invalid.', fields);
  }
  return { fields: value, files };
}

/** A replacement upload without its file: 400 naming the field. */
export function requireImage(files: UploadedFile[], field = 'image'): void {
  if (files.length === 0)
    throw badRequest(`Send the new image as "${field}".`, [
      { field: `body.${field}`, message: 'is required' },
    ]);
}
