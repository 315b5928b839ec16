// Reminders, read and written (the maintenance tracker, docs/ARCHITECTURE.md server
// "maintenance/"): read by the car's owner and the members it is shared with, written by the owner
// and editors (403 for other members), 404 for anyone else. Their states come from
// reminder-states.ts; a write asks reminder-telling.ts to tell a changed state, and every device of
// the car's people to fetch the reminders again.
import { randomUUID } from 'node:crypto';
import type { Car } from '../../../src/contract/garage';
import { hasDuePoint } from '../../../src/contract/maintenance';
import type { Reminder, ReminderInput, ReminderUpdate } from '../../../src/contract/maintenance-api';
import type { NotificationPayload } from '../../../src/contract/socket-events';
import { badRequest, conflict, notFound } from '../http/errors';
import { mayMoveOut, mayWriteReminders, type CarAccessService } from '../garage/car-access';
import type { CarsRepository } from '../garage/cars-repository';
import { checkSettings } from '../garage/garage-input';
import { recentlyUsed } from './recently-used';
import type { ReminderStates } from './reminder-states';
import type { ReminderTelling } from './reminder-telling';
import type { CarVersions, RemindersRepository, StoredReminder } from './reminders-repository';

/**
 * GET /reminders' answers kept per process, serialised as sent, by signature (see `listJson`): the
 * garage's page asks for all of a member's reminders on every visit (docs/BENCHMARKS.md: 20 cars ×
 * 10 reminders, ≥ 2,000 req/s), about 100 kB each at that size. At most this many characters in all.
 */
export const ANSWERS_CHARS_KEPT = 32 * 1024 * 1024;

type ReminderFields = Omit<StoredReminder, 'id' | 'ownerId' | 'createdMileage' | 'createdAt' | 'updatedAt'>;

export interface RemindersServiceDeps {
  cars: Pick<CarsRepository, 'findById'>;
  reminders: Pick<
    RemindersRepository,
    'findById' | 'listForMember' | 'listByCars' | 'readableCarVersions' | 'insert' | 'replace' | 'delete'
  >;
  settings: { has(domainId: string, key: string): Promise<boolean> };
  access: Pick<CarAccessService, 'readable' | 'writable' | 'access' | 'audience'>;
  states: ReminderStates;
  telling: Pick<ReminderTelling, 'checkStatesQuietly'>;
  /** A realtime-only `reminder` event to one member: their open screens fetch the reminders again. */
  live?: (memberId: string, payload: NotificationPayload) => void;
  now?: () => Date;
}

export function remindersService({
  cars,
  reminders,
  settings,
  access,
  states,
  telling,
  live = () => undefined,
  now = () => new Date(),
}: RemindersServiceDeps) {
  const { withStates, today } = states;
  const answers = recentlyUsed<string, string>(ANSWERS_CHARS_KEPT, (json) => json.length);

  /** Tells every device of the car's owner and accepted members that a reminder changed. */
  async function tellChanged(car: Pick<Car, 'id' | 'ownerId'>, reminderId: string, action: string) {
    for (const to of await access.audience(car))
      live(to, { relatedCarId: car.id, relatedReminderId: reminderId, action });
  }

  /** A car whose reminders the member may write (owner, editor), else 403 for a member, 404. */
  async function reminderCar(memberId: string, carId: string): Promise<Car> {
    return (await access.writable(memberId, carId, mayWriteReminders)).car;
  }

  /** A reminder of a car the member may read, else 404. */
  async function readableReminder(memberId: string, id: string): Promise<StoredReminder> {
    const found = await reminders.findById(id);
    if (!found || !(await access.access(memberId, found.carId))) throw notFound('Reminder');
    return found;
  }

  /** A reminder the member may change or delete: 404 unreadable, 403 without the role. */
  async function writableReminder(memberId: string, id: string): Promise<StoredReminder> {
    const found = await readableReminder(memberId, id);
    await reminderCar(memberId, found.carId);
    return found;
  }

  /** Validates the fields a create or update ends with. */
  async function checked(memberId: string, fields: ReminderFields): Promise<Car> {
    const car = await reminderCar(memberId, fields.carId);
    await checkSettings(settings, [['logType', 'carLogType', fields.logType]]);
    if (!hasDuePoint(fields)) {
      throw badRequest('Some fields are missing or invalid.', [
        {
          field: 'body',
          message:
            'needs an interval (intervalMonths, intervalDistance) or a due point (dueDate, dueMileage)',
        },
      ]);
    }
    return car;
  }

  /** One car's reminders, or those of all the member's cars and the cars shared with them. */
  async function list(memberId: string, carId?: string): Promise<Reminder[]> {
    if (carId === undefined) return withStates(await reminders.listForMember(memberId));
    await access.readable(memberId, carId);
    return withStates(await reminders.listByCars([carId]));
  }

  return {
    list,

    /**
     * `list`'s answer as `serialize` writes it (the route's envelope, byte for byte), kept per
     * process by a signature of everything it depends on, read first in one small query: the
     * member, the day (the states' rules read it), the carId asked for, and each car the member may
     * read (own and shared with them, accepted) with its creation time, its log book's and its
     * reminders' versions (moved by triggers in the transaction of every write: migrations 0006 and
     * 0022) and its own mileage. Any reminder write, log write, mileage change, membership change or
     * new day changes the signature, on this node or another: nothing is invalidated by hand, and
     * an answer is never kept under a signature older than the rows it was made from (the signature
     * is read before them). One answering a reminder of a car outside the signature (none is: a
     * reminder's owner is its car's) is not kept.
     */
    async listJson(
      memberId: string,
      carId: string | undefined,
      serialize: (data: Reminder[]) => string,
    ): Promise<string> {
      const readable = await reminders.readableCarVersions(memberId);
      const signed: CarVersions[] = carId === undefined ? readable : readable.filter(([id]) => id === carId);
      // A car the member may not read: answered (404) as `list` does.
      if (carId !== undefined && signed.length === 0) return serialize(await list(memberId, carId));
      const day = today();
      const key = JSON.stringify([memberId, day, carId ?? null, signed]);
      const kept = answers.get(key);
      if (kept !== undefined) return kept;
      const stored =
        carId === undefined ? await reminders.listForMember(memberId) : await reminders.listByCars([carId]);
      const json = serialize(await withStates(stored, true, day));
      const carIds = new Set(signed.map(([id]) => id));
      if (stored.every((r) => carIds.has(r.carId))) answers.set(key, json);
      return json;
    },

    async get(memberId: string, id: string): Promise<Reminder> {
      const [reminder] = await withStates([await readableReminder(memberId, id)]);
      return reminder!;
    },

    /** `created: false` when the client id was already used by this member: the stored reminder. */
    async create(memberId: string, input: ReminderInput): Promise<{ reminder: Reminder; created: boolean }> {
      const fields: ReminderFields = {
        carId: input.carId,
        title: input.title,
        logType: input.logType ?? null,
        intervalMonths: input.intervalMonths ?? null,
        intervalDistance: input.intervalDistance ?? null,
        dueDate: input.dueDate ?? null,
        dueMileage: input.dueMileage ?? null,
        soonDays: input.soonDays ?? null,
        soonDistance: input.soonDistance ?? null,
        notes: input.notes ?? null,
      };
      if (input.id) {
        // A replay answers the stored reminder, whatever changed since.
        const stored = await reminders.findById(input.id);
        if (stored && stored.carId === input.carId && (await access.access(memberId, stored.carId)))
          return { reminder: (await withStates([stored]))[0]!, created: false };
      }
      const car = await checked(memberId, fields);
      const at = now().toISOString();
      const reminder: StoredReminder = {
        id: input.id ?? randomUUID(),
        // An editor's reminder is the car's like the owner's own (car members: docs/SPEC-NOTES.md §3).
        ownerId: car.ownerId,
        ...fields,
        createdMileage: await states.currentOdometer(car),
        createdAt: at,
        updatedAt: at,
      };
      const inserted = await reminders.insert(reminder);
      if (inserted) {
        await telling.checkStatesQuietly(memberId, [reminder.carId]);
        await tellChanged(car, reminder.id, 'created');
      }
      if (!inserted) {
        const stored = await reminders.findById(reminder.id);
        if (!stored || stored.carId !== reminder.carId)
          throw conflict('This id is already in use.', [{ field: 'body.id', message: 'is already in use' }]);
        return { reminder: (await withStates([stored]))[0]!, created: false };
      }
      return { reminder: (await withStates([reminder]))[0]!, created: true };
    },

    async update(memberId: string, id: string, patch: ReminderUpdate): Promise<Reminder> {
      const current = await writableReminder(memberId, id);
      const {
        id: _id,
        ownerId: _owner,
        createdMileage,
        createdAt,
        updatedAt: _updated,
        ...currentFields
      } = current;
      const fields: ReminderFields = { ...currentFields, ...patch };
      // Moved to another car: only the owner of the car it leaves takes it out (as a log).
      if (fields.carId !== current.carId) await access.writable(memberId, current.carId, mayMoveOut);
      const car = await checked(memberId, fields);
      // Nothing changed (a form saved as it was): no write, so that `updatedAt` (the calendar's
      // LAST-MODIFIED) and the sequence move only with a real change.
      const same = (Object.keys(fields) as (keyof ReminderFields)[]).every(
        (key) => fields[key] === (currentFields as ReminderFields)[key],
      );
      if (same) return (await withStates([current]))[0]!;
      const reminder: StoredReminder = {
        id,
        // Moved to another car (of an owner the member edits for): the reminder is that car's.
        ownerId: car.ownerId,
        ...fields,
        // Moved to another car: it starts from that car's odometer.
        createdMileage: fields.carId === current.carId ? createdMileage : await states.currentOdometer(car),
        createdAt,
        updatedAt: now().toISOString(),
      };
      await reminders.replace(reminder);
      await telling.checkStatesQuietly(memberId, [reminder.carId]);
      await tellChanged(car, id, 'updated');
      if (current.carId !== car.id) {
        const left = await cars.findById(current.carId);
        if (left) await tellChanged(left, id, 'deleted');
      }
      return (await withStates([reminder]))[0]!;
    },

    async remove(memberId: string, id: string): Promise<void> {
      const current = await writableReminder(memberId, id);
      await reminders.delete(id);
      const car = await cars.findById(current.carId);
      if (car) await tellChanged(car, id, 'deleted');
    },
  };
}

export type RemindersService = ReturnType<typeof remindersService>;
