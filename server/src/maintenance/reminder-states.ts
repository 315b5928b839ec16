// Reminders with their state (the maintenance tracker): derived on every read from the car's
// logs by the rules the device runs (src/contract/maintenance), never stored and advanced. This
// part reads the cars' log books and keeps, per process, each car's history and the states derived
// from it (docs/ARCHITECTURE.md, server "maintenance/").
import type { Car } from '../../../src/contract/garage';
import {
  odometerSummary,
  readingsOf,
  reminderState,
  type OdometerSummary,
  type ReminderRule,
  type ReminderState,
} from '../../../src/contract/maintenance';
import type { Reminder } from '../../../src/contract/maintenance-api';
import type { CarLogsRepository, HistoryLog } from '../garage/car-logs-repository';
import { recentlyUsed } from './recently-used';
import type { RemindersRepository, StoredReminder } from './reminders-repository';

/**
 * Cars' histories kept per process for the reminders' states (GET /reminders reads a member's
 * reminders on every visit of the garage: docs/BENCHMARKS.md, 20 cars over 10,000 logs at ≥ 2,000
 * req/s), each with the version of its log book and its own mileage: a change to either reads it
 * again. A few hundred bytes per log: about 10 MB at most.
 */
export const HISTORY_LOGS_KEPT = 100_000;

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

export interface ReminderStatesDeps {
  logs: Pick<CarLogsRepository, 'historyOf'>;
  reminders: Pick<RemindersRepository, 'carBooks'>;
  now?: () => Date;
}

export function reminderStates({ logs, reminders, now = () => new Date() }: ReminderStatesDeps) {
  const today = () => now().toISOString().slice(0, 10);
  const histories = recentlyUsed<string, CarHistory>(HISTORY_LOGS_KEPT, (h) => h.logs.length + 1);

  return {
    /** Today as the reminder rules read it (UTC, YYYY-MM-DD). */
    today,

    /**
     * Each reminder with its state. The cars' log books are read in one query for all of them, and
     * only those of cars whose log book changed since (`cached`: kept for the next time; the sweep,
     * which reads every car once, keeps none). The versions are read before the logs: a history is
     * never kept under a version older than the logs it holds.
     */
    async withStates(list: readonly StoredReminder[], cached = true, day = today()): Promise<Reminder[]> {
      const carIds = [...new Set(list.map((r) => r.carId))];
      const books = await reminders.carBooks(carIds);
      const known = new Map<string, CarHistory>();
      const missing: string[] = [];
      for (const id of carIds) {
        const book = books.get(id);
        const kept = book && cached ? histories.get(id) : undefined;
        if (kept && book && kept.version === book.version && kept.mileage === book.mileage)
          known.set(id, kept);
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
          ...(r.source ? { source: r.source } : {}),
        };
      });
    },

    /** The car's odometer now: what a reminder made now starts from. */
    async currentOdometer(car: Pick<Car, 'id' | 'mileage'>): Promise<number | null> {
      return odometerSummary(readingsOf(await logs.historyOf([car.id])), car.mileage).current;
    },
  };
}

export type ReminderStates = ReturnType<typeof reminderStates>;
