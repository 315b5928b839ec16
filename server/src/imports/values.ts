// Numbers, dates and yes/no values as the trackers write them, read with explicit formats (never
// the server's locale): thousands separators, comma decimals, currency signs, several date orders.
import { IMPORT_DATE_FORMATS } from '../../../src/contract/constants';
import type { ImportDateFormat } from '../../../src/contract/imports';

export type DecimalSeparator = '.' | ',';

/** Everything but digits, separators and a leading minus: currency signs, units, spaces. */
const NOISE = /[^\d.,'-]/g;

/**
 * A number from text with `decimal` as the decimal separator: the other separator (and `'`, spaces)
 * are thousands separators; currency signs and units are dropped. null when there is no number.
 */
export function parseNumber(text: string, decimal: DecimalSeparator): number | null {
  let s = text.replace(NOISE, '').replace(/'/g, '');
  if (s === '' || s === '-' || !/\d/.test(s)) return null;
  const thousands = decimal === '.' ? ',' : '.';
  s = s.split(thousands).join('');
  if (decimal === ',') s = s.replace(',', '.');
  if (!/^-?\d*\.?\d+$|^-?\d+\.$/.test(s)) return null;
  const value = Number(s);
  return Number.isFinite(value) ? value : null;
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
    const v = raw.replace(NOISE, '');
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

/** YYYY-MM-DD from text in `format` (a time after the date is ignored); null when not a real day. */
export function parseDate(text: string, format: ImportDateFormat): string | null {
  const { re, order } = DATE_PATTERNS[format];
  const m = re.exec(text.trim());
  if (!m) return null;
  const parts = { y: 0, m: 0, d: 0 };
  order.forEach((key, i) => (parts[key] = Number(m[i + 1])));
  // Two-digit years: 70–99 are 19xx, the others 20xx.
  if (parts.y < 100) parts.y += parts.y >= 70 ? 1900 : 2000;
  const date = new Date(Date.UTC(parts.y, parts.m - 1, parts.d));
  if (
    date.getUTCFullYear() !== parts.y ||
    date.getUTCMonth() !== parts.m - 1 ||
    date.getUTCDate() !== parts.d
  )
    return null;
  return `${parts.y}-${pad(parts.m)}-${pad(parts.d)}`;
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
]);
const NO = new Set(['0', 'false', 'no', 'n', 'non', 'nein', 'nao', 'não', 'faux', '']);

/** A yes/no cell in the languages the trackers export; null when it is neither. */
export function parseBoolean(text: string): boolean | null {
  const v = text.trim().toLowerCase();
  if (YES.has(v)) return true;
  if (NO.has(v)) return false;
  return null;
}
