// Writing CSV: RFC 4180 quoting, CRLF line ends, and the CSV-injection guard: a cell starting with
// = + - @ (or a tab or carriage return) would run as a formula in a spreadsheet, so it gets a leading
// apostrophe; a cell that starts with an apostrophe gets one more, so that `unguardCell` gives back
// exactly what was written. Spreadsheets also read the full-width forms ＝ ＋ － ＠ as formula starts,
// and skip leading spaces and quotes before them: each of those is guarded too.
const FORMULA_START =
  /^(?:[\t\r'\uff07]|[\s"'\u3000\u00a0\uff02\uff07]*[=+\-@\uff1d\uff0b\uff0d\uff20\u2212])/u;

export function guardCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The exact text of a cell written by `guardCell`. */
export function unguardCell(value: string): string {
  return value.startsWith("'") ? value.slice(1) : value;
}

function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export type CsvValue = string | number | boolean | null;

/** One CSV line (with its CRLF) of guarded, quoted cells; null is an empty cell. */
export function csvLine(values: CsvValue[]): string {
  return (
    values
      .map((v) => (v === null ? '' : typeof v === 'string' ? quote(guardCell(v)) : quote(String(v))))
      .join(',') + '\r\n'
  );
}
