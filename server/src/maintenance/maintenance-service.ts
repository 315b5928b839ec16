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
  type ReminderRule,
  type ReminderState,
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
import { actsOnReminder, mayMoveOut, mayWriteReminders, type CarAccessService } from '../garage/car-access';
import type { CarMembersRepository } from '../garage/car-members-repository';
import type { CarVersions, NotifiedState, RemindersRepository, StoredReminder } from './reminders-repository';

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

/**
 * Fuel economies kept per process, by car, version of its log book (`cars.log_version`, moved by
 * the triggers of migration 0006 on every change to the car's logs, whoever writes them, on any
 * node), mileage unit and economy unit: a car page asked again answers without reading its
 * thousands of fill-ups (issue 16: ≤ 20 ms for 5,000). A few hundred kB each at that size.
 */
export const ECONOMIES_KEPT = 32;

/**
 * Cars' histories kept per process for the reminders' states (GET /reminders reads a member's
 * reminders on every visit of the garage: issue 16, 20 cars over 10,000 logs at ≥ 2,000 req/s), each
 * with the version of its log book and its own mileage: a change to either reads it again. A few
 * hundred bytes per log: about 10 MB at most.
 */
export const HISTORY_LOGS_KEPT = 100_000;

/**
 * GET /reminders' answers kept per process, serialised as sent, by signature (see `listJson`): the
 * garage's page asks for all of a member's reminders on every visit (issue 16: 20 cars × 10
 * reminders, ≥ 2,000 req/s), about 100 kB each at that size. At most this many characters in all.
 */
export const ANSWERS_CHARS_KEPT = 32 * 1024 * 1024;

/** A car's logs as the reminder rules read them, and its odometer. */
interface CarHistory {
  version: string;
  mileage: number | null;
  logs: HistoryLog[];
  summary: OdometerSummary;
  /**
   * The states derived from this history, by reminder id, with the day and the rule's fields they
   * were derived for: the same inputs give the same state (reminderState is a pure function).
   */
  states: Map<string, { day: string; rule: ReminderRule; state: ReminderState }>;
}

/** The fields of a reminder that its state depends on (besides its car's history and the day). */
const RULE_FIELDS = [
  'logType',
  'intervalMonths',
  'intervalDistance',
  'dueDate',
  'dueMileage',
  'soonDays',
  'soonDistance',
  'createdAt',
  'createdMileage',
] as const satisfies readonly (keyof ReminderRule)[];

const ruleOf = (r: ReminderRule): ReminderRule => {
  const rule = {} as Record<keyof ReminderRule, unknown>;
  for (const field of RULE_FIELDS) rule[field] = r[field];
  return rule as unknown as ReminderRule;
};
const sameRule = (a: ReminderRule, b: ReminderRule) => RULE_FIELDS.every((field) => a[field] === b[field]);

/**
 * A map of entries weighing at most `capacity` in all (each 1 unless `weigh` says otherwise), the
 * least recently used dropped first.
 */
function recentlyUsed<K, V>(capacity: number, weigh: (value: V) => number = () => 1) {
  const entries = new Map<K, V>();
  let weight = 0;
  const drop = (key: K) => {
    const value = entries.get(key);
    if (value === undefined) return;
    entries.delete(key);
    weight -= weigh(value);
  };
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
      drop(key);
      if (weigh(value) > capacity) return;
      entries.set(key, value);
      weight += weigh(value);
      while (weight > capacity) drop(entries.keys().next().value as K);
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
  access,
  members,
  live = () => undefined,
  now = () => new Date(),
}: Deps) {
  const today = () => now().toISOString().slice(0, 10);
  const economies = recentlyUsed<string, FuelEconomy>(ECONOMIES_KEPT);
  const histories = recentlyUsed<string, CarHistory>(HISTORY_LOGS_KEPT, (h) => h.logs.length + 1);
  const answers = recentlyUsed<string, string>(ANSWERS_CHARS_KEPT, (json) => json.length);

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

  /**
   * Each reminder with its state. The cars' log books are read in one query for all of them, and
   * only those of cars whose log book changed since (`cached`: kept for the next time; the sweep,
   * which reads every car once, keeps none). The versions are read before the logs: a history is
   * never kept under a version older than the logs it holds.
   */
  async function withStates(
    list: readonly StoredReminder[],
    cached = true,
    day = today(),
  ): Promise<Reminder[]> {
    const carIds = [...new Set(list.map((r) => r.carId))];
    const books = await reminders.carBooks(carIds);
    const known = new Map<string, CarHistory>();
    const missing: string[] = [];
    for (const id of carIds) {
      const book = books.get(id);
      const kept = book && cached ? histories.get(id) : undefined;
      if (kept && book && kept.version === book.version && kept.mileage === book.mileage) known.set(id, kept);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const byCar = new Map<string, HistoryLog[]>(missing.map((id) => [id, []]));
      for (const log of await logs.historyOf(missing)) byCar.get(log.carId)?.push(log);
      for (const [id, carLogs] of byCar) {
        const book = books.get(id);
        const mileage = book?.mileage ?? null;
        const history: CarHistory = {
          version: book?.version ?? '',
          mileage,
          logs: carLogs,
          summary: odometerSummary(readingsOf(carLogs), mileage),
          states: new Map(),
        };
        known.set(id, history);
        if (book && cached) histories.set(id, history);
      }
    }
    return list.map((r) => {
      const history = known.get(r.carId)!;
      const kept = history.states.get(r.id);
      let derived: ReminderState;
      if (kept && kept.day === day && sameRule(kept.rule, r)) derived = kept.state;
      else {
        derived = reminderState(r, history.logs, history.summary, day);
        history.states.set(r.id, { day, rule: ruleOf(r), state: derived });
      }
      // Field by field: no object rest or spread per reminder (200 of them on every garage visit).
      return {
        id: r.id,
        carId: r.carId,
        title: r.title,
        logType: r.logType,
        intervalMonths: r.intervalMonths,
        intervalDistance: r.intervalDistance,
        setDueDate: r.dueDate,
        setDueMileage: r.dueMileage,
        soonDays: r.soonDays,
        soonDistance: r.soonDistance,
        notes: r.notes,
        createdMileage: r.createdMileage,
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
        state: derived.state,
        dueDate: derived.dueDate,
        dueMileage: derived.dueMileage,
        predictedDate: derived.predictedDate,
        firedBy: derived.firedBy,
        doneLogId: derived.doneLogId,
      };
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
   * it silently. The moves of a whole list are one transaction; those told are told after it: the
   * car's owner and each accepted member whose role can act on the reminder (issue 18: drivers its
   * fuel and distance-based ones, editors all).
   */
  async function tellChanges(stored: readonly StoredReminder[], cached = true): Promise<void> {
    if (stored.length === 0) return;
    const answered = await withStates(stored, cached);
    const changes: { id: string; from: NotifiedState; to: NotifiedState }[] = [];
    for (const [i, reminder] of answered.entries()) {
      const to = reminder.state === 'ok' ? null : reminder.state;
      const from = stored[i]!.notifiedState ?? null;
      if (to !== from) changes.push({ id: reminder.id, from, to });
    }
    const moved = await reminders.markNotified(changes);
    let carMembers: Awaited<ReturnType<CarMembersRepository['accepted']>> | undefined;
    for (const [i, reminder] of answered.entries()) {
      if (reminder.state === 'ok' || !moved.has(reminder.id)) continue;
      carMembers ??= await members.accepted([...new Set(stored.map((r) => r.carId))]);
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
            state: reminder.state,
            firedBy: reminder.firedBy,
            dueDate: reminder.dueDate,
            dueMileage: reminder.dueMileage,
          },
        });
    }
  }

  /** Checks the member's reminders of these cars (after a write that can change a state). */
  async function checkStates(_memberId: string, carIds: readonly string[]): Promise<void> {
    // Every reminder of these cars, whoever wrote (a driver's fill-up moves the owner's reminders).
    await tellChanges(await reminders.listByCars(carIds));
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
   * in batches by id (memory bounded): per batch one read of the reminders, one of their cars, one
   * of those cars' logs and one transaction for the states told. Several nodes may sweep at once:
   * the compare-and-set still tells once. A batch that fails is logged and the sweep goes on.
   */
  async function sweep(batchSize = 500): Promise<void> {
    let after = '';
    for (;;) {
      const batch = await reminders.batchAfter(after, batchSize);
      if (batch.length === 0) return;
      try {
        await tellChanges(batch, false);
      } catch (err) {
        warn(err, 'reminder states not checked');
      }
      after = batch[batch.length - 1]!.id;
    }
  }

  /** One car's reminders, or those of all the member's cars and the cars shared with them. */
  async function list(memberId: string, carId?: string): Promise<Reminder[]> {
    if (carId === undefined) return withStates(await reminders.listForMember(memberId));
    await readableCar(memberId, carId);
    return withStates(await reminders.listByCars([carId]));
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

export type MaintenanceService = ReturnType<typeof maintenanceService>;
