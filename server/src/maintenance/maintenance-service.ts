// The maintenance tracker (issue 16): a car's odometer and fuel economy, and reminders with their
// state derived from the car's logs on every read, by the same rules the device runs
// (src/contract/maintenance). Private to the car's owner: anyone else gets 404.
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
  now?: () => Date;
}

/**
 * Fuel economies kept per process, by car, version of its log book (`cars.log_version`, moved by
 * the triggers of migration 0006 on every change to the car's logs, whoever writes them, on any
 * node), mileage unit and economy unit: a car page asked again answers without reading its
 * thousands of fill-ups (issue 16: ≤ 20 ms for 5,000). A few hundred kB each at that size.
 */
export const ECONOMIES_KEPT = 32;

/** A map of at most `capacity` entries, the least recently used dropped first. */
function recentlyUsed<K, V>(capacity: number) {
  const entries = new Map<K, V>();
  return {
    get(key: K): V | undefined {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: K, value: V): void {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > capacity) entries.delete(entries.keys().next().value as K);
    },
  };
}

type ReminderFields = Omit<StoredReminder, 'id' | 'ownerId' | 'createdMileage' | 'createdAt' | 'updatedAt'>;

export function maintenanceService({
  cars,
  logs,
  reminders,
  settings,
  tell = async () => undefined,
  warn = () => undefined,
  now = () => new Date(),
}: Deps) {
  const today = () => now().toISOString().slice(0, 10);
  const economies = recentlyUsed<string, FuelEconomy>(ECONOMIES_KEPT);

  async function ownCar(memberId: string, carId: string): Promise<Car> {
    const car = await cars.findById(carId);
    if (!car || car.ownerId !== memberId) throw notFound('Car');
    return car;
  }

  async function ownReminder(memberId: string, id: string): Promise<StoredReminder> {
    const found = await reminders.findById(id);
    if (!found || found.ownerId !== memberId) throw notFound('Reminder');
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
    const car = await ownCar(memberId, fields.carId);
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
   * Tells the member once per change of a reminder's state to `soon` or `overdue` (issue 16): the
   * state told is kept on the reminder and moved by compare-and-set, so that of two requests or two
   * nodes seeing the same change only one tells, and a restart tells nothing again. Back to `ok`
   * clears it silently.
   */
  async function checkStates(memberId: string, carIds: readonly string[]): Promise<void> {
    const stored = (await reminders.listByCars(carIds)).filter((r) => r.ownerId === memberId);
    if (stored.length === 0) return;
    const answered = await withStates(stored);
    for (const [i, reminder] of answered.entries()) {
      const want = reminder.state === 'ok' ? null : reminder.state;
      const told = stored[i]!.notifiedState ?? null;
      if (want === told || !(await reminders.markNotified(reminder.id, told, want)) || want === null)
        continue;
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
      const car = await ownCar(memberId, carId);
      const { current, readings, perDay } = odometerSummary(await logs.readingsOf(carId), car.mileage);
      return { current, unit: car.mileageUnit, readings, perDay };
    },

    async fuelEconomy(memberId: string, carId: string, unit?: EconomyUnit): Promise<FuelEconomy> {
      const car = await ownCar(memberId, carId);
      const economyUnit = unit ?? defaultEconomyUnit(car.energyType, car.mileageUnit);
      // The log book's version is read before the fills: an answer is never kept under a version
      // older than the fills it was computed from.
      const book = await logs.logBookOf(carId);
      const key = book && JSON.stringify([carId, book.version, car.mileageUnit, economyUnit]);
      const known = key ? economies.get(key) : undefined;
      if (known) return known;
      const answer = fuelEconomy(await logs.fuelFillsOf(carId), distanceUnitOf(car.mileageUnit), economyUnit);
      if (key) economies.set(key, answer);
      return answer;
    },

    async list(memberId: string, carId?: string): Promise<Reminder[]> {
      const car = carId === undefined ? undefined : await ownCar(memberId, carId);
      return withStates(await reminders.listByOwner(memberId, carId), car ? [car] : []);
    },

    async get(memberId: string, id: string): Promise<Reminder> {
      const [reminder] = await withStates([await ownReminder(memberId, id)]);
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
        if (stored && stored.ownerId === memberId)
          return { reminder: (await withStates([stored]))[0]!, created: false };
      }
      const car = await checked(memberId, fields);
      const at = now().toISOString();
      const reminder: StoredReminder = {
        id: input.id ?? randomUUID(),
        ownerId: memberId,
        ...fields,
        createdMileage: await currentOdometer(car),
        createdAt: at,
        updatedAt: at,
      };
      const inserted = await reminders.insert(reminder);
      if (inserted) await checkStatesQuietly(memberId, [reminder.carId]);
      if (!inserted) {
        const stored = await reminders.findById(reminder.id);
        if (!stored || stored.ownerId !== memberId)
          throw conflict('This id is already in use.', [{ field: 'body.id', message: 'is already in use' }]);
        return { reminder: (await withStates([stored], [car]))[0]!, created: false };
      }
      return { reminder: (await withStates([reminder], [car]))[0]!, created: true };
    },

    async update(memberId: string, id: string, patch: ReminderUpdate): Promise<Reminder> {
      const current = await ownReminder(memberId, id);
      const { id: _id, ownerId, createdMileage, createdAt, updatedAt: _updated, ...currentFields } = current;
      const fields: ReminderFields = { ...currentFields, ...patch };
      const car = await checked(memberId, fields);
      const reminder: StoredReminder = {
        id,
        ownerId,
        ...fields,
        // Moved to another car: it starts from that car's odometer.
        createdMileage: fields.carId === current.carId ? createdMileage : await currentOdometer(car),
        createdAt,
        updatedAt: now().toISOString(),
      };
      await reminders.replace(reminder);
      await checkStatesQuietly(memberId, [reminder.carId]);
      return (await withStates([reminder], [car]))[0]!;
    },

    async remove(memberId: string, id: string): Promise<void> {
      await ownReminder(memberId, id);
      await reminders.delete(id);
    },
  };
}

export type MaintenanceService = ReturnType<typeof maintenanceService>;
