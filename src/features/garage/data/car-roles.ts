// What my role on a car lets me do on this device (README "Shared cars"). The server
// checks every verb again; this only decides which buttons a screen shows.
import type { CarRole } from '@/contract/car-members';
import type { Car, CarLog } from '@/contract/garage';

export interface CarPermissions {
  role: CarRole;
  /** The car is someone else's, shared with me. */
  shared: boolean;
  /** Edit or delete the car, and manage who shares it. */
  ownCar: boolean;
  /** Add a log of any type (owner, editor). */
  addAnyLog: boolean;
  /** Add a fill-up or an odometer reading (owner, editor, driver). */
  addFuelLog: boolean;
  /** Add, edit and delete reminders (owner, editor). */
  writeReminders: boolean;
  /** Leave the car (a member, never its owner). */
  leave: boolean;
}

/** My role on a car: the server's answer, `owner` for a car with none (mine, made on this device). */
export const roleOf = (car: Pick<Car, 'role'>): CarRole => car.role ?? 'owner';

export function carPermissions(car: Pick<Car, 'role'>): CarPermissions {
  const role = roleOf(car);
  const writesAll = role === 'owner' || role === 'editor';
  return {
    role,
    shared: role !== 'owner',
    ownCar: role === 'owner',
    addAnyLog: writesAll,
    addFuelLog: writesAll || role === 'driver',
    writeReminders: writesAll,
    leave: role !== 'owner',
  };
}

/** A driver writes fill-ups and logs with an odometer reading (as the server's mayWriteLog). */
const driverLog = (log: Pick<CarLog, 'type' | 'mileage'> & { fuel?: unknown }) =>
  log.type === 'fuel' || log.fuel !== undefined || (log.mileage !== null && log.mileage !== undefined);

/** May I edit or delete this log: owner and editor every log, a driver their own fill-ups and readings. */
export function mayEditLog(
  car: Pick<Car, 'role'>,
  log: Pick<CarLog, 'type' | 'mileage' | 'authorId'> & { fuel?: unknown },
  memberId: string | undefined,
): boolean {
  const role = roleOf(car);
  if (role === 'owner' || role === 'editor') return true;
  if (role !== 'driver') return false;
  // A log written on this device before the server answered carries no author yet: it is mine.
  const author = log.authorId ?? memberId;
  return author !== undefined && author === memberId && driverLog(log);
}

/**
 * Whether a reminder of a car reaches me in the Due list and the badge: the ones my role can act
 * on (drivers: fuel and distance-based ones; viewers: none), as the server tells them.
 */
export function actsOnReminder(
  car: Pick<Car, 'role'>,
  reminder: { logType: string | null; intervalDistance: number | null; dueMileage: number | null },
): boolean {
  const role = roleOf(car);
  if (role === 'owner' || role === 'editor') return true;
  if (role !== 'driver') return false;
  return reminder.logType === 'fuel' || reminder.intervalDistance !== null || reminder.dueMileage !== null;
}
