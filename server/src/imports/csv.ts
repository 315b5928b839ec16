// Reading CSV files as the trackers write them: a BOM stripped, the delimiter sniffed (, ; tab),
// quoted cells (delimiters, quotes and line breaks inside), each record with its line number.

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  cells: string[];
}

export type Delimiter = ',' | ';' | '\t';

/** Text of a file: UTF-8 (a BOM stripped) or UTF-16 with its BOM. */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Counts a character outside quotes on one line. */
function countOutsideQuotes(line: string, ch: string): number {
  let n = 0;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === ch && !quoted) n++;
  }
  return n;
}

/**
 * The delimiter of a CSV text: the candidate found on the most of the first lines, the same number
 * of times (a table's lines all have as many cells); ties go to `;` then tab then `,` (a `;` file
 * has commas in its numbers, never the reverse).
 */
export function sniffDelimiter(text: string): Delimiter {
  const lines = text
    .split(/\r\n|\n|\r/)
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .slice(0, 20);
  let best: Delimiter = ',';
  let bestScore = -1;
  for (const d of [';', '\t', ','] as const) {
    const counts = lines.map((l) => countOutsideQuotes(l, d));
    const tally = new Map<number, number>();
    for (const c of counts) if (c > 0) tally.set(c, (tally.get(c) ?? 0) + 1);
    const score = Math.max(0, ...tally.values());
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

/** Every record of a CSV text (RFC 4180 quoting; blank lines left out). */
export function parseCsv(text: string, delimiter: Delimiter = sniffDelimiter(text)): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let cellStarted = false;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]!.trim() !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
    cellStarted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
        cell += c;
      }
      continue;
    }
    if (c === '"' && !cellStarted) {
      quoted = true;
      cellStarted = true;
    } else if (c === delimiter) {
      cells.push(cell);
      cell = '';
      cellStarted = false;
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else {
      cell += c;
      cellStarted = true;
    }
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

/** A header name compared loosely: lower case, accents and everything but letters and digits gone. */
export const headerKey = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** A table: its header row and data records, with cells read by column name. */
export class Table {
  readonly keys: string[];
  constructor(
    readonly header: string[],
    readonly records: CsvRecord[],
  ) {
    this.keys = header.map(headerKey);
  }

  /** The index of the first column named by one of `names` (compared by headerKey); -1: none. */
  column(...names: string[]): number {
    for (const name of names) {
      const i = this.keys.indexOf(headerKey(name));
      if (i >= 0) return i;
    }
    return -1;
  }

  /** The first column whose key starts with one of `prefixes` (headers with units in them). */
  columnStartingWith(...prefixes: string[]): number {
    for (const prefix of prefixes) {
      const key = headerKey(prefix);
      const i = this.keys.findIndex((k) => k.startsWith(key));
      if (i >= 0) return i;
    }
    return -1;
  }
}

export const cell = (record: CsvRecord, index: number): string =>
  index < 0 ? '' : (record.cells[index] ?? '').trim();

/** A section of a sectioned export: its title line, then its header and rows. */
export interface Section {
  title: string;
  records: CsvRecord[];
}

/** Splits records into sections at the records `isTitle` recognises. */
export function sections(records: CsvRecord[], isTitle: (record: CsvRecord) => string | null): Section[] {
  const out: Section[] = [];
  let current: Section | undefined;
  for (const record of records) {
    const title = isTitle(record);
    if (title !== null) {
      current = { title, records: [] };
      out.push(current);
    } else current?.records.push(record);
  }
  return out;
}

/** The table of a section: its first record is the header. */
export function tableOf(records: CsvRecord[]): Table | null {
  const [header, ...rows] = records;
  return header ? new Table(header.cells, rows) : null;
}
