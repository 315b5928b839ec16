// Reminders read and written on their own (server/src/maintenance/reminders-service.ts), against a
// real database: who may read and write (owner and editor write, a viewer 403, a stranger 404),
// replays of a client id, a save without change, a move to another car, the live events to every
// device of the car's people, and GET /reminders' kept answer.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Reminder } from '../../src/contract/maintenance-api';
import { carAccess } from '../../server/src/garage/car-access';
import { carLogsRepository } from '../../server/src/garage/car-logs-repository';
import { carMembersRepository } from '../../server/src/garage/car-members-repository';
import { carsRepository } from '../../server/src/garage/cars-repository';
import { reminderStates } from '../../server/src/maintenance/reminder-states';
import { reminderTelling } from '../../server/src/maintenance/reminder-telling';
import { remindersRepository } from '../../server/src/maintenance/reminders-repository';
import { remindersService } from '../../server/src/maintenance/reminders-service';
import { settingsRepository } from '../../server/src/settings/settings-repository';
import { addCar, addLog, addMember, serviceDb, shareCar, type ServiceDb } from './service-fixtures';

let s: ServiceDb;
let service: ReturnType<typeof remindersService>;
const told: string[] = [];
const live: string[] = [];
let clock = new Date('2031-01-01T12:00:00.000Z');
beforeAll(async () => {
  s = await serviceDb();
  const reminders = remindersRepository(s.db);
  const members = carMembersRepository(s.db);
  const now = () => clock;
  const states = reminderStates({ logs: carLogsRepository(s.db), reminders, now });
  service = remindersService({
    cars: carsRepository(s.db),
    reminders,
    settings: settingsRepository(s.db),
    access: carAccess(members),
    states,
    telling: reminderTelling({
      reminders,
      members,
      states,
      tell: async (memberId, n) => void told.push(`${memberId} ${String(n.jsonPayload.state)}`),
    }),
    live: (memberId, payload) => void live.push(`${memberId} ${String(payload.action)}`),
    now,
  });
});
afterAll(() => s?.close());

const serialize = (data: Reminder[]) => JSON.stringify({ data });

describe('reminders read and written', () => {
  test('created by the owner: its state, the odometer it starts from, told and announced live', async () => {
    const [owner, editor] = [await addMember(s.db), await addMember(s.db)];
    const car = await addCar(s.db, owner, { mileage: 12_000 });
    await shareCar(s.db, car, editor, 'editor');
    told.length = 0;
    live.length = 0;
    const { reminder, created } = await service.create(editor, {
      carId: car.id,
      title: 'Insurance',
      dueDate: '2020-01-01',
    });
    expect(created).toBe(true);
    expect(reminder).toMatchObject({ carId: car.id, state: 'overdue', createdMileage: 12_000 });
    // The car's reminder, whoever wrote it: its owner's.
    expect((await service.list(owner, car.id)).map((r) => r.id)).toEqual([reminder.id]);
    expect(told.sort()).toEqual([`${owner} overdue`, `${editor} overdue`].sort());
    expect(live.sort()).toEqual([`${owner} created`, `${editor} created`].sort());
  });

  test('a replayed client id answers the stored reminder; the id of another car’s reminder 409', async () => {
    const owner = await addMember(s.db);
    const [car, other] = [await addCar(s.db, owner), await addCar(s.db, owner)];
    const id = crypto.randomUUID();
    const first = await service.create(owner, { id, carId: car.id, title: 'Belt', intervalMonths: 12 });
    const again = await service.create(owner, { id, carId: car.id, title: 'Changed', intervalMonths: 6 });
    expect(again.created).toBe(false);
    expect(again.reminder).toEqual(first.reminder);
    await expect(
      service.create(owner, { id, carId: other.id, title: 'Belt', intervalMonths: 12 }),
    ).rejects.toMatchObject({ statusCode: 409 });
  });

  test('400 without an interval or a due point, or with an unknown log type', async () => {
    const owner = await addMember(s.db);
    const car = await addCar(s.db, owner);
    await expect(service.create(owner, { carId: car.id, title: 'Nothing' })).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(
      service.create(owner, { carId: car.id, title: 'Odd', logType: 'no-such-type', intervalMonths: 1 }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  test('a viewer reads but gets 403 on a write; a stranger gets 404 on everything', async () => {
    const [owner, viewer, stranger] = [await addMember(s.db), await addMember(s.db), await addMember(s.db)];
    const car = await addCar(s.db, owner);
    await shareCar(s.db, car, viewer, 'viewer');
    const { reminder } = await service.create(owner, { carId: car.id, title: 'Tax', dueDate: '2040-01-01' });
    expect((await service.get(viewer, reminder.id)).title).toBe('Tax');
    await expect(
      service.create(viewer, { carId: car.id, title: 'x', intervalMonths: 1 }),
    ).rejects.toMatchObject({ statusCode: 403 });
    await expect(service.update(viewer, reminder.id, { title: 'x' })).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(service.remove(viewer, reminder.id)).rejects.toMatchObject({ statusCode: 403 });
    await expect(service.get(stranger, reminder.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(service.list(stranger, car.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(service.update(stranger, reminder.id, { title: 'x' })).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(service.remove(stranger, reminder.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  test('saved without a change: nothing written; a change moves updatedAt; moved to another car', async () => {
    const owner = await addMember(s.db);
    const [car, other] = [await addCar(s.db, owner, { mileage: 1_000 }), await addCar(s.db, owner)];
    await addLog(s.db, other.id, { startDate: '2030-12-01', mileage: 7_000 });
    const { reminder } = await service.create(owner, {
      carId: car.id,
      title: 'Oil',
      intervalDistance: 10_000,
    });
    clock = new Date('2031-01-02T12:00:00.000Z');
    expect((await service.update(owner, reminder.id, { title: 'Oil' })).updatedAt).toBe(reminder.updatedAt);
    const renamed = await service.update(owner, reminder.id, { title: 'Oil and filter' });
    expect(renamed.updatedAt).toBe('2031-01-02T12:00:00.000Z');
    live.length = 0;
    const moved = await service.update(owner, reminder.id, { carId: other.id });
    expect(moved).toMatchObject({ carId: other.id, createdMileage: 7_000 });
    expect(live).toEqual([`${owner} updated`, `${owner} deleted`]);
    await service.remove(owner, reminder.id);
    await expect(service.get(owner, reminder.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  test('GET /reminders’ answer is kept until a write, a log or a new day changes its signature', async () => {
    clock = new Date('2031-01-01T12:00:00.000Z');
    const owner = await addMember(s.db);
    const car = await addCar(s.db, owner);
    await service.create(owner, { carId: car.id, title: 'Tax', dueDate: '2031-01-20' });
    const first = await service.listJson(owner, undefined, serialize);
    expect(JSON.parse(first).data.map((r: Reminder) => r.state)).toEqual(['ok']);
    let calls = 0;
    const counting = (data: Reminder[]) => (calls++, serialize(data));
    expect(await service.listJson(owner, undefined, counting)).toBe(first);
    expect(calls).toBe(0);
    await service.create(owner, { carId: car.id, title: 'Belt', intervalMonths: 12 });
    expect(JSON.parse(await service.listJson(owner, undefined, counting)).data).toHaveLength(2);
    expect(calls).toBe(1);
    await addLog(s.db, car.id, { startDate: '2031-01-01', mileage: 100 });
    await service.listJson(owner, undefined, counting);
    expect(calls).toBe(2);
    clock = new Date('2031-01-15T12:00:00.000Z');
    const later = JSON.parse(await service.listJson(owner, car.id, counting)).data as Reminder[];
    expect(calls).toBe(3);
    expect(later.find((r) => r.title === 'Tax')!.state).toBe('soon');
    // A car the member may not read: 404, as `list` answers.
    const stranger = await addMember(s.db);
    await expect(service.listJson(stranger, car.id, serialize)).rejects.toMatchObject({ statusCode: 404 });
  });
});
