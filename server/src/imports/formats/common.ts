// What every format's parser shares: the draft of a log as read from a file, the reading context
// (overrides, guesses), and helpers that turn a cell into a number, date or flag or a row error.
import type {
  ImportDateFormat,
  ImportFormat,
  ImportProblemAction,
  ImportProblemCode,
} from '../../../../src/contract/imports';
import { CAR_LOG_MAX_TAGS, CAR_LOG_TAG_MAX_LENGTH } from '../../../../src/contract/constants';
import type { FuelFill } from '../../../../src/contract/maintenance/fuel-economy';
import type { DistanceUnit, FuelUnit } from '../../../../src/contract/maintenance/units';
import { cell, parseCsv, Table, type CsvDialect, type CsvRecord, type Delimiter } from '../csv';
import {
  currencyOfAmount,
  guessDateFormat,
  guessDecimal,
  parseBoolean,
  parseDate,
  parseNumber,
  type DecimalSeparator,
} from '../values';

/** A log as read from a file, before units are turned into the car's and the rules are checked. */
export interface DraftLog {
  type: string;
  title: string;
  startDate: string;
  /** The odometer in the file's distance unit (not rounded yet); null when the row has none. */
  mileage: number | null;
  cost: number | null;
  /** The row's own currency when the file names one. */
  currencyCode?: string | null;
  /** Quill HTML. */
  content: string | null;
  location: string | null;
  tags: string[];
  fuel: FuelFill | null;
  /**
   * The contract's plain fields a format carries beyond these (Paddock's own CSV carries every
   * field), as the file's text (null: empty); typed and checked against the contract's schema
   * when the row is read.
   */
  plain?: Record<string, string | null>;
}

export interface ParsedRow {
  /** 1-based line in the file (a database file: the row's position in its table). */
  row: number;
  log?: DraftLog;
  error?: string;
  /** The error as a code and its parameters, rendered in the member's language by the client. */
  problem?: RowProblem;
  /** The vehicle the row is about, in a file that names one per row (aCar, Fuelly). */
  vehicle?: string;
}

/** What is wrong with a row, as a translatable code and its parameters. */
export interface RowProblem {
  code: ImportProblemCode;
  params: Record<string, string | number | null>;
}

/** What the preview does with a refused row: an odometer typo is asked about, the rest skipped. */
export const problemAction = (code: ImportProblemCode): ImportProblemAction =>
  code === 'odometer-order' || code === 'odometer-jump' ? 'ask' : 'skip';

export interface Overrides {
  dateFormat?: ImportDateFormat;
  decimalSeparator?: DecimalSeparator;
  distanceUnit?: DistanceUnit;
  volumeUnit?: FuelUnit;
}

export interface ParseInput {
  bytes: Buffer;
  /** The decoded text (null for a database file). */
  text: string | null;
  filename: string;
  overrides: Overrides;
  /** The car's unit: the file's when nothing else tells. */
  carDistance: DistanceUnit;
}

export interface Parsed {
  rows: ParsedRow[];
  distanceUnit: DistanceUnit;
  volumeUnit: FuelUnit;
  dateFormat: ImportDateFormat | null;
  decimalSeparator: DecimalSeparator;
  /** The file's currency (a currency column or the amounts' sign), when it names one. */
  currencyCode?: string | null;
}

export type Parser = (input: ParseInput) => Parsed;

export interface FormatDefinition {
  format: ImportFormat;
  parse: Parser;
}

/** Thrown by a cell reader: the row is listed with this reason (and its code for the preview). */
export class RowError extends Error {
  constructor(
    message: string,
    readonly code: ImportProblemCode = 'invalid-value',
    readonly params: Record<string, string | number | null> = {},
  ) {
    super(message);
  }
}

/** The field a cell reader's column name is about, as the preview names it. */
export function fieldOf(name: string): string {
  const n = name.toLowerCase();
  if (/odo|kilomet|km-stand|mileage|reading/.test(n)) return 'odometer';
  if (/trip|strecke|teil-km|distance/.test(n)) return 'trip';
  if (/price|preis|prix|preço|precio/.test(n)) return 'price';
  if (/cost|total|kosten|amount|montant|valor/.test(n)) return 'cost';
  if (/quant|volume|fuel|menge|liter|litre|gallon|consumed/.test(n)) return 'quantity';
  return 'value';
}

/** The fuel unit a car counted in `distance` uses when the file does not say. */
export const defaultVolume = (distance: DistanceUnit): FuelUnit => (distance === 'mi' ? 'gal_us' : 'l');

/** Reads cells with the file's resolved formats. */
export class Reader {
  /** Currencies the amounts' signs named (`$79.78`), with how often. */
  readonly currencies = new Map<string, number>();
  constructor(
    readonly decimal: DecimalSeparator,
    readonly dateFormat: ImportDateFormat,
  ) {}

  /** Resolves the formats from the overrides, else from the cells the parser names. */
  static resolve(
    overrides: Overrides,
    dates: Iterable<string>,
    numbers: Iterable<string>,
    defaults: { date: ImportDateFormat; decimal: DecimalSeparator },
  ): Reader {
    return new Reader(
      overrides.decimalSeparator ?? guessDecimal(numbers, defaults.decimal),
      overrides.dateFormat ?? guessDateFormat(dates, defaults.date),
    );
  }

  /** `resolve` for a one-table file: the guesses read the date column and the number columns. */
  static ofTable(
    overrides: Overrides,
    table: Table,
    date: number,
    numbers: number[],
    defaults: { date: ImportDateFormat; decimal: DecimalSeparator },
  ): Reader {
    return Reader.resolve(
      overrides,
      columnValues(table.records, date),
      columnValues(table.records, ...numbers),
      defaults,
    );
  }

  number(record: CsvRecord, index: number, name: string, { required = false } = {}): number | null {
    const text = cell(record, index);
    const field = fieldOf(name);
    if (text === '') {
      if (required) throw new RowError(`${name} is missing`, 'missing-value', { field });
      return null;
    }
    const value = parseNumber(text, this.decimal);
    if (value === null)
      throw new RowError(`${name} "${text}" is not a number`, 'unreadable-number', {
        field,
        value: text.slice(0, 40),
      });
    if (value < 0)
      throw new RowError(`${name} ${text} is negative`, 'unreadable-number', {
        field,
        value: text.slice(0, 40),
      });
    if (field === 'cost' || field === 'price') {
      const currency = currencyOfAmount(text);
      if (currency) this.currencies.set(currency, (this.currencies.get(currency) ?? 0) + 1);
    }
    return value;
  }

  date(record: CsvRecord, index: number): string {
    const text = cell(record, index);
    if (text === '') throw new RowError('the date is missing', 'missing-value', { field: 'date' });
    const date = parseDate(text, this.dateFormat);
    if (!date)
      throw new RowError(`the date "${text}" is not a ${this.dateFormat} date`, 'unreadable-date', {
        value: text.slice(0, 40),
        format: this.dateFormat,
      });
    return date;
  }
}

export function flag(record: CsvRecord, index: number, name: string): boolean {
  const text = cell(record, index);
  const value = parseBoolean(text);
  if (value === null)
    throw new RowError(`${name} "${text}" is neither yes nor no`, 'unreadable-flag', {
      column: name,
      value: text.slice(0, 40),
    });
  return value;
}

/** A file whose first record is its header (the delimiter sniffed unless the format fixes it). */
export function headerTable(input: ParseInput, delimiter?: Delimiter, dialect?: CsvDialect): Table {
  const [header, ...records] = parseCsv(input.text ?? '', delimiter, dialect);
  return new Table(header?.cells ?? [], records);
}

/** A flag column and its header as the file names it (for the row's error). */
type FlagColumn = readonly [index: number, name: string];

/**
 * A fill-up's full-tank and missed-fill flags; a file without the column means a full tank with no
 * fill missed before it. Some files say `partial`, the opposite of full.
 */
export function tankFlags(
  record: CsvRecord,
  full: { full: FlagColumn } | { partial: FlagColumn },
  [missed, missedName]: FlagColumn,
): Pick<FuelFill, 'fullTank' | 'missedPrevious'> {
  const partial = 'partial' in full;
  const [index, name] = partial ? full.partial : full.full;
  return {
    fullTank: index < 0 ? true : flag(record, index, name) !== partial,
    missedPrevious: missed < 0 ? false : flag(record, missed, missedName),
  };
}

/** A log's title: the file's text, else the fallback (at most 200 characters). */
export const titleOf = (text: string, fallback: string): string => (text || fallback).slice(0, 200);

/** A fill-up's cost: the file's total, else the price per unit × the quantity. */
export const fillCost = (total: number | null, price: number | null, quantity: number): number | null =>
  total ?? (price === null ? null : cents(price * quantity));

/** A parser's answer: the rows in file order, the units and the formats the reader resolved. */
export function parsed(
  rows: ParsedRow[],
  distanceUnit: DistanceUnit,
  volumeUnit: FuelUnit,
  reader: Reader,
): Parsed {
  // The file's currency: the one its rows name most (a currency column), else its amounts' signs.
  const named = new Map<string, number>();
  for (const r of rows) {
    const code = r.log?.currencyCode;
    if (code) named.set(code, (named.get(code) ?? 0) + 1);
  }
  const mostOf = (tally: Map<string, number>) =>
    [...tally.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  return {
    rows: rows.sort((a, b) => a.row - b.row),
    distanceUnit,
    volumeUnit,
    dateFormat: reader.dateFormat,
    decimalSeparator: reader.decimal,
    currencyCode: mostOf(named) ?? mostOf(reader.currencies),
  };
}

/**
 * The energy (a key of the energyType settings) a fuel's name in a file stands for, in the
 * languages the apps export in; null when the name says nothing known (docs/SPEC-NOTES.md "A car's
 * home": imports keep a refuelling's second and third fuels as fills of their energies).
 */
export function energyOfFuelName(name: string): string | null {
  const key = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  if (key.trim() === '') return null;
  if (key.trim() === 'gas') return 'gasoline';
  const has = (...words: string[]) => words.some((w) => key.includes(w));
  // Gas before petrol: "Autogas" and "gas natural" are not gasoline; AdBlue is no energy at all.
  if (has('adblue')) return null;
  if (has('lpg', 'gpl', 'glp', 'autogas', 'propan', 'flussiggas', 'gaz de petrole', 'сжиженный'))
    return 'lpg';
  if (
    has(
      'cng',
      'gnv',
      'gnc',
      'erdgas',
      'natural gas',
      'gas natural',
      'gaz naturel',
      'metano',
      'methane',
      'метан',
    )
  )
    return 'cng';
  if (has('hydrogen', 'wasserstoff', 'hydrogene', 'hidrogenio', 'hidrogeno', 'idrogeno', 'водород'))
    return 'hydrogen';
  if (has('electri', 'strom', 'elektri', 'kwh', 'charge', 'recarga', 'ricarica', 'электр')) return 'electric';
  if (has('e85', 'ethanol', 'etanol', 'alcool', 'bioethanol', 'этанол')) return 'ethanol';
  if (has('diesel', 'gazole', 'gasoil', 'gasoleo', 'dizel', 'дизел', 'pflanzenol', 'hvo', 'gtl'))
    return 'diesel';
  if (
    has(
      'gasolin',
      'petrol',
      'benzin',
      'essence',
      'super',
      'unleaded',
      'sp95',
      'sp98',
      'e10',
      'e5',
      'normal',
      'premium',
      'regular',
      'benzina',
      'nafta',
      'бензин',
      'аи-',
      'zweitakt',
    )
  )
    return 'gasoline';
  return null;
}

/**
 * The energy each fuel name of a file stands for, when the file's fuels fill more than one tank (LPG
 * and petrol, a plug-in hybrid's petrol and electricity); else none (every fill is of the car's main
 * energy, as before energies existed). Ethanol (E85) and petrol share a flex-fuel car's one tank:
 * in a file that has both, ethanol counts as petrol.
 */
export function energiesOfFile(names: Iterable<string>): (name: string) => string | null {
  const seen = new Set<string>();
  for (const name of names) {
    const energy = energyOfFuelName(name);
    if (energy !== null) seen.add(energy);
  }
  const flexFuel = seen.has('gasoline') && seen.has('ethanol');
  if (flexFuel) seen.delete('ethanol');
  if (seen.size < 2) return () => null;
  return (name) => {
    const energy = energyOfFuelName(name);
    return flexFuel && energy === 'ethanol' ? 'gasoline' : energy;
  };
}

/** Cells of one column over records (for the guesses). */
export const columnValues = (records: CsvRecord[], ...indexes: number[]): string[] =>
  records.flatMap((r) => indexes.filter((i) => i >= 0).map((i) => cell(r, i)));

/**
 * Each record through `read`; a RowError becomes the row's error, a null skips the record, a list
 * gives several logs of one line (a refuelling of several fuels). With a `vehicle` column, each row
 * says which vehicle it is about (import-read.ts keeps one vehicle's rows).
 */
export function readRows(
  records: CsvRecord[],
  read: (record: CsvRecord) => DraftLog | DraftLog[] | null,
  vehicle = -1,
): ParsedRow[] {
  const rows: ParsedRow[] = [];
  for (const record of records) {
    const about = vehicle >= 0 ? { vehicle: cell(record, vehicle) } : {};
    try {
      const log = read(record);
      for (const one of log === null ? [] : Array.isArray(log) ? log : [log])
        rows.push({ row: record.line, log: one, ...about });
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      rows.push({
        row: record.line,
        error: error.message,
        problem: { code: error.code, params: error.params },
        ...about,
      });
    }
  }
  return rows;
}

// As the rich-text sanitiser escapes text: &, < and > (quotes stay as they are).
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain notes as Quill HTML: a paragraph a line; null when there is nothing. */
export function notesHtml(...parts: (string | null | undefined)[]): string | null {
  const lines = parts
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .flatMap((p) => p.split(/\r\n|\n|\r/))
    .map((l) => l.trim())
    .filter((l) => l !== '');
  return lines.length === 0 ? null : lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
}

/** Tags from a cell: split on commas, semicolons, pipes or (with `spaces`) whitespace. */
export function splitTags(text: string, { spaces = false } = {}): string[] {
  const parts = text.split(spaces ? /[\s,;|]+/ : /[,;|]+/);
  return [...new Set(parts.map((t) => t.trim()).filter((t) => t !== ''))]
    .slice(0, CAR_LOG_MAX_TAGS)
    .map((t) => t.slice(0, CAR_LOG_TAG_MAX_LENGTH));
}

/** A volume unit named in a file (a header or a cell); null when unknown. */
export function volumeUnitOf(text: string): FuelUnit | null {
  const v = text.toLowerCase();
  if (/kwh|kilowatt/.test(v)) return 'kwh';
  if (/(uk|imp|brit)/.test(v) && /gal/.test(v)) return 'gal_uk';
  if (/gal/.test(v)) return 'gal_us';
  if (/^l$|lit|^l\b|\(l\)/.test(v)) return 'l';
  return null;
}

/** A distance unit named in a file; null when unknown. */
export function distanceUnitOf(text: string): DistanceUnit | null {
  const v = text.toLowerCase();
  if (/\b(mi|miles?|mpg)\b/.test(v)) return 'mi';
  if (/\b(km|kilomet(er|re)s?|l\/100km)\b/.test(v)) return 'km';
  return null;
}

/** Cost rounded to cents (totals computed from price × quantity). */
export const cents = (value: number): number => Math.round(value * 100) / 100;

export function fuelDraft(
  startDate: string,
  mileage: number | null,
  fuel: FuelFill,
  more: Partial<DraftLog> = {},
): DraftLog {
  if (mileage === null)
    throw new RowError('a fill-up needs an odometer reading', 'missing-value', { field: 'odometer' });
  if (!(fuel.quantity > 0))
    throw new RowError('a fill-up needs a quantity above 0', 'invalid-fill', { reason: 'no-quantity' });
  return {
    type: 'fuel',
    title: 'Fill-up',
    startDate,
    mileage,
    cost: null,
    content: null,
    location: null,
    tags: [],
    fuel,
    ...more,
  };
}
