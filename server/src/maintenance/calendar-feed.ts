// The reminders' calendar feed as iCalendar text (RFC 5545), pure: one all-day VEVENT per reminder
// with a due date (a distance-only one on its predicted date), CRLF lines folded at 75 octets.
// The same reminders give the same text, byte for byte (DTSTAMP is the event's last change, not the
// time of the request): the feed's ETag is a hash of it, and a calendar asking again gets a 304.

export interface CalendarEntry {
  reminderId: string;
  carId: string;
  title: string;
  carName: string;
  /** YYYY-MM-DD */
  date: string;
  notes: string | null;
  /** ISO date-time: the reminder's last change (LAST-MODIFIED, DTSTAMP). */
  updatedAt: string;
  /** Grows with each change of the reminder (SEQUENCE). */
  sequence: number;
}

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * A content line folded at 75 octets (RFC 5545 §3.1): continuation lines start with one space
 * (which counts), and no UTF-8 character is cut in two.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (octets + size > 75) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n');
}

const basicDate = (isoDay: string) => isoDay.replace(/-/g, '');
const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A real calendar day, YYYY-MM-DD (year 0000 to 9999): anything else has no event. */
export function isCalendarDay(isoDay: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDay)) return false;
  const d = new Date(`${isoDay}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === isoDay;
}

/** The next day, or null past 9999-12-31 (no four-digit year to write it with). */
function nextDay(isoDay: string): string | null {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  const next = d.toISOString().slice(0, 10);
  return /^\d{4}-/.test(next) ? next : null;
}

/**
 * RFC 5545 wants at least one component in a VCALENDAR (strict parsers refuse an empty one): a
 * member without dated reminders gets this UTC time zone, which calendars take and show nothing for.
 */
const EMPTY_CALENDAR_COMPONENT = [
  'BEGIN:VTIMEZONE',
  'TZID:UTC',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0000',
  'TZNAME:UTC',
  'END:STANDARD',
  'END:VTIMEZONE',
];

export function calendarFeed(
  entries: readonly CalendarEntry[],
  opts: { now: Date; publicUrl: string; name: string; host: string },
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Paddock//Reminders//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(opts.name)}`,
  ];
  let events = 0;
  for (const e of entries) {
    if (!isCalendarDay(e.date)) continue;
    const changed = new Date(e.updatedAt);
    const stamp = utcStamp(Number.isNaN(changed.getTime()) ? opts.now : changed);
    const end = nextDay(e.date);
    events++;
    lines.push(
      'BEGIN:VEVENT',
      `UID:reminder-${e.reminderId}@${opts.host}`,
      `DTSTAMP:${stamp}`,
      `LAST-MODIFIED:${stamp}`,
      `SEQUENCE:${Math.max(0, Math.trunc(e.sequence))}`,
      `DTSTART;VALUE=DATE:${basicDate(e.date)}`,
      // An all-day event lasts its day: DTEND the next day, or, on 9999-12-31, one day's duration.
      end ? `DTEND;VALUE=DATE:${basicDate(end)}` : 'DURATION:P1D',
      `SUMMARY:${escapeText(e.carName ? `${e.title} — ${e.carName}` : e.title)}`,
      ...(e.notes ? [`DESCRIPTION:${escapeText(e.notes)}`] : []),
      `URL:${opts.publicUrl}/car/${e.carId}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  if (events === 0) lines.push(...EMPTY_CALENDAR_COMPONENT);
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
