// Reading CSV files as the trackers write them: a BOM stripped, the delimiter sniffed (, ; tab),
// quoted cells (delimiters, quotes and line breaks inside), each record with its line number.

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  cells: string[];
}

export type Delimiter = ',' | ';' | '\t';

/** A file whose bytes are no text in any encoding the importer reads. */
export class FileDecodeError extends Error {}

/** Windows-1252's characters for 0x80–0x9F (the rest of the code page is Latin-1). */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** Windows-1252 (a superset of Latin-1's printable characters) decoded by hand: ICU builds differ. */
function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    out += String.fromCharCode(
      ...Array.from(chunk, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b)),
    );
  }
  return out;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

function decodeUtf16(body: Buffer, bigEndian: boolean): string {
  if (body.length % 2 !== 0)
    throw new FileDecodeError('the file says it is UTF-16 but has an odd number of bytes (cut short?)');
  const copy = Buffer.from(body);
  if (bigEndian) copy.swap16();
  return copy.toString('utf16le');
}

/** UTF-16 without a BOM: text whose every other byte is zero (ASCII in UTF-16). */
function utf16Order(bytes: Buffer): 'le' | 'be' | null {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZero++;
    if (bytes[i + 1] === 0) oddZero++;
  }
  const pairs = n / 2;
  if (oddZero > pairs * 0.6 && evenZero < pairs * 0.1) return 'le';
  if (evenZero > pairs * 0.6 && oddZero < pairs * 0.1) return 'be';
  return null;
}

/**
 * Control characters no text cell may keep: NUL and the C0/C1 controls but tab, line feed and
 * carriage return (which the CSV reader splits on).
 */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** A surrogate half without its other half (UTF-16 bytes cut or made up). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text with the control characters taken out and lone surrogates replaced (always valid Unicode). */
export const cleanText = (text: string): string =>
  text.replace(CONTROLS, '').replace(LONE_SURROGATE, '\ufffd');

/**
 * Text of a file: a BOM tells UTF-8 or UTF-16 (LE or BE); without one, UTF-16 is recognised by its
 * zero bytes, then valid UTF-8 is read as such and anything else as Windows-1252 (Latin-1 files
 * included). Control characters are taken out. A UTF-16 file of an odd length is a FileDecodeError.
 */
export function decodeText(bytes: Buffer): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = decodeUtf16(bytes.subarray(2), false);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = decodeUtf16(bytes.subarray(2), true);
  else {
    const order = utf16Order(bytes);
    if (order) text = decodeUtf16(bytes, order === 'be');
    else {
      const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
      try {
        text = UTF8.decode(body);
      } catch {
        text = decodeWindows1252(body);
      }
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return cleanText(text);
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

/** How a tracker quotes beyond RFC 4180. */
export interface CsvDialect {
  /** `\"` inside a quoted cell is a quote (Spritmonitor's notes). */
  backslashEscapes?: boolean;
  /** A cell may also be quoted with `'` (closed by a `'` before a delimiter or a line end). */
  singleQuotes?: boolean;
}

/** Every record of a CSV text (RFC 4180 quoting, plus the dialect's; blank lines left out). */
export function parseCsv(
  text: string,
  delimiter: Delimiter = sniffDelimiter(text),
  dialect: CsvDialect = {},
): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quote: '"' | "'" | null = null;
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
  const endsCell = (i: number) =>
    i >= text.length || text[i] === delimiter || text[i] === '\r' || text[i] === '\n';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== null) {
      if (dialect.backslashEscapes && c === '\\' && (text[i + 1] === '"' || text[i + 1] === "'")) {
        cell += text[i + 1];
        i++;
      } else if (c === quote) {
        if (quote === '"' && text[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (quote === "'" && !endsCell(i + 1)) cell += c;
        else quote = null;
      } else {
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
        cell += c;
      }
      continue;
    }
    if ((c === '"' || (c === "'" && dialect.singleQuotes)) && !cellStarted) {
      quote = c;
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

/**
 * A header name compared loosely: lower case, accents and everything but letters and digits gone.
 * Letters of every script are kept: Drivvo writes its headers in the member's language (Cyrillic
 * headers reduced to nothing would all be the same column).
 */
export const headerKey = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

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
