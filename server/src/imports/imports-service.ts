// Imports of a car's history from other trackers' files, and CSV exports. An import reads
// the file (format detected or given), turns its rows into logs in the car's units, checks each with
// the garage's rules (settings keys, odometer order and jumps, limits), leaves out the rows already
// stored (by fingerprint), then writes every remaining row in one transaction, or none.
import { createHash, randomUUID } from 'node:crypto';
import { CAR_LOGS_MAX } from '../../../src/contract/constants';
import { CAR_ENERGY_TYPES_MAX, type Car } from '../../../src/contract/garage';
import {
  IMPORT_MAX_ERRORS,
  IMPORT_PREVIEW_ROWS,
  type ExportQuery,
  type ImportOverrides,
  type ImportPreviewRow,
  type ImportProblem,
  type ImportQuery,
  type ImportResult,
} from '../../../src/contract/imports';
import { carEnergies, checkOdometer, type OdometerReading } from '../../../src/contract/maintenance';
import { badRequest, notFound } from '../http/errors';
import type { CarsRepository } from '../garage/cars-repository';
import { carLogLimit, odometerError } from '../garage/car-logs-service';
import type { GarageNotify } from '../garage/garage-events';
import { lubeLoggerCsv, paddockCsv } from './export-csv';
import { fingerprintOf } from './fingerprint';
import { problemAction, type RowProblem } from './formats/common';
import type { Fields, ReadInput, ReadResult } from './import-read';
import type { ImportsRepository } from './imports-repository';

interface Deps {
  cars: CarsRepository;
  imports: ImportsRepository;
  settings: { has(domainId: string, key: string): Promise<boolean> };
  notify: GarageNotify;
  /** After an import wrote logs: the car's reminders may change state. */
  historyChanged?: (memberId: string, carIds: string[]) => Promise<void>;
  /**
   * Reads the file into rows (import-read.ts) off the event loop: a worker with a time and memory
   * limit (imports-feature.ts); its refusals arrive as AppErrors.
   */
  readFile: (input: ReadInput, memberId: string) => Promise<ReadResult>;
  /** Previews' reads kept for the import that follows (readCache()); none: every run reads. */
  reads?: ReturnType<typeof readCache>;
  now?: () => Date;
}

export interface ImportFile {
  filename: string;
  bytes: Buffer;
}

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

/** Reads kept between a preview and the run that follows it: at most this many, for this long. */
export const READ_CACHE_ENTRIES = 3;
export const READ_CACHE_MS = 10 * 60_000;

/**
 * The file as last read for a preview, so that the import that follows (the same member, car,
 * bytes, name, choices and fallback currency) does not read it again: reading is most of a preview's
 * time (docs/BENCHMARKS.md). Only what the worker answered is kept; everything that depends on the
 * stored logs (already stored, odometer order) is checked again at each run. A few entries, each
 * dropped after its import or after READ_CACHE_MS: memory stays bounded (a 20,000-row read is tens
 * of MB), and a server restarted or another instance in between just reads the file again.
 */
export function readCache(now: () => number = Date.now) {
  const entries = new Map<string, { result: ReadResult; at: number }>();
  const fresh = (key: string) => {
    const entry = entries.get(key);
    if (entry && now() - entry.at > READ_CACHE_MS) entries.delete(key);
    return entries.get(key)?.result;
  };
  return {
    keyOf(input: ReadInput, memberId: string): string {
      const hash = createHash('sha256');
      const { odometerFixes, ...choices } = input.overrides;
      hash.update(
        JSON.stringify([
          memberId,
          input.car.id,
          input.car.mileageUnit,
          input.currency,
          input.filename,
          Object.entries(choices).sort(([a], [b]) => a.localeCompare(b)),
          odometerFixes ?? null,
        ]),
      );
      hash.update(input.bytes);
      return hash.digest('base64url');
    },
    /** A preview's read, kept (the oldest dropped past READ_CACHE_ENTRIES). */
    keep(key: string, result: ReadResult) {
      entries.delete(key);
      entries.set(key, { result, at: now() });
      while (entries.size > READ_CACHE_ENTRIES) entries.delete(entries.keys().next().value!);
    },
    /** The read kept for `key`, still kept (another preview) or taken out (the import). */
    get(key: string, { take }: { take: boolean }): ReadResult | undefined {
      const result = fresh(key);
      if (take) entries.delete(key);
      return result;
    },
    get size() {
      return entries.size;
    },
  };
}

/** Date order, then reading, then row: the order rows are checked in, as if typed in turn. */
const byDateThenReading = (a: Candidate, b: Candidate): number =>
  (a.fields.startDate < b.fields.startDate ? -1 : a.fields.startDate > b.fields.startDate ? 1 : 0) ||
  (a.fields.mileage ?? 0) - (b.fields.mileage ?? 0) ||
  a.row - b.row;

export function importsService({
  cars,
  imports,
  settings,
  notify,
  historyChanged = async () => undefined,
  readFile,
  reads,
  now = () => new Date(),
}: Deps) {
  async function ownCar(memberId: string, carId: string): Promise<Car> {
    const car = await cars.findById(carId);
    if (!car || car.ownerId !== memberId) throw notFound('Car');
    return car;
  }

  /** Each distinct key checked once against its settings domain. */
  async function knownKeys(domain: 'carLogType' | 'currencyCode', keys: Iterable<string>) {
    const known = new Set<string>();
    for (const key of new Set(keys)) if (await settings.has(domain, key)) known.add(key);
    return known;
  }

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
      const stored = await imports.logsOf(car.id);
      // The costs' currency when neither the member nor the file names one: the car's latest log's,
      // else euros (the worker picks the member's, else the file's, else this).
      const lastCurrency = [...stored].reverse().find((s) => s.log.currencyCode !== null)?.log.currencyCode;
      const input: ReadInput = {
        bytes: file.bytes,
        filename: file.filename,
        overrides,
        car: { id: car.id, mileageUnit: car.mileageUnit },
        currency: lastCurrency ?? 'EUR',
      };
      // A preview keeps its read for the import that follows; the import takes it out.
      const key = reads?.keyOf(input, memberId);
      let read = key === undefined ? undefined : reads!.get(key, { take: !dryRun });
      if (!read) {
        read = await readFile(input, memberId);
        if (key !== undefined && dryRun) reads!.keep(key, read);
      }
      const { format, currencyCode: currency } = read;
      const errors = [...read.errors];
      const problems: ImportProblem[] = [...read.problems];
      const refuse = (row: number, message: string, problem: RowProblem) => {
        errors.push({ row, message });
        problems.push({ row, ...problem, action: problemAction(problem.code) });
      };
      const candidates: Candidate[] = read.candidates.map((c) => ({ ...c, duplicate: false }));
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
      const inOrder = [...candidates].sort(byDateThenReading);
      // For each row in that order, the next one with a reading (one pass: asked per odometer problem).
      const nextReading: (Candidate | null)[] = new Array<Candidate | null>(inOrder.length).fill(null);
      for (let i = inOrder.length - 2; i >= 0; i--) {
        const after = inOrder[i + 1]!;
        nextReading[i] = after.fields.mileage !== null ? after : nextReading[i + 1]!;
      }
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
            const after = nextReading[i] ?? null;
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
      // The fills to write are sorted once; each dropped fill finds its next one by bisection.
      if (droppedFills.length > 0) {
        const fills = valid.filter((v) => !v.duplicate && v.fields.fuel).sort(byDateThenReading);
        for (const date of droppedFills) {
          let lo = 0;
          let hi = fills.length;
          while (lo < hi) {
            const mid = (lo + hi) >> 1;
            if (fills[mid]!.fields.startDate < date) lo = mid + 1;
            else hi = mid;
          }
          const next = fills[lo];
          if (next?.fields.fuel && !next.fields.fuel.missedPrevious) {
            next.fields = { ...next.fields, fuel: { ...next.fields.fuel, missedPrevious: true } };
            next.fingerprint = fingerprintOf(next.fields);
          }
        }
      }
      valid.sort((a, b) => a.row - b.row);
      errors.sort((a, b) => a.row - b.row);
      problems.sort((a, b) => a.row - b.row);
      // Rows already stored, second copies of a row of the file, and fills the app marked invalid:
      // none is written.
      const duplicates =
        valid.filter((c) => c.duplicate).length +
        problems.filter((p) => p.code === 'duplicate-in-file').length +
        read.leftOut;
      const fresh = valid.filter((c) => !c.duplicate);

      // Fills of an energy the car lacks (the second fuel of a refuelling: LPG, electricity) add it to
      // the car's energies, after its own, up to CAR_ENERGY_TYPES_MAX (docs/SPEC-NOTES.md "A car's
      // home"); a fill of an energy that cannot be added (an unknown key, too many) is of the main one.
      const energies = carEnergies(car);
      const energiesAdded: string[] = [];
      for (const c of fresh) {
        const energy = c.fields.fuel?.energy ?? null;
        if (energy === null || energies.includes(energy) || energiesAdded.includes(energy)) continue;
        if (
          energies.length + energiesAdded.length < CAR_ENERGY_TYPES_MAX &&
          (await settings.has('energyType', energy))
        )
          energiesAdded.push(energy);
      }
      for (const c of fresh) {
        const energy = c.fields.fuel?.energy ?? null;
        if (energy === null || energies.includes(energy) || energiesAdded.includes(energy)) continue;
        const { energy: _dropped, ...fuel } = c.fields.fuel!;
        c.fields = { ...c.fields, fuel };
        c.fingerprint = fingerprintOf(c.fields);
      }

      const base = {
        ...(energiesAdded.length > 0 ? { energiesAdded } : {}),
        format,
        rows: read.rows,
        errors: errors.slice(0, IMPORT_MAX_ERRORS),
        problems: problems.slice(0, IMPORT_MAX_ERRORS),
        units: {
          distance: read.distanceUnit,
          volume: read.volumeUnit,
          dateFormat: read.dateFormat,
          decimalSeparator: read.decimalSeparator,
          currencyCode: currency,
        },
      };
      const blocked = errors.length > 0 && onError === 'abort';
      // At most CAR_LOGS_MAX logs a car: an import that would pass it writes nothing (a preview says so too).
      if (!blocked && fresh.length > 0 && stored.length + fresh.length > CAR_LOGS_MAX)
        throw carLogLimit(stored.length, fresh.length);
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
        energiesAdded.length > 0
          ? { carId: car.id, energyTypes: [...energies, ...energiesAdded], at }
          : undefined,
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
