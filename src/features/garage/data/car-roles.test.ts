import { describe, expect, it } from 'vitest';
import { actsOnReminder, carPermissions, mayEditLog } from './car-roles';

const ME = 'me';
const fuel = { type: 'fuel', mileage: 1200, authorId: ME, fuel: { quantity: 40 } };
const repair = { type: 'repair', mileage: null, authorId: ME };

describe('what my role on a car allows', () => {
  it('owner: everything but leaving', () => {
    expect(carPermissions({ role: 'owner' })).toEqual({
      role: 'owner',
      shared: false,
      ownCar: true,
      addAnyLog: true,
      addFuelLog: true,
      writeReminders: true,
      leave: false,
    });
    // A car made on this device has no role from the server yet: it is mine.
    expect(carPermissions({}).ownCar).toBe(true);
  });

  it('editor: every log and reminder, not the car or its members', () => {
    const p = carPermissions({ role: 'editor' });
    expect([p.ownCar, p.addAnyLog, p.addFuelLog, p.writeReminders, p.leave]).toEqual([
      false,
      true,
      true,
      true,
      true,
    ]);
    expect(mayEditLog({ role: 'editor' }, { ...repair, authorId: 'someone' }, ME)).toBe(true);
  });

  it('driver: adds fill-ups and readings, edits only their own', () => {
    const p = carPermissions({ role: 'driver' });
    expect([p.ownCar, p.addAnyLog, p.addFuelLog, p.writeReminders]).toEqual([false, false, true, false]);
    expect(mayEditLog({ role: 'driver' }, fuel, ME)).toBe(true);
    expect(mayEditLog({ role: 'driver' }, { ...fuel, authorId: 'owner' }, ME)).toBe(false);
    expect(mayEditLog({ role: 'driver' }, repair, ME)).toBe(false);
    // Saved here, not sent yet: no author from the server, it is mine.
    expect(mayEditLog({ role: 'driver' }, { ...fuel, authorId: undefined }, ME)).toBe(true);
  });

  it('viewer: reads only', () => {
    const p = carPermissions({ role: 'viewer' });
    expect([p.ownCar, p.addAnyLog, p.addFuelLog, p.writeReminders, p.leave]).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(mayEditLog({ role: 'viewer' }, fuel, ME)).toBe(false);
  });

  it('reminders reach the roles that act on them', () => {
    const byDate = { logType: 'maintenance', intervalDistance: null, dueMileage: null };
    const byDistance = { ...byDate, intervalDistance: 10000 };
    const fuelOne = { ...byDate, logType: 'fuel' };
    expect(actsOnReminder({ role: 'owner' }, byDate)).toBe(true);
    expect(actsOnReminder({ role: 'editor' }, byDate)).toBe(true);
    expect(actsOnReminder({ role: 'driver' }, byDate)).toBe(false);
    expect(actsOnReminder({ role: 'driver' }, byDistance)).toBe(true);
    expect(actsOnReminder({ role: 'driver' }, fuelOne)).toBe(true);
    expect(actsOnReminder({ role: 'viewer' }, byDistance)).toBe(false);
  });
});
