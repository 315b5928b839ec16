// The maintenance tracker's car readings on their own (server/src/maintenance/car-readings-service.ts),
// against a real database: the odometer and the fuel economy of a car, read by its owner and its
// members, 404 for anyone else, and an economy kept until the car's log book changes.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { carAccess } from '../../server/src/garage/car-access';
import { carLogsRepository } from '../../server/src/garage/car-logs-repository';
import { carMembersRepository } from '../../server/src/garage/car-members-repository';
import { carReadingsService } from '../../server/src/maintenance/car-readings-service';
import { addCar, addLog, addMember, serviceDb, shareCar, type ServiceDb } from './service-fixtures';

let s: ServiceDb;
let readings: ReturnType<typeof carReadingsService>;
beforeAll(async () => {
  s = await serviceDb();
  readings = carReadingsService({
    access: carAccess(carMembersRepository(s.db)),
    logs: carLogsRepository(s.db),
  });
});
afterAll(() => s?.close());

const fill = (startDate: string, mileage: number, quantity: number) => ({
  type: 'fuel',
  title: 'Fill-up',
  startDate,
  mileage,
  fuel: { quantity, unit: 'l' as const, fullTank: true, missedPrevious: false, pricePerUnit: null },
});

describe('car readings', () => {
  test('the odometer: the readings of the logs, the current one, in the car’s unit', async () => {
    const owner = await addMember(s.db, 'ann');
    const car = await addCar(s.db, owner, { mileage: 10_000, mileageUnit: 'mi' });
    await addLog(s.db, car.id, { startDate: '2030-01-01', mileage: 10_500 });
    await addLog(s.db, car.id, { startDate: '2030-01-11', mileage: 11_500 });
    const odometer = await readings.odometer(owner, car.id);
    expect(odometer.unit).toBe('mi');
    expect(odometer.current).toBe(11_500);
    expect(odometer.readings.map((r) => r.mileage)).toEqual([10_500, 11_500]);
    expect(odometer.perDay).toBe(100);
  });

  test('the fuel economy of full-tank fills, kept until a log of the car changes', async () => {
    const owner = await addMember(s.db, 'bob');
    const car = await addCar(s.db, owner);
    await addLog(s.db, car.id, fill('2030-01-01', 1_000, 40));
    await addLog(s.db, car.id, fill('2030-01-05', 1_500, 30));
    const first = await readings.fuelEconomy(owner, car.id, 'l_per_100km');
    expect(first.unit).toBe('l_per_100km');
    expect(first.distance).toBe(500);
    expect(first.quantity).toBe(30);
    expect(first.average).toBeCloseTo(6, 6);
    // Asked again with nothing changed: the kept answer, not a new one.
    expect(await readings.fuelEconomy(owner, car.id, 'l_per_100km')).toBe(first);
    // A new fill moves the log book's version: computed again.
    await addLog(s.db, car.id, fill('2030-01-09', 2_000, 40));
    const after = await readings.fuelEconomy(owner, car.id, 'l_per_100km');
    expect(after).not.toBe(first);
    expect(after.distance).toBe(1_000);
    expect(after.average).toBeCloseTo(7, 6);
  });

  test('a member the car is shared with reads it; a stranger gets 404', async () => {
    const owner = await addMember(s.db, 'cat');
    const viewer = await addMember(s.db, 'dan');
    const stranger = await addMember(s.db, 'eve');
    const car = await addCar(s.db, owner, { mileage: 500 });
    await shareCar(s.db, car, viewer, 'viewer');
    expect((await readings.odometer(viewer, car.id)).current).toBe(500);
    expect((await readings.fuelEconomy(viewer, car.id)).average).toBeNull();
    await expect(readings.odometer(stranger, car.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(readings.fuelEconomy(stranger, car.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});
