// The reminders' calendar feed as iCalendar text (RFC 5545), pure: one all-day VEVENT per reminder
// with a due date (a distance-only one on its predicted date), CRLF lines folded at 75 octets.

export interface CalendarEntry {
  reminderId: string;
  carId: string;
  title: string;
  carName: string;
  /** YYYY-MM-DD */
  date: string;
  notes: string | null;
  /** ISO date-time */
  updatedAt: string;
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

function nextDay(isoDay: string): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

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
  const stamp = utcStamp(opts.now);
  for (const e of entries) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:reminder-${e.reminderId}@${opts.host}`,
      `DTSTAMP:${stamp}`,
      `LAST-MODIFIED:${utcStamp(new Date(e.updatedAt))}`,
      `DTSTART;VALUE=DATE:${basicDate(e.date)}`,
      `DTEND;VALUE=DATE:${basicDate(nextDay(e.date))}`,
      `SUMMARY:${escapeText(e.carName ? `${e.title} — ${e.carName}` : e.title)}`,
      ...(e.notes ? [`DESCRIPTION:${escapeText(e.notes)}`] : []),
      `URL:${opts.publicUrl}/car/${e.carId}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
