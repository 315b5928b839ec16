// GET /reminders' answers kept per process (the budget in docs/BENCHMARKS.md: 20 cars × 10 reminders at ≥
// 2,000 req/s): a kept answer is the fresh one byte for byte, and every input of the answer (a reminder, a
// log, the car's mileage, a share, the day) reaches the next GET. On PostgreSQL too (TEST_DATABASE).
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildApp, type App } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import type { Car } from '../../src/contract/garage';
import type { Reminder } from '../../src/contract/maintenance-api';
import { API, createCar, createLog, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { befriend, person, type Person } from './people-fixtures';

let t: TestApp;
let ann: Person;
let bob: Person;
let oldTimer: Car;
let daily: Car;
beforeAll(async () => {
  t = await createTestApp();
  ann = await person(t.app);
  bob = await person(t.app);
  await befriend(t.app, ann, bob);
  oldTimer = await createCar(t.app, ann, { mileage: 50_000 });
  daily = await createCar(t.app, ann, { mileage: 20_000, nickname: 'Daily' });
});
afterAll(async () => t?.close());
afterEach(() => vi.useRealTimers());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: Member,
  payload?: object,
  app: App = t.app,
) => app.inject({ method, url: `${API}${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

async function createReminder(body: Record<string, unknown>, who: Member = ann): Promise<Reminder> {
  const res = await call('POST', '/reminders', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Reminder }>().data;
}

async function list(who: Member, query = ''): Promise<Reminder[]> {
  const res = await call('GET', `/reminders${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Reminder[] }>().data;
}
const byId = async (who: Member, id: string) => (await list(who)).find((r) => r.id === id);

const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('the answer kept', () => {
  test('is the fresh answer byte for byte, sent as JSON with the headers of any answer', async () => {
    await createReminder({
      carId: oldTimer.id,
      title: 'Huile « 5W-40 » \u2014 "Motul" \\ \u{1F697}',
      logType: 'maintenance',
      intervalMonths: 12,
      intervalDistance: 10_000,
      notes: 'Ligne 1\nLigne 2\u2028</script>',
    });
    await createReminder({ carId: daily.id, title: 'Contrôle technique', dueDate: daysFromToday(-3) });
    for (const query of ['', `?carId=${oldTimer.id}`]) {
      const first = await call('GET', `/reminders${query}`, ann);
      const kept = await call('GET', `/reminders${query}`, ann);
      // Another process over the same database: nothing kept there, the answer is made afresh.
      const other = await buildApp(loadConfig(t.env), { logger: false });
      try {
        const fresh = await call('GET', `/reminders${query}`, ann, undefined, other);
        expect(fresh.statusCode).toBe(200);
        expect(kept.statusCode).toBe(200);
        expect(kept.body).toBe(fresh.body);
        expect(first.body).toBe(fresh.body);
        expect(kept.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(kept.headers['content-type']).toBe(fresh.headers['content-type']);
        expect(kept.headers['content-length']).toBe(String(Buffer.byteLength(fresh.body)));
        // The security headers set for every answer.
        for (const header of ['x-content-type-options', 'content-security-policy', 'x-frame-options'])
          if (fresh.headers[header] !== undefined) expect(kept.headers[header]).toBe(fresh.headers[header]);
        expect(kept.headers['x-content-type-options']).toBe('nosniff');
      } finally {
        await other.close();
      }
    }
  });

  test('is used: a change that moved no version is not seen (the signature alone decides)', async () => {
    const r = await createReminder({ carId: daily.id, title: 'Pneus hiver', intervalMonths: 12 });
    expect((await byId(ann, r.id))?.title).toBe('Pneus hiver');
    const db = t.app.db.kysely;
    const before = await db
      .selectFrom('cars')
      .select('reminders_version')
      .where('id', '=', daily.id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('reminders')
      .set({ title: 'Changed behind its back' })
      .where('id', '=', r.id)
      .execute();
    // The trigger moved the version; put it back as if nothing had changed.
    await db
      .updateTable('cars')
      .set({ reminders_version: before.reminders_version })
      .where('id', '=', daily.id)
      .execute();
    expect((await byId(ann, r.id))?.title).toBe('Pneus hiver');
    await db
      .updateTable('cars')
      .set({ reminders_version: sql`reminders_version + 1` })
      .where('id', '=', daily.id)
      .execute();
    expect((await byId(ann, r.id))?.title).toBe('Changed behind its back');
  });

  test('a told state (never on the wire) moves no version; a reminder write moves its car’s', async () => {
    const db = t.app.db.kysely;
    const version = async (carId: string) =>
      Number(
        (
          await db
            .selectFrom('cars')
            .select('reminders_version')
            .where('id', '=', carId)
            .executeTakeFirstOrThrow()
        ).reminders_version,
      );
    const r = await createReminder({ carId: daily.id, title: 'Essuie-glaces', intervalMonths: 6 });
    const [a, b] = [await version(daily.id), await version(oldTimer.id)];
    await db.updateTable('reminders').set({ notified_state: 'soon' }).where('id', '=', r.id).execute();
    expect(await version(daily.id)).toBe(a);
    // Moved to another car: both cars' versions move.
    const moved = await call('PUT', `/reminders/${r.id}`, ann, { carId: oldTimer.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await version(daily.id)).toBeGreaterThan(a);
    expect(await version(oldTimer.id)).toBeGreaterThan(b);
  });
});

describe('the next GET reflects', () => {
  test('a reminder created, changed and deleted (all, and one car’s)', async () => {
    await list(ann);
    await list(ann, `?carId=${daily.id}`);
    const r = await createReminder({ carId: daily.id, title: 'Courroie', intervalDistance: 120_000 });
    expect((await byId(ann, r.id))?.title).toBe('Courroie');
    expect((await list(ann, `?carId=${daily.id}`)).map((x) => x.id)).toContain(r.id);

    const changed = await call('PUT', `/reminders/${r.id}`, ann, { title: 'Courroie de distribution' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await byId(ann, r.id))?.title).toBe('Courroie de distribution');
    expect((await list(ann, `?carId=${daily.id}`)).find((x) => x.id === r.id)?.title).toBe(
      'Courroie de distribution',
    );

    expect((await call('DELETE', `/reminders/${r.id}`, ann)).statusCode).toBe(200);
    expect(await byId(ann, r.id)).toBeUndefined();
    expect((await list(ann, `?carId=${daily.id}`)).map((x) => x.id)).not.toContain(r.id);
  });

  test('a log added and deleted', async () => {
    const car = await createCar(t.app, ann, { mileage: 30_000, nickname: 'Logs' });
    const r = await createReminder({
      carId: car.id,
      title: 'Vidange',
      logType: 'maintenance',
      intervalMonths: 12,
    });
    expect((await byId(ann, r.id))?.doneLogId).toBeNull();
    const log = await createLog(t.app, ann, car.id, { startDate: daysFromToday(-1), mileage: 30_100 });
    expect((await byId(ann, r.id))?.doneLogId).toBe(log.id);
    expect((await call('DELETE', `/car-logs/${log.id}`, ann)).statusCode).toBe(200);
    expect((await byId(ann, r.id))?.doneLogId).toBeNull();
  });

  test('the car’s own mileage changed', async () => {
    const car = await createCar(t.app, ann, { mileage: 40_000, nickname: 'Mileage' });
    const r = await createReminder({ carId: car.id, title: 'Embrayage', dueMileage: 45_000 });
    expect((await byId(ann, r.id))?.state).toBe('ok');
    const res = await call('PUT', `/cars/${car.id}`, ann, { mileage: 46_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await byId(ann, r.id))?.state).toBe('overdue');
  });

  test('a car shared and left', async () => {
    const car = await createCar(t.app, ann, { nickname: 'Shared' });
    const r = await createReminder({ carId: car.id, title: 'Assurance', dueDate: daysFromToday(200) });
    expect(await byId(bob, r.id)).toBeUndefined();
    expect((await call('GET', `/reminders?carId=${car.id}`, bob)).statusCode).toBe(404);
    const invited = await call('POST', `/cars/${car.id}/members`, ann, { userId: bob.id, role: 'viewer' });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(await byId(bob, r.id)).toBeUndefined();
    const accepted = await call('PUT', `/car-invites/${car.id}`, bob, { action: 'accept' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await byId(bob, r.id))?.title).toBe('Assurance');
    expect((await list(bob, `?carId=${car.id}`)).map((x) => x.id)).toEqual([r.id]);
    expect((await call('DELETE', `/cars/${car.id}/members/${bob.id}`, bob)).statusCode).toBe(200);
    expect(await byId(bob, r.id)).toBeUndefined();
    expect((await call('GET', `/reminders?carId=${car.id}`, bob)).statusCode).toBe(404);
  });

  test('a new day', async () => {
    // Five minutes before midnight (UTC, the day the states’ rules read), then five minutes after: a
    // member signed in then, with a one-off due that day.
    const now = new Date();
    const evening = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 23, 55);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(evening);
    const cat = await person(t.app);
    const car = await createCar(t.app, cat, { nickname: 'Days' });
    const r = await createReminder({ carId: car.id, title: 'Vignette', dueDate: daysFromToday(0) }, cat);
    expect((await byId(cat, r.id))?.state).toBe('soon');
    vi.setSystemTime(evening + 10 * 60_000);
    expect((await byId(cat, r.id))?.state).toBe('overdue');
  });
});
