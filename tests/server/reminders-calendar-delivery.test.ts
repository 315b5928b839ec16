// The calendar feed calendars can rely on: an ETag, and 304 to an If-None-Match naming it; a one-off
// reminder done leaves the calendar; LAST-MODIFIED is the reminder's last real change and SEQUENCE
// grows with each change; every date (year 9999 included) gives a valid event; a member without
// reminders gets a calendar a strict reading accepts (RFC 5545: at least one component).
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Reminder } from '../../src/contract/maintenance-api';
import { calendarFeed } from '../../server/src/maintenance/calendar-feed';
import { API, createCar, createLog, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function feedPath(who: Member): Promise<string> {
  const res = await t.app.inject({ url: `${API}/reminders/calendar-key`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { url: string } }>().data.url.slice(t.config.publicUrl.length);
}

const fetchFeed = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: path, headers });

async function reminder(who: Member, body: Record<string, unknown>): Promise<Reminder> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${API}/reminders`,
    headers: who.headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Reminder }>().data;
}

async function update(who: Member, id: string, body: Record<string, unknown>): Promise<Reminder> {
  const res = await t.app.inject({
    method: 'PUT',
    url: `${API}/reminders/${id}`,
    headers: who.headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Reminder }>().data;
}

/**
 * Read strictly: ical.js parses it, and RFC 5545's rules ical.js does not enforce are checked: a
 * VCALENDAR with VERSION, PRODID and at least one component; each VEVENT with UID, DTSTAMP,
 * DTSTART, and one of DTEND (after DTSTART) or DURATION; every DATE value eight digits, a real day.
 */
function strictCalendar(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
  expect(calendar.getAllSubcomponents().length).toBeGreaterThan(0);
  // The events' days (a VTIMEZONE's own DTSTART is a date-time, not a DATE).
  for (const line of text.split('\r\n').filter((l) => /^(DTSTART;|DTEND)/.test(l))) {
    const value = /^(?:DTSTART|DTEND);VALUE=DATE:(\d{8})$/.exec(line);
    expect(value, line).not.toBeNull();
    const iso = `${value![1]!.slice(0, 4)}-${value![1]!.slice(4, 6)}-${value![1]!.slice(6)}`;
    expect(new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10), line).toBe(iso);
  }
  const events = calendar.getAllSubcomponents('vevent');
  for (const v of events) {
    for (const name of ['uid', 'dtstamp', 'dtstart', 'last-modified', 'sequence'])
      expect(v.hasProperty(name), name).toBe(true);
    expect(v.hasProperty('dtend') !== v.hasProperty('duration')).toBe(true);
    const event = new ICAL.Event(v);
    expect(event.endDate.compare(event.startDate)).toBeGreaterThan(0);
  }
  return { calendar, events: events.map((v) => new ICAL.Event(v)) };
}

/** An all-day event's day, YYYY-MM-DD (ical.js writes year 1 as `1`). */
const dayOf = (e: ICAL.Event) =>
  `${String(e.startDate.year).padStart(4, '0')}-${String(e.startDate.month).padStart(2, '0')}-${String(e.startDate.day).padStart(2, '0')}`;

const eventOf = (text: string, id: string) =>
  strictCalendar(text).events.find((e) => e.uid === `reminder-${id}@localhost`);

/** ical.js time → ISO instant, to the second. */
const instant = (value: unknown) =>
  (value as ICAL.Time)
    .toJSDate()
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');

describe('the calendar feed', () => {
  test('ETag and 304 to If-None-Match (listed, weak, *); a change gives another ETag', async () => {
    const ann = await member(t.app);
    const car = await createCar(t.app, ann);
    const r = await reminder(ann, { carId: car.id, title: 'Tax', dueDate: '2031-05-01' });
    const path = await feedPath(ann);
    const first = await fetchFeed(path);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    // The same reminders give the same feed, byte for byte, and the same tag.
    const again = await fetchFeed(path);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const cached = await fetchFeed(path, { 'if-none-match': ifNoneMatch });
      expect(cached.statusCode, ifNoneMatch).toBe(304);
      expect(cached.body).toBe('');
      expect(cached.headers.etag).toBe(etag);
    }
    expect((await fetchFeed(path, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    await update(ann, r.id, { title: 'Road tax' });
    const changed = await fetchFeed(path, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(eventOf(changed.body, r.id)!.summary).toMatch(/^Road tax/);
  });

  test('LAST-MODIFIED is the last real change and SEQUENCE grows with each change; a save without change moves neither', async () => {
    const ann = await member(t.app);
    const car = await createCar(t.app, ann);
    const r = await reminder(ann, { carId: car.id, title: 'Inspection', dueDate: '2031-06-01' });
    const path = await feedPath(ann);
    const read = async () => {
      const res = await fetchFeed(path);
      const e = eventOf(res.body, r.id)!;
      return {
        etag: res.headers.etag,
        sequence: e.component.getFirstPropertyValue('sequence'),
        modified: instant(e.component.getFirstPropertyValue('last-modified')),
      };
    };
    const at = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z');
    const v0 = await read();
    expect(v0.sequence).toBe(0);
    expect(v0.modified).toBe(at(r.updatedAt));

    const r1 = await update(ann, r.id, { dueDate: '2031-07-01' });
    const v1 = await read();
    expect(v1.sequence).toBe(1);
    expect(v1.modified).toBe(at(r1.updatedAt));

    const r2 = await update(ann, r.id, { notes: 'Bring the papers' });
    const v2 = await read();
    expect(v2.sequence).toBe(2);
    expect(v2.modified).toBe(at(r2.updatedAt));

    // Saved as it is: no change, nothing moves (the calendar keeps its copy: same ETag).
    const same = await update(ann, r.id, { title: 'Inspection', notes: 'Bring the papers' });
    expect(same.updatedAt).toBe(r2.updatedAt);
    expect(await read()).toEqual(v2);
  });

  test('a one-off reminder done leaves the calendar; a recurring one done moves to its next date', async () => {
    const ann = await member(t.app);
    const car = await createCar(t.app, ann);
    const today = new Date().toISOString().slice(0, 10);
    const once = await reminder(ann, {
      carId: car.id,
      title: 'Recall',
      logType: 'maintenance',
      dueDate: '2031-01-10',
    });
    const yearly = await reminder(ann, {
      carId: car.id,
      title: 'Service',
      logType: 'repair',
      intervalMonths: 12,
      dueDate: '2031-01-10',
    });
    const path = await feedPath(ann);
    const before = (await fetchFeed(path)).body;
    expect(eventOf(before, once.id)).toBeDefined();
    expect(eventOf(before, yearly.id)!.component.getFirstPropertyValue('sequence')).toBe(0);
    await createLog(t.app, ann, car.id, { type: 'maintenance', startDate: today });
    await createLog(t.app, ann, car.id, { type: 'repair', startDate: today });
    const body = (await fetchFeed(path)).body;
    expect(eventOf(body, once.id)).toBeUndefined();
    // Moved by a log, not by a write of the reminder: still a change (SEQUENCE, LAST-MODIFIED).
    const next = eventOf(body, yearly.id)!;
    expect(next.startDate.toString()).not.toBe('2031-01-10');
    expect(next.component.getFirstPropertyValue('sequence')).toBe(1);
    const modified = instant(next.component.getFirstPropertyValue('last-modified'));
    expect(modified >= yearly.updatedAt.replace(/\.\d{3}Z$/, 'Z')).toBe(true);
    // Read again: nothing moved since, nothing grows.
    const again = eventOf((await fetchFeed(path)).body, yearly.id)!;
    expect(again.component.getFirstPropertyValue('sequence')).toBe(1);
    expect(instant(again.component.getFirstPropertyValue('last-modified'))).toBe(modified);
  });

  test('every date gives a valid event, year 9999 included', async () => {
    const ann = await member(t.app);
    const car = await createCar(t.app, ann);
    const dates = ['9999-12-31', '9999-12-30', '2028-02-29', '2031-12-31', '0001-01-01'];
    const made: Reminder[] = [];
    for (const dueDate of dates)
      made.push(await reminder(ann, { carId: car.id, title: `On ${dueDate}`, dueDate }));
    const { events } = strictCalendar((await fetchFeed(await feedPath(ann))).body);
    expect(events.map(dayOf).sort()).toEqual([...dates].sort());
    const last = events.find((e) => dayOf(e) === '9999-12-31')!;
    expect(last.duration.toString()).toBe('P1D');
    // The pure feed: any real day, from year 0 to 9999, parses strictly.
    const days = ['0000-01-01', '9999-12-31', '1900-02-28', '2000-02-29', '2100-03-01'];
    const text = calendarFeed(
      days.map((date, i) => ({
        reminderId: `r${i}`,
        carId: 'c',
        title: date,
        carName: '',
        date,
        notes: null,
        updatedAt: '2030-01-01T00:00:00.000Z',
        sequence: i,
      })),
      { now: new Date(), publicUrl: 'http://localhost:3000', name: 'Paddock', host: 'localhost' },
    );
    expect(strictCalendar(text).events).toHaveLength(days.length);
  });

  test('a member without reminders gets a calendar a strict reading accepts, with no event', async () => {
    const bob = await member(t.app);
    const res = await fetchFeed(await feedPath(bob));
    expect(res.statusCode).toBe(200);
    const { calendar, events } = strictCalendar(res.body);
    expect(events).toEqual([]);
    expect(calendar.getAllSubcomponents('vtimezone')).toHaveLength(1);
  });
});
