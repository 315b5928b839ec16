// "5 minutes ago" in the member's language (spec §4: dates follow the locale).

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** Past four weeks a date says more than "5 weeks ago". */
const RELATIVE_LIMIT = 4 * WEEK;

const UNITS: [limit: number, seconds: number, unit: Intl.RelativeTimeFormatUnit][] = [
  [MINUTE, 1, 'second'],
  [HOUR, MINUTE, 'minute'],
  [DAY, HOUR, 'hour'],
  [WEEK, DAY, 'day'],
  [RELATIVE_LIMIT, WEEK, 'week'],
];

/** Under 45 s it is "now"; then minutes, hours, days, weeks; after four weeks the date itself. */
export function formatRelativeTime(value: string, now: number, locale: string): string {
  const at = Date.parse(value);
  if (Number.isNaN(at)) return '';
  const seconds = Math.round((at - now) / 1000);
  const size = Math.abs(seconds);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (size < 45) return rtf.format(0, 'second');
  for (const [limit, unitSeconds, unit] of UNITS) {
    if (size < limit) return rtf.format(Math.round(seconds / unitSeconds), unit);
  }
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(at));
}
