// Numbers, dates and yes/no values as the trackers write them, read with explicit formats (never
// the server's locale): thousands separators, comma decimals, currency signs, several date orders.
// Each reader is strict: a cell it cannot read whole is no value (the row is reported), never a
// part of it, an impossible day or a year no car lived in.
import {
  IMPORT_DATE_FORMATS,
  IMPORT_NUMBER_MAX,
  IMPORT_YEAR_MAX,
  IMPORT_YEAR_MIN,
} from '../../../src/contract/constants';
import type { ImportDateFormat } from '../../../src/contract/imports';

export type DecimalSeparator = '.' | ',';

/** Spaces a number may be grouped with: plain, no-break, narrow no-break, thin. */
const GROUP_SPACES = /[ \u00a0\u202f\u2009]/g;

/**
 * What may stand around a number: currency signs or codes, units (`L`, `km`, `€/l`, `gal`), spaces.
 * No digit: `1e5` or `15 2` are not a number with a unit after it.
 */
const AROUND = /^[^\d]{0,12}$/u;

/** Currency signs and codes as the trackers write them beside an amount. */
const CURRENCY_SIGNS: [RegExp, string][] = [
  [/R\$/, 'BRL'],
  [/C\$|CA\$/, 'CAD'],
  [/A\$|AU\$/, 'AUD'],
  [/NZ\$/, 'NZD'],
  [/US\$|\$/, 'USD'],
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/¥/, 'JPY'],
  [/₹/, 'INR'],
  [/₽/, 'RUB'],
  [/₺/, 'TRY'],
  [/zł/i, 'PLN'],
  [/kč/i, 'CZK'],
  [/₩/, 'KRW'],
];

/** The currency an amount's text names (`$79.78`, `52,00 €`, `EUR 12`); null when none. */
export function currencyOfAmount(text: string): string | null {
  const around = text.replace(/[\d.,' \u00a0\u202f\u2009-]+/g, ' ').trim();
  if (around === '') return null;
  const code = /\b([A-Z]{3})\b/.exec(around);
  if (code && !/^(GAL|KWH|MPG)$/.test(code[1]!)) return code[1]!;
  for (const [re, iso] of CURRENCY_SIGNS) if (re.test(around)) return iso;
  return null;
}

/** A currency cell (`"EUR"`, `€`, `$`, `chf`) as its ISO code; null when it names none. */
export function currencyCode(text: string): string | null {
  const v = text
    .trim()
    .replace(/^['"]|['"]$/g, '')
    .trim();
  if (/^[A-Za-z]{3}$/.test(v)) return v.toUpperCase();
  if (/^(fr\.?|sfr)$/i.test(v)) return 'CHF';
  return currencyOfAmount(v);
}

/**
 * A number from text with `decimal` as the decimal separator. The other separator (and `'`, spaces)
 * may only group thousands by threes; currency signs and units may stand before or after it. Every
 * other text is not a number (null): `1e5`, `1.2.3`, `12abc3`; never a silent truncation. The
 * value is finite and at most IMPORT_NUMBER_MAX in size.
 */
export function parseNumber(text: string, decimal: DecimalSeparator): number | null {
  const trimmed = text.trim();
  // Most cells: digits, perhaps a decimal part (the full reading below is for everything else).
  if (PLAIN[decimal].test(trimmed)) return finite(decimal === ',' ? trimmed.replace(',', '.') : trimmed);
  const m = /^(\D*?)(\d[\d.,' \u00a0\u202f\u2009]*\d|\d)([.,]?)(\D*)$/u.exec(trimmed);
  if (!m) {
    // ".5" or ",5": a decimal part alone.
    const lone = /^(\D*?)([.,])(\d+)(\D*)$/u.exec(trimmed);
    if (!lone || lone[2] !== decimal || !AROUND.test(lone[1]!) || !AROUND.test(lone[4]!)) return null;
    return finite(`${signOf(lone[1]!)}0.${lone[3]}`);
  }
  const [, before, digits, trailingSep, after] = m;
  if (!AROUND.test(before!) || !AROUND.test(after!)) return null;
  if (trailingSep && trailingSep !== decimal) return null;
  const thousands = decimal === '.' ? ',' : '.';
  const core = digits!.replace(GROUP_SPACES, ' ').replace(/'/g, ' ');
  const [whole, fraction, ...more] = core.split(decimal);
  if (more.length > 0) return null;
  if (fraction !== undefined && !/^\d+$/.test(fraction)) return null;
  // The whole part: plain digits, or groups of three after a first group of one to three.
  const grouped = whole!.replace(new RegExp(`[ ${thousands === '.' ? '\\.' : ','}]`, 'g'), '|');
  if (!/^\d+$/.test(grouped) && !/^\d{1,3}(\|\d{3})+$/.test(grouped)) return null;
  return finite(
    `${signOf(before!)}${grouped.replace(/\|/g, '')}${fraction !== undefined ? `.${fraction}` : ''}`,
  );
}

const PLAIN: Record<DecimalSeparator, RegExp> = {
  '.': /^\d{1,15}(?:\.\d{1,15})?$/,
  ',': /^\d{1,15}(?:,\d{1,15})?$/,
};

/** A minus sign (`-`, `−`) in the text before a number. */
const signOf = (before: string) => (/[-\u2212]/.test(before) ? '-' : '');

function finite(text: string): number | null {
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= IMPORT_NUMBER_MAX ? value : null;
}

/**
 * The decimal separator of a set of number cells: a separator followed by other than three digits
 * is a decimal one; of two different ones, the last; repeated, a thousands one. `fallback` when
 * nothing tells.
 */
export function guessDecimal(values: Iterable<string>, fallback: DecimalSeparator): DecimalSeparator {
  let comma = 0;
  let dot = 0;
  for (const raw of values) {
    const v = raw.replace(/[^\d.,'-]/g, '');
    const lastComma = v.lastIndexOf(',');
    const lastDot = v.lastIndexOf('.');
    if (lastComma >= 0 && lastDot >= 0) {
      if (lastComma > lastDot) comma++;
      else dot++;
      continue;
    }
    const sep = lastComma >= 0 ? ',' : lastDot >= 0 ? '.' : null;
    if (!sep) continue;
    const parts = v.split(sep);
    if (parts.length > 2) {
      // 1.234.567 or 1,234,567: thousands.
      if (sep === ',') dot++;
      else comma++;
    } else if (parts[1]!.length !== 3) {
      if (sep === ',') comma++;
      else dot++;
    }
  }
  if (comma === dot) return fallback;
  return comma > dot ? ',' : '.';
}

const DATE_PATTERNS: Record<
  ImportDateFormat,
  { re: RegExp; order: ['y' | 'm' | 'd', 'y' | 'm' | 'd', 'y' | 'm' | 'd'] }
> = {
  'yyyy-mm-dd': { re: /^(\d{4})-(\d{1,2})-(\d{1,2})/, order: ['y', 'm', 'd'] },
  'yyyy/mm/dd': { re: /^(\d{4})\/(\d{1,2})\/(\d{1,2})/, order: ['y', 'm', 'd'] },
  'dd/mm/yyyy': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{2,4})/, order: ['d', 'm', 'y'] },
  'mm/dd/yyyy': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{2,4})/, order: ['m', 'd', 'y'] },
  'dd.mm.yyyy': { re: /^(\d{1,2})\.(\d{1,2})\.(\d{2,4})/, order: ['d', 'm', 'y'] },
  'dd-mm-yyyy': { re: /^(\d{1,2})-(\d{1,2})-(\d{2,4})/, order: ['d', 'm', 'y'] },
  'mm-dd-yyyy': { re: /^(\d{1,2})-(\d{1,2})-(\d{2,4})/, order: ['m', 'd', 'y'] },
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A real calendar day within IMPORT_YEAR_MIN–IMPORT_YEAR_MAX as YYYY-MM-DD; null otherwise. */
export function calendarDate(y: number, m: number, d: number): string | null {
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d)) return null;
  if (y < IMPORT_YEAR_MIN || y > IMPORT_YEAR_MAX || m < 1 || m > 12 || d < 1) return null;
  // Day 0 of the next month is the last day of this one (Date.UTC maps years 0–99 to 19xx: not here).
  const last = new Date(Date.UTC(2000, m, 0)).getUTCDate();
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (d > (m === 2 ? (leap ? 29 : 28) : last)) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** true for a YYYY-MM-DD text that is a real day in the importable years. */
export const isImportableDate = (text: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return m !== null && calendarDate(Number(m[1]), Number(m[2]), Number(m[3])) === text;
};

/**
 * YYYY-MM-DD from text in `format` (a time after the date is ignored); null when not a real day of
 * a year between IMPORT_YEAR_MIN and IMPORT_YEAR_MAX. Two-digit years: 70–99 are 19xx, others 20xx.
 */
export function parseDate(text: string, format: ImportDateFormat): string | null {
  const { re, order } = DATE_PATTERNS[format];
  const m = re.exec(text.trim());
  if (!m) return null;
  const parts = { y: 0, m: 0, d: 0 };
  let yearDigits = 4;
  order.forEach((key, i) => {
    parts[key] = Number(m[i + 1]);
    if (key === 'y') yearDigits = m[i + 1]!.length;
  });
  // After the date: nothing, or a time (`08:00`, `T08:00:00Z`, ` - 13:55`, ` 10:22:00 AM`).
  const rest = text.trim().slice(m[0].length);
  if (rest !== '' && !/^(?:[T\s,-]+\d{1,2}[:h.]\d{2}.*|\s*)$/i.test(rest)) return null;
  if (yearDigits === 2) parts.y += parts.y >= 70 ? 1900 : 2000;
  else if (yearDigits !== 4) return null;
  return calendarDate(parts.y, parts.m, parts.d);
}

/**
 * The date format of a column of dates: ISO when they are, the separator from the text, and the
 * day-month order from a first or second part above 12; `fallback` when every date is ambiguous.
 */
export function guessDateFormat(values: Iterable<string>, fallback: ImportDateFormat): ImportDateFormat {
  let firstOver12 = false;
  let secondOver12 = false;
  let sep: string | null = null;
  let iso = false;
  for (const raw of values) {
    const v = raw.trim();
    if (/^\d{4}-\d{1,2}-\d{1,2}/.test(v)) {
      iso = true;
      continue;
    }
    if (/^\d{4}\/\d{1,2}\/\d{1,2}/.test(v)) return 'yyyy/mm/dd';
    const m = /^(\d{1,2})([/.-])(\d{1,2})\2\d{2,4}/.exec(v);
    if (!m) continue;
    sep = m[2]!;
    if (Number(m[1]) > 12) firstOver12 = true;
    if (Number(m[3]) > 12) secondOver12 = true;
  }
  if (iso && sep === null) return 'yyyy-mm-dd';
  if (sep === '.') return 'dd.mm.yyyy';
  if (sep === null) return fallback;
  const dayFirst = firstOver12 || (!secondOver12 && fallback.startsWith('dd'));
  if (sep === '-') return dayFirst ? 'dd-mm-yyyy' : 'mm-dd-yyyy';
  return dayFirst ? 'dd/mm/yyyy' : 'mm/dd/yyyy';
}

/** A Java/.NET date pattern (aCar's metadata: `MM/dd/yyyy`) as one of ours; null when unknown. */
export function dateFormatOfPattern(pattern: string): ImportDateFormat | null {
  const p = pattern.trim().toLowerCase().replace(/y+/g, 'yyyy').replace(/m+/g, 'mm').replace(/d+/g, 'dd');
  return (IMPORT_DATE_FORMATS as readonly string[]).includes(p) ? (p as ImportDateFormat) : null;
}

const YES = new Set([
  '1',
  'true',
  'yes',
  'y',
  'x',
  'oui',
  'o',
  'ja',
  'j',
  'si',
  'sim',
  's',
  'sì',
  'sí',
  'vrai',
  'да',
  'tak',
]);
const NO = new Set(['0', 'false', 'no', 'n', 'non', 'nein', 'nao', 'não', 'faux', 'нет', 'nie', '']);

/** A yes/no cell in the languages the trackers export; null when it is neither. */
export function parseBoolean(text: string): boolean | null {
  const v = text.trim().toLowerCase();
  if (YES.has(v)) return true;
  if (NO.has(v)) return false;
  return null;
}
