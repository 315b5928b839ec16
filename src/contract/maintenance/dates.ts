// Calendar dates (YYYY-MM-DD) as whole days, without time zones: a log's date is a day, not an instant.

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD date (its first 10 characters: an ISO instant works too). */
export function dayNumber(date: string): number {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  return Math.round(Date.UTC(y!, m! - 1, d!) / DAY_MS);
}

export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

export const addDays = (date: string, days: number): string => dateOfDay(dayNumber(date) + days);

/** `months` calendar months later; the day is kept, or the month's last day when it has fewer. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  const index = y! * 12 + (m! - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d!, lastDay))).toISOString().slice(0, 10);
}
