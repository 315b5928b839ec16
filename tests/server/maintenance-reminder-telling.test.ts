// Telling reminders' states on its own (server/src/maintenance/reminder-telling.ts), against a real
// database: once per change to soon or overdue, to the owner and the members whose role acts on the
// reminder, nothing again for the same state, and the sweep over every reminder in batches.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { carLogsRepository } from '../../server/src/garage/car-logs-repository';
import { carMembersRepository } from '../../server/src/garage/car-members-repository';
import { reminderStates } from '../../server/src/maintenance/reminder-states';
import { reminderTelling, type TellReminder } from '../../server/src/maintenance/reminder-telling';
import { remindersRepository, type StoredReminder } from '../../server/src/maintenance/reminders-repository';
import { addCar, addMember, serviceDb, shareCar, type ServiceDb } from './service-fixtures';

let s: ServiceDb;
let day = '2031-01-01';
beforeAll(async () => {
  s = await serviceDb();
});
afterAll(() => s?.close());

/** A telling part whose tells land in `told` as "member state reminder-title". */
function node(
  told: string[],
  options: { warned?: string[]; states?: ReturnType<typeof reminderStates> } = {},
) {
  const reminders = remindersRepository(s.db);
  const states =
    options.states ??
    reminderStates({ logs: carLogsRepository(s.db), reminders, now: () => new Date(`${day}T12:00:00.000Z`) });
  const tell: TellReminder = async (memberId, n) =>
    void told.push(`${memberId} ${String(n.jsonPayload.state)} ${String(n.jsonPayload.excerpt)}`);
  return reminderTelling({
    reminders,
    members: carMembersRepository(s.db),
    states,
    tell,
    warn: (_err, message) => void options.warned?.push(message),
  });
}

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

describe('telling reminder states', () => {
  test('once per change to soon and to overdue; nothing while it stays; two nodes tell once', async () => {
    const owner = await addMember(s.db);
    const car = await addCar(s.db, owner);
    await storedReminder(owner, car.id, { title: 'Tax', dueDate: '2031-02-01' });
    const told: string[] = [];
    const [one, two] = [node(told), node(told)];
    day = '2031-01-01';
    await one.checkStates(owner, [car.id]);
    expect(told).toEqual([]);
    day = '2031-01-25';
    await Promise.all([one.checkStates(owner, [car.id]), two.checkStates(owner, [car.id])]);
    expect(told).toEqual([`${owner} soon Tax`]);
    await node(told).checkStates(owner, [car.id]);
    expect(told).toHaveLength(1);
    day = '2031-02-02';
    await two.checkStates(owner, [car.id]);
    expect(told).toEqual([`${owner} soon Tax`, `${owner} overdue Tax`]);
  });

  test('the owner and the members whose role acts on it: a driver for distance, not a viewer', async () => {
    day = '2031-01-01';
    const [owner, driver, viewer, editor] = [
      await addMember(s.db, 'owner'),
      await addMember(s.db, 'driver'),
      await addMember(s.db, 'viewer'),
      await addMember(s.db, 'editor'),
    ];
    const car = await addCar(s.db, owner, { mileage: 9_000 });
    await shareCar(s.db, car, driver, 'driver');
    await shareCar(s.db, car, viewer, 'viewer');
    await shareCar(s.db, car, editor, 'editor');
    await storedReminder(owner, car.id, { title: 'Tyres', dueMileage: 8_000 });
    await storedReminder(owner, car.id, { title: 'Insurance', dueDate: '2020-01-01' });
    const told: string[] = [];
    await node(told).checkStates(driver, [car.id]);
    expect(told.sort()).toEqual(
      [
        `${owner} overdue Tyres`,
        `${driver} overdue Tyres`,
        `${editor} overdue Tyres`,
        `${owner} overdue Insurance`,
        `${editor} overdue Insurance`,
      ].sort(),
    );
  });

  test('checkStatesQuietly logs a failure and never throws', async () => {
    const warned: string[] = [];
    const failing = reminderStates({
      logs: {
        historyOf: async () => {
          throw new Error('database down');
        },
      },
      reminders: remindersRepository(s.db),
    });
    const owner = await addMember(s.db);
    const car = await addCar(s.db, owner);
    await storedReminder(owner, car.id, { title: 'Oil', dueDate: '2020-01-01' });
    await expect(
      node([], { warned, states: failing }).checkStatesQuietly(owner, [car.id]),
    ).resolves.toBeUndefined();
    expect(warned).toEqual(['reminder states not checked']);
  });

  test('the sweep checks every reminder in batches; a batch that fails is logged and the rest told', async () => {
    // Every reminder stored so far is settled first, so that only this test's change is told.
    day = '2032-01-01';
    await node([]).sweep();
    const [ann, bob] = [await addMember(s.db, 'ann'), await addMember(s.db, 'bob')];
    const cars = [await addCar(s.db, ann), await addCar(s.db, bob)];
    await storedReminder(ann, cars[0]!.id, { title: 'Tax A', dueDate: '2033-02-01' });
    await storedReminder(bob, cars[1]!.id, { title: 'Tax B', dueDate: '2033-02-01' });
    const told: string[] = [];
    day = '2033-01-25';
    await node(told).sweep(1);
    expect(told.sort()).toEqual([`${ann} soon Tax A`, `${bob} soon Tax B`].sort());
    await node(told).sweep(1);
    expect(told).toHaveLength(2);

    // One batch fails (its car's history cannot be read): the other is still told.
    const warned: string[] = [];
    const logs = carLogsRepository(s.db);
    const reminders = remindersRepository(s.db);
    const flaky = reminderStates({
      logs: {
        historyOf: async (ids) => {
          if (ids.includes(cars[0]!.id)) throw new Error('unreadable');
          return logs.historyOf(ids);
        },
      },
      reminders,
      now: () => new Date(`${day}T12:00:00.000Z`),
    });
    day = '2033-02-02';
    await node(told, { warned, states: flaky }).sweep(1);
    expect(told.slice(2)).toEqual([`${bob} overdue Tax B`]);
    expect(warned).toEqual(['reminder states not checked']);
  });
});
