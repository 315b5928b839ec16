// The reminders' states on their own (server/src/maintenance/reminder-states.ts), against a real
// database: derived from the car's logs and the day, by the rules the device runs; a car's history
// kept until its log book or mileage changes.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { carLogsRepository } from '../../server/src/garage/car-logs-repository';
import { carsRepository } from '../../server/src/garage/cars-repository';
import { reminderStates } from '../../server/src/maintenance/reminder-states';
import { remindersRepository, type StoredReminder } from '../../server/src/maintenance/reminders-repository';
import { addCar, addLog, addMember, serviceDb, type ServiceDb } from './service-fixtures';

let s: ServiceDb;
let day = '2031-01-01';
let states: ReturnType<typeof reminderStates>;
let historiesRead = 0;
beforeAll(async () => {
  s = await serviceDb();
  const logs = carLogsRepository(s.db);
  states = reminderStates({
    // Counts the reads of the cars' histories: a kept history is not read again.
    logs: { historyOf: (ids) => (historiesRead++, logs.historyOf(ids)) },
    reminders: remindersRepository(s.db),
    now: () => new Date(`${day}T12:00:00.000Z`),
  });
});
afterAll(() => s?.close());

async function storedReminder(ownerId: string, carId: string, fields: Partial<StoredReminder>) {
  const at = new Date().toISOString();
  const reminder: StoredReminder = {
    id: crypto.randomUUID(),
    ownerId,
    carId,
    title: 'Reminder',
    logType: null,
    intervalMonths: null,
    intervalDistance: null,
    dueDate: null,
    dueMileage: null,
    soonDays: null,
    soonDistance: null,
    notes: null,
    createdMileage: null,
    createdAt: at,
    updatedAt: at,
    ...fields,
  };
  expect(await remindersRepository(s.db).insert(reminder)).toBe(true);
  return reminder;
}

describe('reminder states', () => {
  test('a due date: ok, then soon within its days, then overdue, as the day moves', async () => {
    const owner = await addMember(s.db);
    const car = await addCar(s.db, owner);
    const r = await storedReminder(owner, car.id, { title: 'Tax', dueDate: '2031-02-01' });
    day = '2031-01-01';
    expect((await states.withStates([r]))[0]).toMatchObject({ id: r.id, state: 'ok', dueDate: '2031-02-01' });
    day = '2031-01-25';
    expect((await states.withStates([r]))[0]!.state).toBe('soon');
    day = '2031-02-02';
    expect((await states.withStates([r]))[0]!.state).toBe('overdue');
    // A day given explicitly wins over today.
    expect((await states.withStates([r], true, '2031-01-01'))[0]!.state).toBe('ok');
  });

  test('a due mileage: a log past it makes it overdue; the kept history is read again only then', async () => {
    day = '2031-01-01';
    const owner = await addMember(s.db);
    const car = await addCar(s.db, owner, { mileage: 1_000 });
    const r = await storedReminder(owner, car.id, { title: 'Belt', dueMileage: 50_000 });
    expect((await states.withStates([r]))[0]).toMatchObject({ state: 'ok', setDueMileage: 50_000 });
    const reads = historiesRead;
    expect((await states.withStates([r]))[0]!.state).toBe('ok');
    expect(historiesRead).toBe(reads);
    await addLog(s.db, car.id, { startDate: '2030-12-31', mileage: 60_000 });
    expect((await states.withStates([r]))[0]).toMatchObject({ state: 'overdue', firedBy: 'mileage' });
    expect(historiesRead).toBe(reads + 1);
    // Not kept (the sweep's reads): read every time.
    await states.withStates([r], false);
    await states.withStates([r], false);
    expect(historiesRead).toBe(reads + 3);
  });

  test('the car’s mileage changed: its history is read again', async () => {
    day = '2031-01-01';
    const owner = await addMember(s.db);
    const car = await addCar(s.db, owner, { mileage: 1_000 });
    const r = await storedReminder(owner, car.id, { title: 'Tyres', dueMileage: 5_000 });
    expect((await states.withStates([r]))[0]!.state).toBe('ok');
    await carsRepository(s.db).replace({ ...car, mileage: 9_000 });
    expect((await states.withStates([r]))[0]!.state).toBe('overdue');
  });

  test('the current odometer: the last reading, else the car’s own mileage', async () => {
    const owner = await addMember(s.db);
    const car = await addCar(s.db, owner, { mileage: 3_000 });
    expect(await states.currentOdometer(car)).toBe(3_000);
    await addLog(s.db, car.id, { startDate: '2030-06-01', mileage: 4_200 });
    expect(await states.currentOdometer(car)).toBe(4_200);
  });

  test('many reminders of several cars: one answer each, in order', async () => {
    day = '2031-01-01';
    const owner = await addMember(s.db);
    const [a, b] = [await addCar(s.db, owner), await addCar(s.db, owner)];
    const list = [
      await storedReminder(owner, a.id, { title: 'A1', dueDate: '2020-01-01' }),
      await storedReminder(owner, b.id, { title: 'B1', dueDate: '2040-01-01' }),
      await storedReminder(owner, a.id, { title: 'A2', dueDate: '2031-01-03' }),
    ];
    const answered = await states.withStates(list);
    expect(answered.map((r) => [r.title, r.state])).toEqual([
      ['A1', 'overdue'],
      ['B1', 'ok'],
      ['A2', 'soon'],
    ]);
  });
});
