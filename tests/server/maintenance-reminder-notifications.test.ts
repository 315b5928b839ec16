// A member is told once when a reminder's state changes to soon or to overdue (a stored
// notification of type `reminder`, pushed to every socket); nothing when it stays, nothing when it
// goes back to ok; once only with two nodes at the same change, and nothing again after a restart.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Car } from '../../src/contract/garage';
import type { Reminder } from '../../src/contract/maintenance-api';
import { carLogsRepository } from '../../server/src/garage/car-logs-repository';
import { carsRepository } from '../../server/src/garage/cars-repository';
import { maintenanceService } from '../../server/src/maintenance/maintenance-service';
import { remindersRepository } from '../../server/src/maintenance/reminders-repository';
import { settingsRepository } from '../../server/src/settings/settings-repository';
import {
  API,
  collect,
  createCar,
  createLog,
  listen,
  member,
  socketOf,
  type ClientSocket,
  type Member,
} from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { carAccess } from '../../server/src/garage/car-access';
import { carMembersRepository } from '../../server/src/garage/car-members-repository';

let t: TestApp;
let ann: Member;
let socket: ClientSocket;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
  socket = await socketOf(await listen(t.app), ann);
});
afterAll(async () => {
  socket?.disconnect();
  await t?.close();
});

const today = () => new Date().toISOString().slice(0, 10);

async function reminderNotifications(who: Member) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${API}/notifications?limit=100`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ data: { type: string; jsonPayload: Record<string, unknown> }[] }>()
    .data.filter((n) => n.type === 'reminder');
}

async function newReminder(car: Car, body: Record<string, unknown>): Promise<Reminder> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${API}/reminders`,
    headers: ann.headers,
    payload: { carId: car.id, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Reminder }>().data;
}

describe('reminder notifications', () => {
  test('once per change to soon and to overdue, on every socket; none while it stays or goes back to ok', async () => {
    const car = await createCar(t.app, ann, { mileage: 20_000 });
    const events = collect(socket);
    const r = await newReminder(car, {
      title: 'Brake fluid',
      logType: 'maintenance',
      intervalDistance: 1_000,
    });
    expect(await reminderNotifications(ann)).toEqual([]);

    await createLog(t.app, ann, car.id, { type: 'fuel', startDate: today(), mileage: 20_600 });
    await createLog(t.app, ann, car.id, { type: 'fuel', startDate: today(), mileage: 20_700 });
    let told = await reminderNotifications(ann);
    expect(told).toHaveLength(1);
    expect(told[0]!.jsonPayload).toMatchObject({
      relatedCarId: car.id,
      relatedReminderId: r.id,
      excerpt: 'Brake fluid',
      state: 'soon',
      firedBy: 'mileage',
    });

    await createLog(t.app, ann, car.id, { type: 'fuel', startDate: today(), mileage: 21_100 });
    await createLog(t.app, ann, car.id, { type: 'fuel', startDate: today(), mileage: 21_200 });
    told = await reminderNotifications(ann);
    expect(told.map((n) => n.jsonPayload.state)).toEqual(['overdue', 'soon']);

    // Done: back to ok, silently. The completing log deleted: overdue again, told once more.
    const done = await createLog(t.app, ann, car.id, { startDate: today(), mileage: 21_200 });
    expect(await reminderNotifications(ann)).toHaveLength(2);
    await t.app.inject({ method: 'DELETE', url: `${API}/car-logs/${done.id}`, headers: ann.headers });
    expect((await reminderNotifications(ann)).map((n) => n.jsonPayload.state)).toEqual([
      'overdue',
      'overdue',
      'soon',
    ]);
    // Pushed live too, once each (the last may still be on its way).
    // Stored ones only: a write also sends a realtime-only `reminder` event (screens refresh).
    const live = () => events.filter((e) => e.type === 'reminder' && e.id !== '-'.repeat(36));
    const deadline = Date.now() + 20_000; // a limit for a loaded machine, not a measure
    while (live().length < 3 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(live().map((e) => e.jsonPayload.state)).toEqual(['soon', 'overdue', 'overdue']);
  });

  test('a reminder made past due is told once; editing it without a change tells nothing', async () => {
    const car = await createCar(t.app, ann);
    const before = (await reminderNotifications(ann)).length;
    const r = await newReminder(car, { title: 'Insurance', dueDate: '2020-01-01' });
    expect(r.state).toBe('overdue');
    await t.app.inject({
      method: 'PUT',
      url: `${API}/reminders/${r.id}`,
      headers: ann.headers,
      payload: { title: 'Insurance renewal' },
    });
    expect((await reminderNotifications(ann)).length).toBe(before + 1);
  });

  test('two nodes seeing the same change tell once; a restarted node tells nothing again', async () => {
    const car = await createCar(t.app, ann, { mileage: 1_000 });
    const r = await newReminder(car, { title: 'Tyres', intervalDistance: 10_000 });
    // The log is written behind the services' backs, as if by a node that died before checking.
    const db = t.app.db.kysely;
    await carLogsRepository(db).insert({
      id: crypto.randomUUID(),
      carId: car.id,
      type: 'fuel',
      title: 'Far away',
      content: null,
      location: null,
      tags: [],
      cost: null,
      currencyCode: null,
      startDate: today(),
      mileage: 12_000,
      media: [],
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    });
    const told: string[] = [];
    const node = () =>
      maintenanceService({
        cars: carsRepository(db),
        logs: carLogsRepository(db),
        reminders: remindersRepository(db),
        settings: settingsRepository(db),
        access: carAccess(carMembersRepository(db)),
        members: carMembersRepository(db),
        tell: async (_member, n) =>
          void told.push(`${String(n.jsonPayload.relatedReminderId)} ${String(n.jsonPayload.state)}`),
      });
    const [one, two] = [node(), node()];
    await Promise.all([one.checkStates(ann.id, [car.id]), two.checkStates(ann.id, [car.id])]);
    expect(told).toEqual([`${r.id} overdue`]);
    await node().checkStates(ann.id, [car.id]);
    expect(told).toHaveLength(1);
  });

  test('the sweep tells of a date passed without any write, in batches, once', async () => {
    const other = await member(t.app);
    const db = t.app.db.kysely;
    const cars = [await createCar(t.app, ann), await createCar(t.app, other)];
    const told: string[] = [];
    let day = '2031-01-01';
    const node = maintenanceService({
      cars: carsRepository(db),
      logs: carLogsRepository(db),
      reminders: remindersRepository(db),
      settings: settingsRepository(db),
      access: carAccess(carMembersRepository(db)),
      members: carMembersRepository(db),
      tell: async (memberId, n) => void told.push(`${memberId} ${String(n.jsonPayload.state)}`),
      now: () => new Date(`${day}T12:00:00.000Z`),
    });
    for (const [i, car] of cars.entries()) {
      const who = i === 0 ? ann : other;
      await node.create(who.id, { carId: car.id, title: `Tax ${i}`, dueDate: '2031-02-01' });
    }
    expect(told).toEqual([]);
    day = '2031-01-25';
    await node.sweep(1);
    expect(told.sort()).toEqual([`${ann.id} soon`, `${other.id} soon`].sort());
    await node.sweep(1);
    expect(told).toHaveLength(2);
    day = '2031-02-02';
    await node.sweep();
    expect(told.filter((x) => x.endsWith('overdue')).sort()).toEqual(
      [`${ann.id} overdue`, `${other.id} overdue`].sort(),
    );
  });
});
