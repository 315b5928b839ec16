// GET /reminders/calendar.ics?key=… — the member's reminders with a due date (a
// distance-only one on its predicted date) as an RFC 5545 feed, parsed here with ical.js; no
// session, the key is the secret (stored hashed; a wrong or renewed key is 404).
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Reminder } from '../../src/contract/maintenance-api';
import { API, createCar, createLog, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let ann: Member;
let bob: Member;
beforeAll(async () => {
  t = await createTestApp();
  [ann, bob] = [await member(t.app), await member(t.app)];
});
afterAll(async () => t?.close());

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function feedUrl(who: Member, renew = false): Promise<string> {
  const res = await t.app.inject({
    method: renew ? 'POST' : 'GET',
    url: `${API}/reminders/calendar-key${renew ? '/renew' : ''}`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { url: string } }>().data.url;
}

/** The feed URL fetched without any session. */
const fetchFeed = (url: string) => t.app.inject({ url: url.slice(t.config.publicUrl.length) });

async function reminder(body: Record<string, unknown>): Promise<Reminder> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${API}/reminders`,
    headers: ann.headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Reminder }>().data;
}

describe('the reminders calendar feed', () => {
  test('an RFC 5545 feed: dated and predicted reminders as all-day events, escaped, folded, CRLF, stable UIDs', async () => {
    const car = await createCar(t.app, ann, { nickname: 'Berlinette', mileage: 10_000 });
    await createLog(t.app, ann, car.id, { type: 'fuel', startDate: dayOffset(-60), mileage: 10_000 });
    await createLog(t.app, ann, car.id, { type: 'fuel', startDate: dayOffset(-30), mileage: 11_000 });
    const title = 'Vidange; filtre, et \\ contrôle — huile synthétique 5W-40 spéciale pour moteur ancien';
    const dated = await reminder({
      carId: car.id,
      title,
      dueDate: '2031-03-05',
      notes: 'Line one\nLine two, with comma',
    });
    const predicted = await reminder({ carId: car.id, title: 'Tyres', dueMileage: 12_000 });
    expect(predicted.predictedDate).not.toBeNull();
    const otherCar = await createCar(t.app, ann, { nickname: 'Sans relevés', mileage: 5_000 });
    const undated = await reminder({ carId: otherCar.id, title: 'Belt', dueMileage: 90_000 });
    expect(undated.dueDate).toBeNull();
    expect(undated.predictedDate).toBeNull();

    const url = await feedUrl(ann);
    expect(url).toMatch(
      new RegExp(`^${t.config.publicUrl}${API}/reminders/calendar\\.ics\\?key=[\\w-]{40,}$`),
    );
    const res = await fetchFeed(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = res.body;
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.slice(0, -2).split('\r\n');
    expect(lines.some((l) => l.includes('\n') || l.includes('\r'))).toBe(false);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.some((l) => l.startsWith(' '))).toBe(true); // the long summary was folded
    expect(text).toContain('Vidange\\; filtre\\, et \\\\ contr');

    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(2);
    const byUid = new Map(events.map((e) => [e.uid, e]));
    const first = byUid.get(`reminder-${dated.id}@localhost`)!;
    expect(first.summary).toBe(`${title} — Berlinette`);
    expect(first.description).toBe('Line one\nLine two, with comma');
    expect(first.startDate.isDate).toBe(true);
    expect(first.startDate.toString()).toBe('2031-03-05');
    expect(first.component.getFirstPropertyValue('dtstamp')).toBeTruthy();
    expect(first.component.getFirstPropertyValue('url')).toBe(`${t.config.publicUrl}/car/${car.id}`);
    const second = byUid.get(`reminder-${predicted.id}@localhost`)!;
    expect(second.summary).toBe('Tyres — Berlinette');
    expect(second.startDate.isDate).toBe(true);
    expect(second.startDate.toString()).toBe(predicted.predictedDate);

    // Fetched again: the same UIDs (calendars update their events rather than add new ones).
    const again = new ICAL.Component(ICAL.parse((await fetchFeed(url)).body));
    expect(
      again
        .getAllSubcomponents('vevent')
        .map((v) => new ICAL.Event(v).uid)
        .sort(),
    ).toEqual([...byUid.keys()].sort());
  });

  test('the key: the same URL until renewed, then the old one is 404 at once; stored only as a hash', async () => {
    const url = await feedUrl(ann);
    expect(await feedUrl(ann)).toBe(url);
    const key = new URL(url).searchParams.get('key')!;
    const rows = await t.app.db.kysely.selectFrom('calendar_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(key);

    const renewed = await feedUrl(ann, true);
    expect(renewed).not.toBe(url);
    expect((await fetchFeed(url)).statusCode).toBe(404);
    expect((await fetchFeed(renewed)).statusCode).toBe(200);
    expect(await feedUrl(ann)).toBe(renewed);
  });

  test("a wrong key is 404, no key 400; each member's feed holds only their reminders; key calls need a session", async () => {
    const ok = await feedUrl(ann);
    const wrong = ok.replace(/key=(.)/, (_m, c: string) => `key=${c === 'A' ? 'B' : 'A'}`);
    expect((await fetchFeed(wrong)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${API}/reminders/calendar.ics` })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `${API}/reminders/calendar.ics?key=` })).statusCode).toBe(400);

    const bobs = await fetchFeed(await feedUrl(bob));
    expect(bobs.statusCode).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(bobs.body));
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(0);

    expect((await t.app.inject({ url: `${API}/reminders/calendar-key` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: `${API}/reminders/calendar-key/renew` })).statusCode,
    ).toBe(401);
  });
});

describe('OpenAPI', () => {
  test('documents the push subscriptions, the VAPID key and the calendar calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${API}/docs/json` })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const methods = (path: string) => Object.keys(doc.paths[`${API}${path}`] ?? {});
    expect(methods('/push-subscriptions')).toEqual(expect.arrayContaining(['post', 'delete']));
    expect(methods('/push-subscriptions/vapid-public-key')).toEqual(['get']);
    expect(methods('/reminders/calendar.ics')).toEqual(['get']);
    expect(methods('/reminders/calendar-key')).toEqual(['get']);
    expect(methods('/reminders/calendar-key/renew')).toEqual(['post']);
  });
});
