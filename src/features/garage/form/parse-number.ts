// Numbers typed by people: spaces as thousands separators ("12 000", French style) are fine, and a
// comma is a decimal point (French keyboards). '' means "not given".

const SPACES = /[\s\u00a0\u202f]/g;

/** A whole number ≥ 0, null when empty, NaN when it is not one. */
export function parseWholeNumber(text: string): number | null {
  const clean = text.replace(SPACES, '');
  if (clean === '') return null;
  return /^\d+$/.test(clean) ? Number(clean) : Number.NaN;
}

/** An amount ≥ 0 with at most `decimals` decimals, null when empty, NaN when it is not one. */
export function parseAmount(text: string, decimals = 2): number | null {
  const clean = text.replace(SPACES, '').replace(',', '.');
  if (clean === '') return null;
  const pattern = new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`);
  return pattern.test(clean) ? Number(clean) : Number.NaN;
}
