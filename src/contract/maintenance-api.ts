// The maintenance tracker on the wire: odometer, fuel and energy economy, reminders. The
// rules behind these answers are in ./maintenance (the same code on the device). Client code imports
// only the types from here.
import { Type, type Static } from 'typebox';
import {
  CAR_LOG_TITLE_MAX,
  MILEAGE_MAX,
  REMINDER_INTERVAL_MONTHS_MAX,
  REMINDER_NOTES_MAX,
  REMINDER_SOON_DAYS_MAX,
} from './constants';
import { ECONOMY_UNITS } from './maintenance/units';

const nullable = <T>(type: 'string' | 'integer' | 'number', options: Record<string, unknown> = {}) =>
  Type.Unsafe<T | null>({ type: [type, 'null'], ...options });

export { REMINDER_INTERVAL_MONTHS_MAX, REMINDER_NOTES_MAX, REMINDER_SOON_DAYS_MAX };

// ---------- odometer ----------

export const OdometerReading = Type.Object({
  logId: Type.String(),
  date: Type.String({ description: 'YYYY-MM-DD' }),
  mileage: Type.Integer(),
});

export const Odometer = Type.Object({
  current: nullable<number>('integer', {
    description: "The latest reading by date, else the car's own mileage",
  }),
  unit: Type.String({ description: "The car's mileageUnit" }),
  readings: Type.Array(OdometerReading, { description: 'Oldest first' }),
  perDay: nullable<number>('number', {
    description: 'Average distance a day over the last 90 days of readings',
  }),
});
export type Odometer = Static<typeof Odometer>;

// ---------- fuel economy ----------

export const FuelEconomyQuery = Type.Object({
  unit: Type.Optional(
    Type.Union(
      ECONOMY_UNITS.map((u) => Type.Literal(u)),
      { description: "Default: from the answered energy (kWh for electric) and the car's mileage unit" },
    ),
  ),
  energy: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        "One of the car's energyTypes (else 400): the economy of that energy alone. Its segments run between full fills of that energy and count that energy's fills only, over the odometer distance between them (fills of the other energies in between are left out, as dual-tank trackers do). A fill without fuel.energy is of the main energy. Default: the main energy (energyTypes[0]); a car without any energy counts every fill",
    }),
  ),
});
export type FuelEconomyQuery = Static<typeof FuelEconomyQuery>;

export const FuelEconomy = Type.Object({
  unit: Type.String(),
  average: nullable<number>('number', {
    description: 'Σ distance ÷ Σ quantity of the valid, non-suspect segments, in unit',
  }),
  best: nullable<number>('number'),
  worst: nullable<number>('number'),
  distance: Type.Number({ description: "Valid segments' distance, in the unit's distance (km, or mi)" }),
  quantity: Type.Number({
    description: "Valid segments' fuel, in the unit's quantity (l, gal_us, gal_uk, kWh)",
  }),
  costPerDistance: Type.Record(Type.String(), Type.Number(), {
    description:
      "currency → cost of the valid segments' fills per unit of distance (the answered unit's distance: km, or mi for mpg and mi/kWh)",
  }),
  allEnergiesCostPerDistance: Type.Optional(
    Type.Record(Type.String(), Type.Number(), {
      description:
        "Only without `energy`: currency → what one unit of distance (the answered unit's distance: km, or mi for mpg and mi/kWh) costs in all the car's energies together, the sum of each energy's costPerDistance (its own valid, non-suspect segments; electricity in kWh). Equals costPerDistance for a car of one energy",
    }),
  ),
  segments: Type.Array(
    Type.Object({
      fromLogId: Type.String(),
      toLogId: Type.String(),
      distance: nullable<number>('number'),
      quantity: Type.Number(),
      economy: nullable<number>('number'),
      valid: Type.Boolean(),
      suspect: Type.Boolean({
        description:
          'Valid, but below half or above twice the median economy of the other valid, non-suspect segments of the same energy (in unit): probably a missed fill-up, left out of average, best, worst, distance, quantity and costPerDistance. "Mark as missed": PUT /car-logs/{toLogId} with fuel.missedPrevious true (the segment is then not valid); "it\'s right": PUT /car-logs/{toLogId} with fuel.economyConfirmed true (never suspect again, counted again)',
      }),
    }),
  ),
});
export type FuelEconomy = Static<typeof FuelEconomy>;

// ---------- reminders ----------

const reminderFields = {
  carId: Type.String({ format: 'uuid' }),
  title: Type.String({ minLength: 1, maxLength: CAR_LOG_TITLE_MAX }),
  logType: nullable<string>('string', {
    minLength: 1,
    maxLength: 64,
    description: 'A key of the carLogType settings: a log of this type completes the reminder',
  }),
  intervalMonths: nullable<number>('integer', { minimum: 1, maximum: REMINDER_INTERVAL_MONTHS_MAX }),
  intervalDistance: nullable<number>('integer', { minimum: 1, maximum: MILEAGE_MAX }),
  dueDate: nullable<string>('string', { format: 'date', description: 'YYYY-MM-DD' }),
  dueMileage: nullable<number>('integer', { minimum: 0, maximum: MILEAGE_MAX }),
  soonDays: nullable<number>('integer', { minimum: 0, maximum: REMINDER_SOON_DAYS_MAX }),
  soonDistance: nullable<number>('integer', { minimum: 0, maximum: MILEAGE_MAX }),
  notes: nullable<string>('string', { maxLength: REMINDER_NOTES_MAX }),
};

export const ReminderInput = Type.Object({
  id: Type.Optional(
    Type.String({ format: 'uuid', description: 'Client-generated id: a repeat answers the stored item' }),
  ),
  // Every field optional, then the required ones restated (a key keeps its place).
  ...Type.Partial(Type.Object(reminderFields)).properties,
  carId: reminderFields.carId,
  title: reminderFields.title,
});
export type ReminderInput = Static<typeof ReminderInput>;

/** PUT changes the fields it carries; `carId` may only name another car of the same member. */
export const ReminderUpdate = Type.Partial(Type.Omit(ReminderInput, ['id']));
export type ReminderUpdate = Static<typeof ReminderUpdate>;

export const ReminderListQuery = Type.Object({
  carId: Type.Optional(Type.String({ format: 'uuid', description: 'One of my cars: its reminders only' })),
});
export type ReminderListQuery = Static<typeof ReminderListQuery>;

/**
 * A reminder as stored, with its state derived from its car's history. `dueDate` and `dueMileage`
 * are the derived due point; `setDueDate` and `setDueMileage` are the ones the member gave (a
 * one-off's due point, or a recurring reminder's first one).
 */
export const Reminder = Type.Object({
  id: Type.String(),
  carId: Type.String(),
  title: Type.String(),
  logType: nullable<string>('string'),
  intervalMonths: nullable<number>('integer'),
  intervalDistance: nullable<number>('integer'),
  setDueDate: nullable<string>('string'),
  setDueMileage: nullable<number>('integer'),
  soonDays: nullable<number>('integer'),
  soonDistance: nullable<number>('integer'),
  notes: nullable<string>('string'),
  createdMileage: nullable<number>('integer', {
    description: "The car's odometer when the reminder was made: the base until a log completes it",
  }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  state: Type.Union([Type.Literal('ok'), Type.Literal('soon'), Type.Literal('overdue')]),
  dueDate: nullable<string>('string'),
  dueMileage: nullable<number>('integer'),
  predictedDate: nullable<string>('string'),
  firedBy: Type.Unsafe<'date' | 'mileage' | null>({
    type: ['string', 'null'],
    enum: ['date', 'mileage', null],
  }),
  doneLogId: nullable<string>('string'),
  source: Type.Optional(
    Type.Union([Type.Literal('inspectionDueDate'), Type.Literal('insuranceDueDate')], {
      description:
        "Made from the car's field of that name: its date is that field's, moved when the car's date changes (same id, one per kind) and removed when it is cleared. Absent on a member's own reminders",
    }),
  ),
});
export type Reminder = Static<typeof Reminder>;
