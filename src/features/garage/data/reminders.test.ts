// The reminders offline, inside the client: writes land in Dexie and the outbox in one go, the
// real replayer sends them to the in-memory server double (which derives states with the contract's
// rule, like the server), and the device derives each state from its own logs at once.
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { createReplayer, registerOutboxHandlers } from '@/lib/outbox';
import { signedIn } from '@/testing/api-client';
import { installGarageServer } from '@/features/garage/testing/fake-garage-server';
import { garageHandlers } from './handlers';
import {
  deleteCarLog,
  deleteReminder,
  readReminders,
  saveCar,
  saveCarLog,
  saveReminder,
  syncCarLogs,
  syncCars,
  syncReminders,
  useReminders,
  type ReminderDraft,
} from './index';

beforeAll(() => registerOutboxHandlers(garageHandlers));

let dbCount = 0;
beforeEach(() => {
  dbCount += 1;
  resetLocalDatabaseForTests(`reminders-test-${dbCount}-${Math.random().toString(36).slice(2)}`);
  signedIn();
});
afterEach(() => {
  db.close();
  vi.unstubAllGlobals();
});

const replay = () => createReplayer({ random: () => 0, refresh: vi.fn() }).replay();
const TODAY = '2026-06-01';

const oilChange = (carId: string, over: Partial<ReminderDraft> = {}): ReminderDraft => ({
  carId,
  title: 'Oil and filter',
  logType: 'maintenance',
  intervalMonths: 12,
  intervalDistance: 15000,
  dueDate: null,
  dueMileage: null,
  soonDays: null,
  soonDistance: null,
  notes: null,
  ...over,
});
const serviceLog = (carId: string, startDate: string, mileage: number) => ({
  carId,
  type: 'maintenance',
  title: 'Oil change',
  startDate,
  mileage,
});

/** A car on the server with its last oil change, synced to this device. */
async function syncedCarWithService(server: ReturnType<typeof installGarageServer>) {
  const carId = await saveCar({ make: 'Alpine', model: 'A110', mileage: 40000 });
  const logId = await saveCarLog(serviceLog(carId, '2025-05-01', 50000));
  await replay();
  await syncCars();
  await syncCarLogs(carId);
  expect(server.logs.size).toBe(1);
  return { carId, logId };
}

describe('reminders offline', () => {
  it('a reminder of a car made offline waits for the car and reaches the server exactly once', async () => {
    const server = installGarageServer();
    server.setOffline(true);
    const carId = await saveCar({ make: 'Alpine', model: 'A110', mileage: 12000 });
    const id = await saveReminder(oilChange(carId));
    const [carEntry, entry] = await db.outbox.orderBy('seq').toArray();
    expect(entry).toMatchObject({
      kind: 'reminder.create',
      entityId: id,
      method: 'POST',
      path: '/reminders',
    });
    expect(entry?.dependsOn).toEqual([carEntry?.id]);
    expect(entry?.body).toEqual({ type: 'json', json: { id, ...oilChange(carId) } });
    // The device starts it from the car's odometer now, as the server does.
    expect(await db.reminders.get(id)).toMatchObject({ id, createdMileage: 12000, setDueDate: null });

    await replay(); // offline: nothing reaches the server
    server.setOffline(false);
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await replay();
    await replay();
    const posts = server.requests.filter((r) => r.method === 'POST' && r.path === '/reminders');
    expect(posts.filter((r) => r.idempotencyKey !== null).map((r) => r.idempotencyKey)).toEqual(
      [entry!.id, entry!.id].slice(0, posts.length),
    );
    expect(server.reminders.size).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.reminders.get(id)).toMatchObject({ id, title: 'Oil and filter', createdMileage: 12000 });
  });

  it('edits and deletes offline, sent once each in order', async () => {
    const server = installGarageServer();
    const { carId } = await syncedCarWithService(server);
    const id = await saveReminder(oilChange(carId));
    await replay();
    server.setOffline(true);
    await saveReminder(oilChange(carId, { title: 'Oil, filter and plugs', intervalDistance: null }), { id });
    expect(await db.reminders.get(id)).toMatchObject({
      title: 'Oil, filter and plugs',
      intervalDistance: null,
    });
    const other = await saveReminder(oilChange(carId, { title: 'Tax', logType: 'tax' }));
    await deleteReminder(other);
    expect(await db.reminders.get(other)).toBeUndefined();
    server.setOffline(false);
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await replay();
    await replay();
    const writes = server
      .writes()
      .filter((r) => r.path.startsWith('/reminders'))
      .map((r) => r.method);
    expect(writes).toEqual(['POST', 'PUT', 'POST', 'DELETE']);
    expect(server.reminders.get(id)).toMatchObject({
      title: 'Oil, filter and plugs',
      intervalDistance: null,
    });
    expect(server.reminders.has(other)).toBe(false);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a reminder the server refuses needs attention with its reason', async () => {
    const server = installGarageServer();
    const { carId } = await syncedCarWithService(server);
    const id = await saveReminder(oilChange(carId));
    server.failNext('POST /reminders', 400);
    await replay();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'reminder.create', entityId: id, status: 'failed' });
    expect(entry).toMatchObject({ lastStatus: 400, lastCode: 'VALIDATION_ERROR' });
    const [row] = await readReminders(db, { today: TODAY });
    expect(row?.syncState).toBe('failed');
  });

  it("across all cars lists my garage's, and of a shared car only what my role acts on", async () => {
    const server = installGarageServer();
    const { carId } = await syncedCarWithService(server);
    await saveReminder(oilChange(carId));
    const [mine] = await db.reminders.toArray();
    const car = (await db.cars.get(carId))!;
    const driven = crypto.randomUUID();
    const viewed = crypto.randomUUID();
    await db.cars.bulkPut([
      { ...car, id: driven, ownerId: 'owner', role: 'driver', ownerName: 'Alice' },
      { ...car, id: viewed, ownerId: 'owner', role: 'viewer', ownerName: 'Alice' },
    ]);
    const byDate = { intervalDistance: null, dueMileage: null, logType: 'maintenance' };
    await db.reminders.bulkPut([
      { ...mine!, id: crypto.randomUUID(), carId: crypto.randomUUID() }, // not in my garage
      { ...mine!, id: crypto.randomUUID(), carId: driven, intervalDistance: 10000 }, // a driver's
      { ...mine!, id: crypto.randomUUID(), carId: driven, ...byDate }, // not a driver's
      { ...mine!, id: crypto.randomUUID(), carId: viewed, intervalDistance: 10000 }, // a viewer acts on none
    ]);
    const listed = (await readReminders(db, { today: TODAY })).map((r) => r.carId).sort();
    expect(listed).toEqual([carId, driven].sort());
    // The car's own list shows them all (a viewer reads them).
    expect(await readReminders(db, { carId: viewed, today: TODAY })).toHaveLength(1);
  });

  it('the state follows the logs on the device: a completing log saved offline, then deleted', async () => {
    const server = installGarageServer();
    server.setToday(TODAY);
    const { carId } = await syncedCarWithService(server);
    await saveReminder(oilChange(carId));
    await replay();
    await syncReminders();
    // Serviced 2025-05-01 at 50,000: due 2026-05-01 or 65,000 — a month late.
    let [row] = await readReminders(db, { today: TODAY });
    expect(row).toMatchObject({
      state: 'overdue',
      dueDate: '2026-05-01',
      dueMileage: 65000,
      firedBy: 'date',
    });

    server.setOffline(true);
    const logId = await saveCarLog(serviceLog(carId, TODAY, 58000));
    [row] = await readReminders(db, { today: TODAY });
    expect(row).toMatchObject({ state: 'ok', dueDate: '2027-06-01', dueMileage: 73000, doneLogId: logId });

    await deleteCarLog(logId);
    [row] = await readReminders(db, { today: TODAY });
    expect(row).toMatchObject({ state: 'overdue', dueDate: '2026-05-01' });
  });

  it('the device shows the same state as the server once synced', async () => {
    const server = installGarageServer();
    server.setToday(TODAY);
    const { carId } = await syncedCarWithService(server);
    await saveReminder(oilChange(carId, { intervalMonths: 13 }));
    await replay();
    await syncReminders();
    const local = await readReminders(db, { today: TODAY });
    const stored = (await db.reminders.toArray())[0];
    // Due 2026-06-01: within the 14-day default window, so soon on both sides.
    expect(local[0]).toMatchObject({ state: 'soon', dueDate: '2026-06-01' });
    expect(stored).toMatchObject({ state: local[0]!.state, dueDate: local[0]!.dueDate, firedBy: 'date' });
  });

  it('a car whose log book is not on this device keeps the server state', async () => {
    const server = installGarageServer();
    server.setToday(TODAY);
    const { carId } = await syncedCarWithService(server);
    await saveReminder(oilChange(carId));
    await replay();
    await db.carLogs.clear();
    await db.meta.clear();
    await syncReminders();
    const [row] = await readReminders(db, { today: TODAY });
    expect(row).toMatchObject({ state: 'overdue', dueDate: '2026-05-01' });
  });

  it('a sync keeps a queued edit and drops a reminder the server no longer has', async () => {
    const server = installGarageServer();
    const { carId } = await syncedCarWithService(server);
    const kept = await saveReminder(oilChange(carId));
    const gone = await saveReminder(oilChange(carId, { title: 'Tax', logType: 'tax' }));
    await replay();
    await saveReminder(oilChange(carId, { title: 'Edited here' }), { id: kept });
    server.reminders.delete(gone);
    await syncReminders();
    expect(await db.reminders.get(kept)).toMatchObject({ title: 'Edited here' });
    expect(await db.reminders.get(gone)).toBeUndefined();
  });

  it('useReminders lists overdue first, live', async () => {
    const server = installGarageServer();
    const { carId } = await syncedCarWithService(server);
    await saveReminder(oilChange(carId, { title: 'Far', intervalMonths: 120, intervalDistance: null }));
    await saveReminder(oilChange(carId, { title: 'Late', intervalMonths: 1, intervalDistance: null }));
    const { result } = renderHook(() => useReminders(carId));
    await waitFor(() =>
      expect(result.current?.map((r) => [r.title, r.state])).toEqual([
        ['Late', 'overdue'],
        ['Far', 'ok'],
      ]),
    );
  });
});
