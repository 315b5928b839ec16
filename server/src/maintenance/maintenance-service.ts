// The maintenance tracker (issue 16): a car's odometer and fuel economy, and reminders with their
// state derived from the car's logs on every read, by the same rules the device runs
// (src/contract/maintenance). Read by the car's owner and the members it is shared with (issue 18);
// written by the owner and editors (403 for other members); anyone else gets 404.
import { randomUUID } from 'node:crypto';
import type { Car } from '../../../src/contract/garage';
import {
  defaultEconomyUnit,
  distanceUnitOf,
  fuelEconomy,
  hasDuePoint,
  odometerSummary,
  readingsOf,
  reminderState,
  type EconomyUnit,
  type OdometerSummary,
} from '../../../src/contract/maintenance';
import type {
  FuelEconomy,
  Odometer,
  Reminder,
  ReminderInput,
  ReminderUpdate,
} from '../../../src/contract/maintenance-api';
import { badRequest, conflict, notFound } from '../http/errors';
import type { NotificationPayload } from '../../../src/contract/socket-events';
import type { CarLogsRepository, HistoryLog } from '../garage/car-logs-repository';
import type { CarsRepository } from '../garage/cars-repository';
import { checkSettings } from '../garage/garage-input';
import { actsOnReminder, mayWriteReminders, type CarAccessService } from '../garage/car-access';
import type { CarMembersRepository } from '../garage/car-members-repository';
import type { RemindersRepository, StoredReminder } from './reminders-repository';

interface Deps {
  cars: CarsRepository;
  logs: CarLogsRepository;
  reminders: RemindersRepository;
  settings: { has(domainId: string, key: string): Promise<boolean> };
  /** Stores and pushes a `reminder` notification (notificationsService(app).createQuietly). */
  tell?: (
    memberId: string,
    notification: { type: 'reminder'; jsonPayload: NotificationPayload },
  ) => Promise<void>;
  warn?: (err: unknown, message: string) => void;
  /** Shared cars (issue 18): the member's role on a car, and each car's accepted members. */
  access: CarAccessService;
  members: CarMembersRepository;
  /** A realtime-only `reminder` event to one member: their open screens fetch the reminders again. */
  live?: (memberId: string, payload: NotificationPayload) => void;
  now?: () => Date;
}

type ReminderFields = Omit<StoredReminder, 'id' | 'ownerId' | 'createdMileage' | 'createdAt' | 'updatedAt'>;

export function maintenanceService({
  cars,
  logs,
  reminders,
  settings,
  tell = async () => undefined,
  warn = () => undefined,
  access,
  members,
  live = () => undefined,
  now = () => new Date(),
}: Deps) {
  const today = () => now().toISOString().slice(0, 10);

  /** Tells every device of the car's owner and accepted members that a reminder changed. */
  async function tellChanged(car: Pick<Car, 'id' | 'ownerId'>, reminderId: string, action: string) {
    for (const to of await access.audience(car))
      live(to, { relatedCarId: car.id, relatedReminderId: reminderId, action });
  }

  /** A car the member may read (owner or member), else 404. */
  async function readableCar(memberId: string, carId: string): Promise<Car> {
    return (await access.readable(memberId, carId)).car;
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

  const summaryOf = (car: Car, history: readonly HistoryLog[]): OdometerSummary =>
    odometerSummary(readingsOf(history), car.mileage);

  /** Each reminder with its state, reading each car and its history once. */
  async function withStates(list: StoredReminder[], known: Car[] = []): Promise<Reminder[]> {
    const carIds = [...new Set(list.map((r) => r.carId))];
    const carsById = new Map(known.map((c) => [c.id, c]));
    await Promise.all(
      carIds
        .filter((id) => !carsById.has(id))
        .map(async (id) => {
          const car = await cars.findById(id);
          if (car) carsById.set(id, car);
        }),
    );
    const history = await logs.historyOf(carIds);
    const byCar = new Map<string, HistoryLog[]>();
    for (const log of history) byCar.set(log.carId, [...(byCar.get(log.carId) ?? []), log]);
    const summaries = new Map<string, OdometerSummary>();
    const day = today();
    return list.map((r) => {
      const carLogs = byCar.get(r.carId) ?? [];
      let summary = summaries.get(r.carId);
      if (!summary) {
        const car = carsById.get(r.carId);
        summary = car ? summaryOf(car, carLogs) : odometerSummary(readingsOf(carLogs), null);
        summaries.set(r.carId, summary);
      }
      const derived = reminderState(r, carLogs, summary, day);
      const { ownerId: _owner, notifiedState: _told, dueDate, dueMileage, ...stored } = r;
      return { ...stored, setDueDate: dueDate, setDueMileage: dueMileage, ...derived };
    });
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

  /** The car's odometer now: what a reminder made now starts from. */
  async function currentOdometer(car: Car): Promise<number | null> {
    return summaryOf(car, await logs.historyOf([car.id])).current;
  }

  /**
   * Tells once per change of a reminder's state to `soon` or `overdue` (issue 16): the state told
   * is kept on the reminder and moved by compare-and-set, so that of two requests or two nodes
   * seeing the same change only one tells, and a restart tells nothing again. Back to `ok` clears
   * it silently. The one that moved it tells the car's owner and each accepted member whose role
   * can act on the reminder (issue 18: drivers its fuel and distance-based ones, editors all).
   */
  async function checkStates(_memberId: string, carIds: readonly string[]): Promise<void> {
    const stored = await reminders.listByCars(carIds);
    if (stored.length === 0) return;
    const answered = await withStates(stored);
    let carMembers: Awaited<ReturnType<CarMembersRepository['accepted']>> | undefined;
    for (const [i, reminder] of answered.entries()) {
      const want = reminder.state === 'ok' ? null : reminder.state;
      const told = stored[i]!.notifiedState ?? null;
      if (want === told || !(await reminders.markNotified(reminder.id, told, want)) || want === null)
        continue;
      carMembers ??= await members.accepted(carIds);
      const recipients = [
        stored[i]!.ownerId,
        ...carMembers
          .filter((m) => m.carId === reminder.carId && actsOnReminder(m.role, stored[i]!))
          .map((m) => m.userId),
      ];
      for (const memberId of new Set(recipients))
        await tell(memberId, {
          type: 'reminder',
          jsonPayload: {
            relatedCarId: reminder.carId,
            relatedReminderId: reminder.id,
            excerpt: reminder.title,
            state: want,
            firedBy: reminder.firedBy,
            dueDate: reminder.dueDate,
            dueMileage: reminder.dueMileage,
          },
        });
    }
  }

  /** checkStates after a write: a failure is logged, never fails the write. */
  async function checkStatesQuietly(memberId: string, carIds: readonly string[]): Promise<void> {
    try {
      await checkStates(memberId, [...new Set(carIds)]);
    } catch (err) {
      warn(err, 'reminder states not checked');
    }
  }

  /**
   * The periodic sweep: dates pass without any write, so every reminder is checked now and then,
   * in batches by id (memory bounded). Several nodes may sweep at once: the compare-and-set of
   * checkStates still tells once.
   */
  async function sweep(batchSize = 500): Promise<void> {
    let after = '';
    for (;;) {
      const batch = await reminders.batchAfter(after, batchSize);
      if (batch.length === 0) return;
      const carsByOwner = new Map<string, Set<string>>();
      for (const r of batch)
        carsByOwner.set(r.ownerId, (carsByOwner.get(r.ownerId) ?? new Set()).add(r.carId));
      for (const [ownerId, carIds] of carsByOwner) await checkStatesQuietly(ownerId, [...carIds]);
      after = batch[batch.length - 1]!.id;
    }
  }

  return {
    checkStates,
    checkStatesQuietly,
    sweep,

    async odometer(memberId: string, carId: string): Promise<Odometer> {
      const car = await readableCar(memberId, carId);
      const { current, readings, perDay } = odometerSummary(await logs.readingsOf(carId), car.mileage);
      return { current, unit: car.mileageUnit, readings, perDay };
    },

    async fuelEconomy(memberId: string, carId: string, unit?: EconomyUnit): Promise<FuelEconomy> {
      const car = await readableCar(memberId, carId);
      const fills = await logs.historyOf([carId], { fuelOnly: true });
      return fuelEconomy(
        fills,
        distanceUnitOf(car.mileageUnit),
        unit ?? defaultEconomyUnit(car.energyType, car.mileageUnit),
      );
    },

    /** One car's reminders, or those of all the member's cars and the cars shared with them. */
    async list(memberId: string, carId?: string): Promise<Reminder[]> {
      if (carId === undefined) return withStates(await reminders.listForMember(memberId));
      const car = await readableCar(memberId, carId);
      return withStates(await reminders.listByCars([carId]), [car]);
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
        // An editor's reminder is the car's like the owner's own (issue 18).
        ownerId: car.ownerId,
        ...fields,
        createdMileage: await currentOdometer(car),
        createdAt: at,
        updatedAt: at,
      };
      const inserted = await reminders.insert(reminder);
      if (inserted) {
        await checkStatesQuietly(memberId, [reminder.carId]);
        await tellChanged(car, reminder.id, 'created');
      }
      if (!inserted) {
        const stored = await reminders.findById(reminder.id);
        if (!stored || stored.carId !== reminder.carId)
          throw conflict('This id is already in use.', [{ field: 'body.id', message: 'is already in use' }]);
        return { reminder: (await withStates([stored], [car]))[0]!, created: false };
      }
      return { reminder: (await withStates([reminder], [car]))[0]!, created: true };
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
      const car = await checked(memberId, fields);
      const reminder: StoredReminder = {
        id,
        // Moved to another car (of an owner the member edits for): the reminder is that car's.
        ownerId: car.ownerId,
        ...fields,
        // Moved to another car: it starts from that car's odometer.
        createdMileage: fields.carId === current.carId ? createdMileage : await currentOdometer(car),
        createdAt,
        updatedAt: now().toISOString(),
      };
      await reminders.replace(reminder);
      await checkStatesQuietly(memberId, [reminder.carId]);
      await tellChanged(car, id, 'updated');
      if (current.carId !== car.id) {
        const left = await cars.findById(current.carId);
        if (left) await tellChanged(left, id, 'deleted');
      }
      return (await withStates([reminder], [car]))[0]!;
    },

    async remove(memberId: string, id: string): Promise<void> {
      const current = await writableReminder(memberId, id);
      await reminders.delete(id);
      const car = await cars.findById(current.carId);
      if (car) await tellChanged(car, id, 'deleted');
    },
  };
}

export type MaintenanceService = ReturnType<typeof maintenanceService>;
