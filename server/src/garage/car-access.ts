// Who may do what with a car (README "Shared cars"): one helper used by the garage, the
// maintenance tracker and the media. A stranger to the car (no role) gets 404 on every read and
// write, so cars cannot be probed; a member whose role does not allow a write gets 403.
import type { CarRole } from '../../../src/contract/car-members';
import type { Car } from '../../../src/contract/garage';
import { forbidden, notFound } from '../http/errors';
import type { CarMembersRepository } from './car-members-repository';

export interface CarAccess {
  car: Car;
  role: CarRole;
}

/** What a driver's write is judged on: fill-ups and odometer readings are theirs to add. */
export interface LogShape {
  type: string;
  mileage: number | null;
  fuel?: unknown;
}

/** A driver adds fill-ups and logs with an odometer reading. */
const driverMayWrite = (log: LogShape) =>
  log.type === 'fuel' || log.fuel !== undefined || log.mileage !== null;

/**
 * Whether `role` may create this log (`existing` absent) or change or delete `existing` into `log`:
 * owner and editor every log; a driver their own fill-ups and readings; a viewer nothing.
 */
export function mayWriteLog(
  role: CarRole,
  memberId: string,
  log: LogShape,
  existing?: { authorId?: string },
): boolean {
  if (role === 'owner' || role === 'editor') return true;
  if (role !== 'driver') return false;
  if (existing && existing.authorId !== memberId) return false;
  return driverMayWrite(log);
}

/**
 * Who may move a car's log or reminder to another car: the car's owner only. An editor writes the
 * owner's history but never carries it off, not even onto a car they own.
 */
export const mayMoveOut = (role: CarRole) => role === 'owner';

/** Reminders are written by the owner and editors. */
export const mayWriteReminders = (role: CarRole) => role === 'owner' || role === 'editor';

/**
 * Whether a reminder's state change is told to a member with this role: the ones they can act on
 * (drivers: fuel and distance-based reminders; editors and the owner: all; viewers: none).
 */
export function actsOnReminder(
  role: CarRole,
  reminder: { logType: string | null; intervalDistance: number | null; dueMileage: number | null },
): boolean {
  if (role === 'owner' || role === 'editor') return true;
  if (role !== 'driver') return false;
  return reminder.logType === 'fuel' || reminder.intervalDistance !== null || reminder.dueMileage !== null;
}

/**
 * `friends`: a friend of the owner sees the car but none of its logs; a write of theirs to
 * its logs or reminders is 403, not 404 (nothing is hidden from them by it): this is what a driver
 * removed from the car gets for a fill-up replayed later, and their device shows it as needing attention.
 */
export function carAccess(
  members: CarMembersRepository,
  friends: { areFriends(a: string, b: string): Promise<boolean> } = { areFriends: async () => false },
) {
  /** The car and the member's role on it, or null: a stranger, or no such car. */
  async function access(memberId: string, carId: string): Promise<CarAccess | null> {
    const found = await members.carWithRole(memberId, carId);
    return found && found.role ? { car: found.car, role: found.role } : null;
  }

  return {
    access,

    /** Any role reads; a stranger gets 404 (`what` names the thing in the message). */
    async readable(memberId: string, carId: string, what = 'Car'): Promise<CarAccess> {
      const found = await access(memberId, carId);
      if (!found) throw notFound(what);
      return found;
    },

    /** A write `allowed` for the member's role, else 403 for a member and 404 for a stranger. */
    async writable(
      memberId: string,
      carId: string,
      allowed: (role: CarRole) => boolean,
      what = 'Car',
    ): Promise<CarAccess> {
      const found = await members.carWithRole(memberId, carId);
      if (!found) throw notFound(what);
      if (!found.role) {
        if (await friends.areFriends(memberId, found.car.ownerId))
          throw forbidden('This car is not shared with you.');
        throw notFound(what);
      }
      if (!allowed(found.role)) throw forbidden('Your role on this car does not allow this change.');
      return { car: found.car, role: found.role };
    },

    /** Who is told of a change to the car: its owner and its accepted members. */
    async audience(car: Pick<Car, 'id' | 'ownerId'>): Promise<string[]> {
      const accepted = await members.accepted([car.id]);
      return [car.ownerId, ...accepted.map((m) => m.userId)];
    },
  };
}

export type CarAccessService = ReturnType<typeof carAccess>;
