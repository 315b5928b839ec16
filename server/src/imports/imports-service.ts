// Imports of a car's history from other trackers' files, and CSV exports (issue 17). An import reads
// the file (format detected or given), turns its rows into logs in the car's units, checks each with
// the garage's rules (settings keys, odometer order and jumps, limits), leaves out the rows already
// stored (by fingerprint), then writes every remaining row in one transaction, or none.
import { randomUUID } from 'node:crypto';
import {
  CAR_LOG_CONTENT_MAX_TEXT,
  CAR_LOG_COST_MAX,
  CAR_LOG_LOCATION_MAX,
  CAR_LOG_MAX_TAGS,
  CAR_LOG_TAG_MAX_LENGTH,
  CAR_LOG_TITLE_MAX,
  MILEAGE_MAX,
} from '../../../src/contract/constants';
import type { Car, CarLog } from '../../../src/contract/garage';
import {
  IMPORT_MAX_ERRORS,
  IMPORT_PREVIEW_ROWS,
  type ExportQuery,
  type ImportFormat,
  type ImportOverrides,
  type ImportPreviewRow,
  type ImportProblem,
  type ImportQuery,
  type ImportResult,
} from '../../../src/contract/imports';
import { checkOdometer, type OdometerReading } from '../../../src/contract/maintenance';
import { distanceUnitOf, fromKm, toKm } from '../../../src/contract/maintenance/units';
import { AppError, badRequest, notFound } from '../http/errors';
import type { CarsRepository } from '../garage/cars-repository';
import { odometerError } from '../garage/car-logs-service';
import type { GarageNotify } from '../garage/garage-events';
import { cleanRichText } from '../garage/garage-input';
import { richTextLength } from '../http/rich-text';
import { cleanText, decodeText, FileDecodeError } from './csv';
import { lubeLoggerCsv, paddockCsv } from './export-csv';
import { fingerprintOf } from './fingerprint';
import { RowError, type DraftLog, type Parsed, type RowProblem } from './formats/common';
import { detectFormat, isSqlite, PARSERS, UNKNOWN_FORMAT_MESSAGE } from './formats';
import { isImportableDate } from './values';
import type { ImportsRepository } from './imports-repository';

interface Deps {
  cars: CarsRepository;
  imports: ImportsRepository;
  settings: { has(domainId: string, key: string): Promise<boolean> };
  notify: GarageNotify;
  /** After an import wrote logs: the car's reminders may change state (issue 16). */
  historyChanged?: (memberId: string, carIds: string[]) => Promise<void>;
  now?: () => Date;
}

export interface ImportFile {
  filename: string;
  bytes: Buffer;
}

/** `<p>…</p>` paragraphs of escaped text, as `notesHtml` writes them. */
const PLAIN_PARAGRAPHS = /^(?:<p>(?:[^<>&]|&(?:amp|lt|gt|quot);)*<\/p>)+$/;

type Fields = Omit<CarLog, 'id' | 'media' | 'createdAt' | 'updatedAt'>;

interface Candidate {
  row: number;
  fields: Fields;
  fingerprint: string;
  duplicate: boolean;
}

/** Sorted readings, checked against their neighbouring days only (the set is kept in order). */
class Readings {
  private readonly list: OdometerReading[];
  constructor(readings: OdometerReading[]) {
    this.list = [...readings].sort((a, b) =>
      a.date < b.date ? -1 : a.date > b.date ? 1 : a.mileage - b.mileage,
    );
  }

  private firstAtOrAfter(date: string, strict: boolean): number {
    let lo = 0;
    let hi = this.list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const d = this.list[mid]!.date;
      if (d < date || (strict && d === date)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The readings of the day before (the latest earlier day), the same day and the day after. */
  neighbours(date: string): { readings: OdometerReading[]; insertAt: number } {
    const lo = this.firstAtOrAfter(date, false);
    const hi = this.firstAtOrAfter(date, true);
    let from = lo;
    if (lo > 0) {
      const before = this.list[lo - 1]!.date;
      from = this.firstAtOrAfter(before, false);
    }
    let to = hi;
    if (hi < this.list.length) to = this.firstAtOrAfter(this.list[hi]!.date, true);
    return { readings: this.list.slice(from, to), insertAt: hi };
  }

  add(reading: OdometerReading, at: number) {
    this.list.splice(at, 0, reading);
  }
}

export function importsService({
  cars,
  imports,
  settings,
  notify,
  historyChanged = async () => undefined,
  now = () => new Date(),
}: Deps) {
  async function ownCar(memberId: string, carId: string): Promise<Car> {
    const car = await cars.findById(carId);
    if (!car || car.ownerId !== memberId) throw notFound('Car');
    return car;
  }

  /** A draft in the car's units and limits, or the reason it cannot be stored. */
  function toFields(draft: DraftLog, car: Car, fileDistance: 'km' | 'mi', currency: string): Fields {
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
    let content: string | null;
    try {
      // Notes the parsers built from plain text (escaped paragraphs) are what the sanitiser would
      // answer already: measured only (sanitising 10,000 rows costs seconds).
      if (draft.content !== null && PLAIN_PARAGRAPHS.test(draft.content)) {
        content = draft.content;
        if (richTextLength(content) > CAR_LOG_CONTENT_MAX_TEXT) throw new Error('too long');
      } else content = cleanRichText('content', draft.content, CAR_LOG_CONTENT_MAX_TEXT);
    } catch {
      throw new RowError(`the notes are longer than ${CAR_LOG_CONTENT_MAX_TEXT} characters`, 'out-of-range', {
        field: 'notes',
        max: CAR_LOG_CONTENT_MAX_TEXT,
      });
    }
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

  /** Each distinct key checked once against its settings domain. */
  async function knownKeys(domain: 'carLogType' | 'currencyCode', keys: Iterable<string>) {
    const known = new Set<string>();
    for (const key of new Set(keys)) if (await settings.has(domain, key)) known.add(key);
    return known;
  }

  /** The file's text (null for a database file); an undecodable file is a clear 400. */
  function textOf(file: ImportFile): string | null {
    if (isSqlite(file.bytes)) return null;
    try {
      return decodeText(file.bytes);
    } catch (error) {
      if (!(error instanceof FileDecodeError)) throw error;
      throw badRequest(`This file cannot be read as text: ${error.message}.`, [
        { field: 'body.file', message: 'is not readable text (UTF-8, UTF-16 or Windows-1252)' },
      ]);
    }
  }

  function parse(
    format: ImportFormat,
    file: ImportFile,
    text: string | null,
    overrides: ImportOverrides,
    car: Car,
  ): Parsed {
    try {
      return PARSERS[format]({
        bytes: file.bytes,
        text,
        filename: file.filename,
        overrides,
        carDistance: distanceUnitOf(car.mileageUnit),
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw badRequest(
        `This file cannot be read as ${format}: ${error instanceof Error ? error.message : 'unreadable'}.`,
        [{ field: 'body.file', message: `is not a ${format} file` }],
      );
    }
  }

  /** The member's odometer corrections by row (`{"12": 216900}`), in the file's unit. */
  function fixesOf(text: string | undefined): Map<number, number> {
    const fixes = new Map<number, number>();
    if (!text) return fixes;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = null;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      throw badRequest('Some fields are missing or invalid.', [
        { field: 'body.odometerFixes', message: 'must be a JSON object of readings by row' },
      ]);
    for (const [row, mileage] of Object.entries(value)) {
      if (!/^\d{1,9}$/.test(row) || typeof mileage !== 'number' || !Number.isFinite(mileage) || mileage < 0)
        throw badRequest('Some fields are missing or invalid.', [
          { field: 'body.odometerFixes', message: 'each row must map to a reading of 0 or more' },
        ]);
      fixes.set(Number(row), mileage);
    }
    return fixes;
  }

  /** A row error as the preview's problem (the parser's code, else a plain invalid value). */
  const problemOf = (error: unknown): RowProblem =>
    error instanceof RowError
      ? { code: error.code, params: error.params }
      : { code: 'invalid-value', params: {} };

  return {
    async run(
      memberId: string,
      carId: string,
      file: ImportFile,
      overrides: ImportOverrides,
      { dryRun, onError }: ImportQuery,
    ): Promise<ImportResult> {
      const car = await ownCar(memberId, carId);
      if (overrides.currencyCode && !(await settings.has('currencyCode', overrides.currencyCode)))
        throw badRequest('Some fields are missing or invalid.', [
          { field: 'body.currencyCode', message: 'must be a key of the currencyCode settings' },
        ]);
      const fixes = fixesOf(overrides.odometerFixes);
      const text = textOf(file);
      const format = overrides.format ?? detectFormat(file.bytes, text, file.filename);
      if (!format)
        throw new AppError(400, 'IMPORT_FORMAT_UNKNOWN', UNKNOWN_FORMAT_MESSAGE, [
          { field: 'body.file', message: 'is not in a known format' },
        ]);
      const parsed = parse(format, file, text, overrides, car);
      const stored = await imports.logsOf(car.id);
      // The costs' currency: the member's choice, else the file's (a column or the amounts' sign),
      // else the car's latest log's, else euros.
      const lastCurrency = [...stored].reverse().find((s) => s.log.currencyCode !== null)?.log.currencyCode;
      const fileCurrency = parsed.currencyCode ?? null;
      const currency = overrides.currencyCode ?? fileCurrency ?? lastCurrency ?? 'EUR';

      const errors: { row: number; message: string }[] = [];
      const problems: ImportProblem[] = [];
      const refuse = (row: number, message: string, problem: RowProblem) => {
        errors.push({ row, message });
        problems.push({
          row,
          ...problem,
          action: problem.code === 'odometer-order' || problem.code === 'odometer-jump' ? 'ask' : 'skip',
        });
      };
      const candidates: Candidate[] = [];
      /** Fills the app itself marked invalid: left out, said so, never an error. */
      let leftOut = 0;
      for (const parsedRow of parsed.rows) {
        if (
          parsedRow.problem?.code === 'invalid-fill' &&
          parsedRow.problem.params.reason === 'marked-invalid'
        ) {
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
          candidates.push({
            row: parsedRow.row,
            fields,
            fingerprint: fingerprintOf(fields),
            duplicate: false,
          });
        } catch (error) {
          refuse(parsedRow.row, error instanceof Error ? error.message : 'invalid', problemOf(error));
        }
      }
      const types = await knownKeys(
        'carLogType',
        candidates.map((c) => c.fields.type),
      );
      const currencies = await knownKeys(
        'currencyCode',
        candidates.flatMap((c) => (c.fields.currencyCode ? [c.fields.currencyCode] : [])),
      );

      // Already stored: a fingerprint kept by an earlier import, or a stored log with the same content.
      const storedPrints = new Set<string>();
      for (const s of stored) storedPrints.add(s.fingerprint ?? fingerprintOf(s.log));
      // Rows of this file kept so far, by fingerprint: a row entered twice is kept once.
      const keptRows = new Map<string, number>();
      const readings = new Readings(
        stored.flatMap((s) =>
          s.log.mileage === null ? [] : [{ logId: s.log.id, date: s.log.startDate, mileage: s.log.mileage }],
        ),
      );
      const valid: Candidate[] = [];
      // Date order (then reading): each reading is checked against the earlier ones, as if typed in turn.
      const inOrder = [...candidates].sort(
        (a, b) =>
          (a.fields.startDate < b.fields.startDate ? -1 : a.fields.startDate > b.fields.startDate ? 1 : 0) ||
          (a.fields.mileage ?? 0) - (b.fields.mileage ?? 0) ||
          a.row - b.row,
      );
      /** Dates of fill-ups left out: the next fill's segment lacks their fuel. */
      const droppedFills: string[] = [];
      for (const [i, c] of inOrder.entries()) {
        const { fields } = c;
        if (!types.has(fields.type)) {
          refuse(c.row, `the type "${fields.type}" is not a key of the carLogType settings`, {
            code: 'unknown-type',
            params: { value: fields.type },
          });
          continue;
        }
        if (fields.currencyCode && !currencies.has(fields.currencyCode)) {
          refuse(c.row, `the currency "${fields.currencyCode}" is not a key of the currencyCode settings`, {
            code: 'unknown-currency',
            params: { value: fields.currencyCode },
          });
          continue;
        }
        const firstRow = keptRows.get(c.fingerprint);
        if (firstRow !== undefined) {
          problems.push({ row: c.row, code: 'duplicate-in-file', action: 'keep', params: { firstRow } });
          continue;
        }
        if (storedPrints.has(c.fingerprint)) {
          c.duplicate = true;
          keptRows.set(c.fingerprint, c.row);
          problems.push({
            row: c.row,
            code: 'already-stored',
            action: 'skip',
            params: { date: fields.startDate, mileage: fields.mileage },
          });
          valid.push(c);
          continue;
        }
        if (fields.mileage !== null) {
          const logId = randomUUID();
          const { readings: near, insertAt } = readings.neighbours(fields.startDate);
          const problem = checkOdometer(near, { date: fields.startDate, mileage: fields.mileage });
          if (problem) {
            const { code, message } = odometerError(problem, fields.mileage, car.mileageUnit);
            // The readings around it, to show why it is likely a typo: the latest accepted one
            // before and the file's next one after.
            const before = near.filter((r) => r.date <= fields.startDate).at(-1) ?? null;
            const after = inOrder.slice(i + 1).find((n) => n.fields.mileage !== null) ?? null;
            if (fields.fuel) droppedFills.push(fields.startDate);
            refuse(c.row, `${code}: ${message}`, {
              code: code === 'ODOMETER_JUMP' ? 'odometer-jump' : 'odometer-order',
              params: {
                mileage: fields.mileage,
                unit: car.mileageUnit,
                date: fields.startDate,
                previous: before?.mileage ?? null,
                previousDate: before?.date ?? null,
                next: after?.fields.mileage ?? null,
                nextDate: after?.fields.startDate ?? null,
              },
            });
            continue;
          }
          readings.add({ logId, date: fields.startDate, mileage: fields.mileage }, insertAt);
        }
        keptRows.set(c.fingerprint, c.row);
        valid.push(c);
      }
      // A fill left out (an odometer typo not corrected): the next fill's segment would count its
      // distance without its fuel, so that fill follows a missed one (its segment is left out).
      for (const date of droppedFills) {
        const next = valid
          .filter((v) => !v.duplicate && v.fields.fuel && v.fields.startDate >= date)
          .sort(
            (a, b) =>
              a.fields.startDate.localeCompare(b.fields.startDate) ||
              (a.fields.mileage ?? 0) - (b.fields.mileage ?? 0),
          )[0];
        if (next?.fields.fuel && !next.fields.fuel.missedPrevious) {
          next.fields = { ...next.fields, fuel: { ...next.fields.fuel, missedPrevious: true } };
          next.fingerprint = fingerprintOf(next.fields);
        }
      }
      valid.sort((a, b) => a.row - b.row);
      errors.sort((a, b) => a.row - b.row);
      problems.sort((a, b) => a.row - b.row);
      // Rows already stored, and second copies of a row of the file: neither is written.
      const duplicates =
        valid.filter((c) => c.duplicate).length +
        problems.filter((p) => p.code === 'duplicate-in-file').length +
        leftOut;
      const fresh = valid.filter((c) => !c.duplicate);

      const base = {
        format,
        rows: parsed.rows.length,
        errors: errors.slice(0, IMPORT_MAX_ERRORS),
        problems: problems.slice(0, IMPORT_MAX_ERRORS),
        units: {
          distance: parsed.distanceUnit,
          volume: parsed.volumeUnit,
          dateFormat: parsed.dateFormat,
          decimalSeparator: parsed.decimalSeparator,
          currencyCode: currency,
        },
      };
      const blocked = errors.length > 0 && onError === 'abort';
      if (dryRun) {
        const preview: ImportPreviewRow[] = valid.slice(0, IMPORT_PREVIEW_ROWS).map((c) => ({
          row: c.row,
          type: c.fields.type,
          title: c.fields.title,
          startDate: c.fields.startDate,
          mileage: c.fields.mileage,
          cost: c.fields.cost,
          currencyCode: c.fields.currencyCode,
          fuel: c.fields.fuel ?? null,
          tags: c.fields.tags,
          duplicate: c.duplicate,
        }));
        // What a real run with the same choice would do.
        return {
          ...base,
          created: blocked ? 0 : fresh.length,
          skipped: blocked ? 0 : duplicates + errors.length,
          preview,
        };
      }
      if (blocked) return { ...base, created: 0, skipped: 0 };
      const at = now().toISOString();
      const created = await imports.insertAll(
        fresh.map((c) => ({
          log: { id: randomUUID(), ...c.fields, authorId: memberId, media: [], createdAt: at, updatedAt: at },
          fingerprint: c.fingerprint,
        })),
      );
      if (created > 0) {
        // One change for the whole car: the member's other devices fetch its logs again.
        notify(memberId, { type: 'car', carId: car.id, action: 'updated' });
        await historyChanged(memberId, [car.id]);
      }
      return { ...base, created, skipped: duplicates + errors.length + (fresh.length - created) };
    },

    async exportCsv(
      memberId: string,
      carId: string,
      { format, kind }: ExportQuery,
    ): Promise<{ filename: string; csv: string }> {
      const car = await ownCar(memberId, carId);
      if (format === 'lubelogger' && kind === 'all')
        throw badRequest(
          'LubeLogger imports fuel and service records as separate files: ask kind=fuel or kind=service.',
          [{ field: 'querystring.kind', message: 'must be fuel or service with format=lubelogger' }],
        );
      const logs = (await imports.logsOf(car.id)).map((s) => s.log);
      const csv =
        format === 'paddock'
          ? paddockCsv(logs, car.mileageUnit, kind)
          : lubeLoggerCsv(logs, kind as 'fuel' | 'service');
      const name = `${car.make}-${car.model}`.replace(/[^A-Za-z0-9-]+/g, '_').slice(0, 60) || 'car';
      return { filename: `${name}-${format}-${kind}.csv`, csv };
    },
  };
}

export type ImportsService = ReturnType<typeof importsService>;
