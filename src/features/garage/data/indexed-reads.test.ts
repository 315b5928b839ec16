// A car at a glance reads its logbook through the mirror's indexes (docs/BENCHMARKS.md, the car's
// home): the reminders' states, the odometer and the fill-ups read that way must be what the
// contract's rules derive from the whole logbook, and follow every change of the logs: one written
// here, one deleted, one another device wrote that a sync brings.
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CarLog } from '@/contract/garage';
import { odometerSummary, readingsOf } from '@/contract/maintenance';
import type { Reminder } from '@/contract/maintenance-api';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { createReplayer, registerOutboxHandlers } from '@/lib/outbox';
import { signedIn } from '@/testing/api-client';
import { carLogRow, carRow, reminderRow } from '@/testing/mirror-rows';
import { installGarageServer } from '../testing/fake-garage-server';
import { garageHandlers } from './handlers';
import { readCarFillUps, readOdometerEnds, useCarFillUps } from './indexed-reads';
import { readCarLogs, useLastFillUp } from './reads';
import {
  deleteCarLog,
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
  resetLocalDatabaseForTests(`indexed-reads-test-${dbCount}-${Math.random().toString(36).slice(2)}`);
  signedIn();
});
afterEach(() => {
  db.close();
  vi.unstubAllGlobals();
});

const CAR = 'car-a';
const OTHER = 'car-b';
const fuel = { quantity: 40, unit: 'l', fullTank: true, missedPrevious: false } as unknown as CarLog['fuel'];

/** A small deterministic random source (the same logbook on every run). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const addDay = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * A logbook of `count` logs over the days from `start`: readings that never go down (some days
 * several, some equal, some logs without one), of three types, fill-ups among the fuel ones.
 */
function logbook(carId: string, count: number, seed: number, start = '2024-01-01'): CarLog[] {
  const next = random(seed);
  const types = ['maintenance', 'fuel', 'repair'];
  const logs: CarLog[] = [];
  let day = start;
  let mileage = 10_000;
  for (let i = 0; i < count; i++) {
    day = addDay(day, Math.floor(next() * 4)); // 0: another log the same day
    mileage += Math.floor(next() * 3) === 0 ? 0 : Math.floor(next() * 600);
    const type = types[Math.floor(next() * types.length)]!;
    logs.push(
      carLogRow({
        id: `${carId}-log-${String(Math.floor(next() * 1e6)).padStart(6, '0')}-${i}`,
        carId,
        type,
        startDate: day,
        mileage: next() < 0.15 ? null : mileage,
        ...(type === 'fuel' && next() < 0.8 ? { fuel } : {}),
        createdAt: `${day}T${String(8 + (i % 10)).padStart(2, '0')}:00:00.000Z`,
      }),
    );
  }
  return logs;
}

/** Reminders of every kind the rule knows: recurring by months, distance or both, one-off, never done. */
function reminders(carId: string): Reminder[] {
  const base = { carId, createdAt: '2024-03-01T10:00:00.000Z', createdMileage: 12_000 };
  return [
    reminderRow({
      id: `${carId}-r1`,
      ...base,
      logType: 'maintenance',
      intervalMonths: 12,
      intervalDistance: 15_000,
    }),
    reminderRow({
      id: `${carId}-r2`,
      ...base,
      logType: 'repair',
      intervalDistance: 5_000,
      soonDistance: 2_000,
    }),
    reminderRow({ id: `${carId}-r3`, ...base, logType: 'fuel', intervalMonths: 1 }),
    reminderRow({
      id: `${carId}-r4`,
      ...base,
      logType: 'tyres',
      intervalDistance: 20_000,
      setDueMileage: 30_000,
    }),
    reminderRow({
      id: `${carId}-r5`,
      ...base,
      logType: 'tyres',
      intervalMonths: 24,
      setDueDate: '2025-01-01',
    }),
    reminderRow({ id: `${carId}-r6`, ...base, setDueMileage: 40_000, soonDistance: 1_000 }),
    reminderRow({
      id: `${carId}-r7`,
      ...base,
      logType: 'repair',
      setDueDate: '2025-06-01',
      setDueMileage: 90_000,
    }),
    reminderRow({ id: `${carId}-r8`, ...base, logType: null, intervalDistance: 8_000, createdMileage: null }),
    reminderRow({ id: `${carId}-r9`, ...base, setDueMileage: 1_000_000 }),
  ];
}

describe('a car at a glance through the indexes', () => {
  it('derives every reminder’s state as the whole logbook does, on many days', async () => {
    await db.cars.bulkPut([carRow({ id: CAR, mileage: 9_000 }), carRow({ id: OTHER, mileage: 50_000 })]);
    const logs = logbook(CAR, 400, 7);
    await db.carLogs.bulkPut([...logs, ...logbook(OTHER, 60, 11, '2025-02-01')]);
    const highest = Math.max(...logs.map((l) => l.mileage ?? 0));
    await db.reminders.bulkPut([
      ...reminders(CAR),
      ...reminders(OTHER),
      // Soon: by a date ten days ahead of one of the days, by a distance just ahead of the odometer.
      reminderRow({ id: 'soon-by-date', carId: CAR, setDueDate: '2025-06-10' }),
      reminderRow({ id: 'soon-by-distance', carId: CAR, setDueMileage: highest + 300 }),
    ]);
    await db.meta.bulkPut([
      { key: `carLogsSyncedAt:${CAR}`, value: 1 },
      { key: `carLogsSyncedAt:${OTHER}`, value: 1 },
    ]);
    const whole = await readCarLogs(CAR);
    // Soon by distance weeks before soon by date: which came first (`firedBy`) needs the day the
    // soon distance was reached, not the latest reading's.
    await db.reminders.put(
      reminderRow({
        id: 'soon-by-distance-first',
        carId: CAR,
        setDueDate: addDay(whole[0]!.startDate, 10),
        setDueMileage: highest + 300,
        soonDistance: 5_000,
      }),
    );
    const days = ['2024-02-01', '2024-09-15', '2025-01-10', '2025-06-01', whole[0]!.startDate, '2030-01-01'];
    let states = new Set<string>();
    for (const today of days) {
      const indexed = await readReminders(db, { carId: CAR, today });
      const derived = await readReminders(db, { carId: CAR, today, carLogs: whole });
      expect(indexed).toEqual(derived);
      states = new Set([...states, ...indexed.map((r) => r.state)]);
      // The Due list's read (every car) agrees as well.
      const other = await readCarLogs(OTHER);
      const all = await readReminders(db, { today });
      expect(all.filter((r) => r.carId === OTHER)).toEqual(
        await readReminders(db, { carId: OTHER, today, carLogs: other }),
      );
    }
    // The fixtures reach every state (the comparison is not of ok rows only).
    expect([...states].sort()).toEqual(['ok', 'overdue', 'soon']);
  });

  it('reads the odometer’s ends as odometerSummary does', async () => {
    const logs = logbook(CAR, 300, 3);
    await db.carLogs.bulkPut(logs);
    const summary = odometerSummary(readingsOf(logs), 5_000);
    const ends = await readOdometerEnds(db, CAR, 5_000);
    expect(ends).toMatchObject({ current: summary.current, perDay: summary.perDay, hasLogs: true });
    expect(ends.latest).toMatchObject({
      date: summary.readings.at(-1)!.date,
      mileage: summary.readings.at(-1)!.mileage,
    });
    // Many newer logs without a reading, and a window starting on such logs: the same ends.
    const unread = Array.from({ length: 40 }, (_, n) =>
      carLogRow({
        id: `${CAR}-unread-${n}`,
        carId: CAR,
        startDate: addDay(summary.readings.at(-1)!.date, n),
        mileage: null,
      }),
    );
    await db.carLogs.bulkPut(unread);
    expect(await readOdometerEnds(db, CAR, 5_000)).toEqual(ends);
    expect(await readOdometerEnds(db, OTHER, 7_000)).toEqual({
      current: 7_000,
      latest: null,
      perDay: null,
      hasLogs: false,
    });
  });

  it('reads the fill-ups, newest first, as the whole logbook has them', async () => {
    await db.carLogs.bulkPut([...logbook(CAR, 200, 5), ...logbook(OTHER, 50, 6)]);
    const whole = await readCarLogs(CAR);
    expect((await readCarFillUps(db, CAR)).map((l) => l.id)).toEqual(
      whole.filter((l) => l.fuel).map((l) => l.id),
    );
  });
});

const oilChange = (carId: string): ReminderDraft => ({
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
});
const replay = () => createReplayer({ random: () => 0, refresh: vi.fn() }).replay();

describe('the glance follows the logs, live', () => {
  it('a log written here, then deleted, then one a sync brings move the next reminder and the last fill-up', async () => {
    const server = installGarageServer();
    const carId = await saveCar({ make: 'Alpine', model: 'A110', mileage: 40000 });
    await saveCarLog({
      carId,
      type: 'maintenance',
      title: 'Oil change',
      startDate: '2020-05-01',
      mileage: 50000,
    });
    await saveReminder(oilChange(carId));
    await replay();
    await syncCars();
    await syncCarLogs(carId);
    await syncReminders();

    const reminders = renderHook(() => useReminders(carId));
    const lastFill = renderHook(() => useLastFillUp(carId));
    const fillUps = renderHook(() => useCarFillUps(carId));
    // Serviced in 2020: long overdue.
    await waitFor(() => expect(reminders.result.current?.[0]).toMatchObject({ state: 'overdue' }));
    await waitFor(() => expect(lastFill.result.current).toBeNull());

    // A service written here, offline: done, due a year later.
    server.setOffline(true);
    const today = new Date().toISOString().slice(0, 10);
    const service = await saveCarLog({
      carId,
      type: 'maintenance',
      title: 'Oil change',
      startDate: today,
      mileage: 52000,
    });
    await waitFor(() =>
      expect(reminders.result.current?.[0]).toMatchObject({
        state: 'ok',
        doneLogId: service,
        dueMileage: 67000,
      }),
    );

    // Deleted: due again from the 2020 service.
    await deleteCarLog(service);
    await waitFor(() =>
      expect(reminders.result.current?.[0]).toMatchObject({ state: 'overdue', dueMileage: 65000 }),
    );

    // Another device's service and fill-up reach the server; a sync brings them to the mirror.
    server.setOffline(false);
    await replay();
    const [stored] = [...server.logs.values()];
    const remote = { ...stored!, id: crypto.randomUUID(), startDate: today, mileage: 53000 };
    const fill = {
      ...stored!,
      id: crypto.randomUUID(),
      type: 'fuel',
      title: 'Fill-up',
      startDate: today,
      mileage: 53100,
      fuel: { ...fuel!, energy: null, pricePerUnit: null },
    } as CarLog;
    server.logs.set(remote.id, remote);
    server.logs.set(fill.id, fill);
    await syncCarLogs(carId);
    await waitFor(() =>
      expect(reminders.result.current?.[0]).toMatchObject({
        state: 'ok',
        doneLogId: remote.id,
        dueMileage: 68000,
        carOdometer: 53100,
      }),
    );
    await waitFor(() => expect(lastFill.result.current?.id).toBe(fill.id));
    await waitFor(() => expect(fillUps.result.current?.map((l) => l.id)).toEqual([fill.id]));
    reminders.unmount();
    lastFill.unmount();
    fillUps.unmount();
  });
});
