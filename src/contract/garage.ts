// The garage on the wire: cars, car logs and their stats (docs/DESIGN-NOTES.md "Entities", spec §3 and §7).
// Client code imports only the types from here.
import { Type, type Static, type TSchema } from 'typebox';

import {
  CAR_DESCRIPTION_MAX_TEXT,
  CAR_LOG_CONTENT_MAX_TEXT,
  CAR_LOG_COST_MAX,
  CAR_LOG_LOCATION_MAX,
  CAR_LOG_MAX_TAGS,
  CAR_LOG_PAGE_MAX,
  CAR_LOG_STATS_MONTHS,
  CAR_LOG_TAG_MAX_LENGTH,
  CAR_LOG_TITLE_MAX,
  CAR_NAME_MAX,
  CAR_YEAR_MAX,
  CAR_YEAR_MIN,
  MILEAGE_MAX,
  OFFSET_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  RICH_TEXT_MAX_HTML,
} from './constants';
import { FUEL_UNITS, type FuelUnit } from './maintenance/units';

export {
  CAR_DESCRIPTION_MAX_TEXT,
  CAR_LOG_CONTENT_MAX_TEXT,
  CAR_LOG_MAX_TAGS,
  CAR_LOG_PAGE_MAX,
  CAR_LOG_STATS_MONTHS,
  CAR_LOG_TAG_MAX_LENGTH,
  RICH_TEXT_MAX_HTML,
};

// Nullable fields use JSON Schema type arrays, not anyOf: with Ajv's type coercion an anyOf of
// string|null turns a null into "" (and number|null turns it into 0) before the null branch is tried.
const nullable = <T>(type: 'string' | 'integer' | 'number', options: Record<string, unknown> = {}) =>
  Type.Unsafe<T | null>({ type: [type, 'null'], ...options });

const ClientId = Type.String({
  format: 'uuid',
  description: 'Client-generated id: a repeat answers the stored item',
});
const SettingKey = (domain: string) =>
  nullable<string>('string', { minLength: 1, maxLength: 64, description: `A key of the ${domain} settings` });
const RichText = (description: string) =>
  nullable<string>('string', { maxLength: RICH_TEXT_MAX_HTML, description });

export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type IdParams = Static<typeof IdParams>;
export const CarIdParams = Type.Object({ carId: Type.String({ format: 'uuid' }) });
export type CarIdParams = Static<typeof CarIdParams>;

// ---------- cars ----------

/** A car has at most this many energies. */
export const CAR_ENERGY_TYPES_MAX = 4;
export const CAR_PLATE_MAX = 20;

/** 17 characters, no I, O or Q (either case: stored upper-case). */
export const VIN_PATTERN = '^[A-HJ-NPR-Za-hj-npr-z0-9]{17}$';

const VIN_VALUES: Record<string, number> = Object.fromEntries([
  ...'0123456789'.split('').map((d) => [d, Number(d)]),
  ...'ABCDEFGH'.split('').map((c, i) => [c, i + 1]),
  ...'JKLMN'.split('').map((c, i) => [c, i + 1]),
  ['P', 7],
  ['R', 9],
  ...'STUVWXYZ'.split('').map((c, i) => [c, i + 2]),
]);
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * Whether a North American VIN's check digit (9th character) is wrong; false for any other VIN
 * (Europe and Asia do not use it). The VIN is upper-case and matches VIN_PATTERN.
 */
export function vinCheckDigitWrong(vin: string): boolean {
  if (!/^[1-5]/.test(vin)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (VIN_VALUES[vin[i]!] ?? 0) * VIN_WEIGHTS[i]!;
  const expected = sum % 11 === 10 ? 'X' : String(sum % 11);
  return vin[8] !== expected;
}

const carFields = {
  make: Type.String({ minLength: 1, maxLength: CAR_NAME_MAX }),
  model: Type.String({ minLength: 1, maxLength: CAR_NAME_MAX }),
  year: nullable<number>('integer', { minimum: CAR_YEAR_MIN, maximum: CAR_YEAR_MAX }),
  nickname: nullable<string>('string', { maxLength: CAR_NAME_MAX }),
  energyType: SettingKey('energyType'),
  gearboxType: SettingKey('gearboxType'),
  upholsteryMaterial: SettingKey('upholsteryMaterial'),
  mileage: nullable<number>('integer', {
    minimum: 0,
    maximum: MILEAGE_MAX,
    description:
      'Never below the highest reading among its logs: a log with a higher reading raises it, and an edit below it (or to null) stores that reading',
  }),
  mileageUnit: Type.String({ minLength: 1, maxLength: 64, description: 'A key of the mileageUnit settings' }),
  description: RichText(`Quill HTML, at most ${CAR_DESCRIPTION_MAX_TEXT} characters of text`),
  energyTypes: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
    minItems: 1,
    maxItems: CAR_ENERGY_TYPES_MAX,
    uniqueItems: true,
    description:
      "Keys of the energyType settings, the main one first (LPG and petrol, a plug-in hybrid's petrol and electricity). `energyType` stays the main one: setting either sets the other's first; a car with only `energyType` answers `[energyType]`, one with neither `[]`",
  }),
  vin: nullable<string>('string', {
    pattern: VIN_PATTERN,
    description:
      '17 characters, no I, O or Q; stored upper-case. Seen by the car\'s owner and members only. A wrong check digit on a North American VIN (first character 1 to 5) is no refusal: the car answers `vinWarning: "checkDigit"`',
  }),
  plate: nullable<string>('string', {
    minLength: 1,
    maxLength: CAR_PLATE_MAX,
    description: "The registration plate. Seen by the car's owner and members only",
  }),
  firstRegistrationDate: nullable<string>('string', { format: 'date', description: 'YYYY-MM-DD' }),
  inspectionDueDate: nullable<string>('string', {
    format: 'date',
    description:
      'YYYY-MM-DD (contrôle technique, MOT, TÜV): the car has a date reminder for it, `source: "inspectionDueDate"`, moved when this changes and removed with it',
  }),
  insuranceDueDate: nullable<string>('string', {
    format: 'date',
    description:
      'YYYY-MM-DD: the car has a date reminder for it, `source: "insuranceDueDate"`, moved when this changes',
  }),
};

export const Car = Type.Object({
  id: Type.String(),
  ownerId: Type.String(),
  ...carFields,
  image: nullable<string>('string'),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /**
   * The asking member's role on the car: `owner` for their own, else the role it is
   * shared with them with; absent on a friend's car that is not shared with them.
   */
  role: Type.Optional(
    Type.Union([
      Type.Literal('owner'),
      Type.Literal('viewer'),
      Type.Literal('driver'),
      Type.Literal('editor'),
    ]),
  ),
  /** A car shared with the member: its owner's name, to show in their garage. */
  ownerName: Type.Optional(Type.String()),
  /** `checkDigit`: a North American VIN whose check digit is wrong (kept, not refused); absent else. */
  vinWarning: Type.Optional(Type.Literal('checkDigit')),
});
export type Car = Static<typeof Car>;

export const CarInput = Type.Object({
  id: Type.Optional(ClientId),
  // Every field optional, then the required ones and the default restated (a key keeps its place).
  ...Type.Partial(Type.Object(carFields)).properties,
  make: carFields.make,
  model: carFields.model,
  mileageUnit: Type.Optional(Type.String({ ...carFields.mileageUnit, default: 'km' })),
});
export type CarInput = Static<typeof CarInput>;

/** The fields of a car an edit may change (base and overwritten values are given for these). */
const carEditable = { ...carFields };

/**
 * `base` of an edit (docs/OFFLINE-FIRST.md "Edits from two devices"): the values it started from
 * for the fields it changes. A field whose stored value is no longer its base was changed meanwhile
 * (another device): the write still wins and its answer names the field in `overwritten`.
 */
const editBase = <P extends Record<string, TSchema>>(fields: P) =>
  Type.Optional(
    Type.Partial(Type.Object(fields), {
      description:
        'The values this edit started from, for the fields it changes: a field changed meanwhile elsewhere is named in the answer’s `overwritten`',
    }),
  );
/** `overwritten` of an answer: the values this write replaced that another write had set since its base. */
const overwritten = <P extends Record<string, TSchema>>(fields: P) =>
  Type.Optional(
    Type.Partial(Type.Object(fields), {
      description:
        'Fields another write had changed since this edit’s base, with the value this write replaced (null: empty)',
    }),
  );

/** PUT changes the fields it carries; the others keep their value. */
// Derived from the fields, not from CarInput: a PUT without `mileageUnit` must not get its default.
export const CarUpdate = Type.Object({
  ...Type.Partial(Type.Object(carFields)).properties,
  base: editBase(carEditable),
});
export type CarUpdate = Static<typeof CarUpdate>;

/** The answer of a car's PUT: the car, and the fields it overwrote (see `base`). */
export const CarSaved = Type.Object({ ...Car.properties, overwritten: overwritten(carEditable) });
export type CarSaved = Static<typeof CarSaved>;

export const CarFeedQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT }),
  offset: Type.Integer({ minimum: 0, maximum: OFFSET_MAX, default: 0 }),
  ownerId: Type.Optional(Type.String({ format: 'uuid', description: "A friend's id: their cars" })),
});
export type CarFeedQuery = Static<typeof CarFeedQuery>;

// ---------- car logs ----------

const logFields = {
  carId: Type.String({ format: 'uuid' }),
  type: Type.String({ minLength: 1, maxLength: 64, description: 'A key of the carLogType settings' }),
  title: Type.String({ minLength: 1, maxLength: CAR_LOG_TITLE_MAX }),
  content: RichText(`Quill HTML, at most ${CAR_LOG_CONTENT_MAX_TEXT} characters of text`),
  location: nullable<string>('string', { maxLength: CAR_LOG_LOCATION_MAX }),
  tags: Type.Array(Type.String({ minLength: 1, maxLength: CAR_LOG_TAG_MAX_LENGTH }), {
    maxItems: CAR_LOG_MAX_TAGS,
  }),
  cost: nullable<number>('number', {
    minimum: 0,
    maximum: CAR_LOG_COST_MAX,
    description: 'At most 2 decimals',
  }),
  currencyCode: SettingKey('currencyCode'),
  startDate: Type.String({ format: 'date', description: 'YYYY-MM-DD' }),
  mileage: nullable<number>('integer', { minimum: 0, maximum: MILEAGE_MAX }),
};

/**
 * What a fill-up (or a charge) added: only on logs of type `fuel`, which then need a `mileage`.
 * `cost` stays the log's total paid.
 */
export const FuelFill = Type.Object({
  quantity: Type.Number({ exclusiveMinimum: 0, maximum: 100_000 }),
  // Typed as the units' union: a Union of a mapped array would be `never` to TypeScript.
  unit: Type.Unsafe<FuelUnit>(
    Type.Union(
      FUEL_UNITS.map((u) => Type.Literal(u)),
      { description: 'l, gal_us (3.785411784 l), gal_uk (4.54609 l) or kwh' },
    ),
  ),
  fullTank: Type.Boolean({ description: 'The tank (or battery, to the usual target) was filled' }),
  missedPrevious: Type.Boolean({ description: 'One or more fill-ups before this one were not logged' }),
  pricePerUnit: Type.Optional(nullable<number>('number', { minimum: 0, maximum: 1_000_000 })),
  energy: Type.Optional(
    nullable<string>('string', {
      minLength: 1,
      maxLength: 64,
      description:
        "A key of the energyType settings, one of the car's energyTypes (else 400); absent or null: the car's main energy. Answered only when given",
    }),
  ),
  economyConfirmed: Type.Optional(
    Type.Boolean({
      description:
        '"It\'s right": the economy of the segment this fill closes is real even if it looks suspect, so it is never answered `suspect` and counts in the figures. "Mark as missed" is `missedPrevious: true` instead. Answered only when true',
    }),
  ),
});
export type FuelFill = Static<typeof FuelFill>;

// An object or null as a type array, like the nullable fields above.
const fuelField = Type.Unsafe<FuelFill | null>({
  ...FuelFill,
  type: ['object', 'null'],
  description: 'A fill-up: only on logs of type fuel, which then need a mileage',
});
const odometerConfirmed = Type.Boolean({
  description: 'Accept a reading that implies more than 2,000 km (or mi) a day since the previous one',
});

/** A photo or PDF receipt of a log, served at `url` (GET /media/:id). */
export const CarLogMedia = Type.Object({
  id: Type.String(),
  url: Type.String(),
  kind: Type.Union([Type.Literal('image'), Type.Literal('pdf')]),
  mime: Type.String(),
  width: nullable<number>('integer'),
  height: nullable<number>('integer'),
});
export type CarLogMedia = Static<typeof CarLogMedia>;

export const CarLog = Type.Object({
  id: Type.String(),
  ...logFields,
  carId: Type.String(),
  /** Present on fill-ups only. */
  fuel: Type.Optional(FuelFill),
  /** Who wrote the log: the car's owner or a member it is shared with; always answered. */
  authorId: Type.Optional(Type.String()),
  /** Written in a former owner's time (the car was sold with its logbook since). */
  formerOwner: Type.Optional(Type.Boolean()),
  media: Type.Array(CarLogMedia),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type CarLog = Static<typeof CarLog>;

export const CarLogInput = Type.Object({
  id: Type.Optional(ClientId),
  // Every field optional, then the required ones restated (a key keeps its place).
  ...Type.Partial(Type.Object(logFields)).properties,
  carId: logFields.carId,
  type: logFields.type,
  title: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: CAR_LOG_TITLE_MAX,
      description:
        'Required, except on a log of type fuel: one without a title is named from its quantity and, when given, its place, in the member’s language (Accept-Language, else their chosen language), e.g. "Fill-up: 42.5 L at Total Access"',
    }),
  ),
  startDate: logFields.startDate,
  fuel: Type.Optional(fuelField),
  odometerConfirmed: Type.Optional(odometerConfirmed),
});
export type CarLogInput = Static<typeof CarLogInput>;

/** The fields of a log an edit may change (base and overwritten values are given for these). */
const logEditable = { ...logFields, fuel: fuelField };

/** PUT changes the fields it carries; `carId` may only name another car of the same member. */
export const CarLogUpdate = Type.Object({
  ...Type.Partial(Type.Omit(CarLogInput, ['id'])).properties,
  base: editBase(logEditable),
});
export type CarLogUpdate = Static<typeof CarLogUpdate>;

/** The answer of a log's PUT: the log, and the fields it overwrote (see `base`). */
export const CarLogSaved = Type.Object({ ...CarLog.properties, overwritten: overwritten(logEditable) });
export type CarLogSaved = Static<typeof CarLogSaved>;

/** The largest page of logs: a device's first sync of a long log book asks for these. */

export const CarLogListQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: CAR_LOG_PAGE_MAX, default: PAGE_SIZE_DEFAULT }),
  type: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
export type CarLogListQuery = Static<typeof CarLogListQuery>;

export const CarLogListMeta = Type.Object({
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
});

const Money = Type.Record(Type.String(), Type.Number(), { description: 'Amount per currency code' });

export const CarLogStats = Type.Object({
  count: Type.Integer(),
  totalCost: Money,
  /** type → currency → amount */
  costByType: Type.Record(Type.String(), Money),
  /** YYYY-MM → currency → amount; the last 24 months, the current one included, oldest first */
  costByMonth: Type.Record(Type.String(), Money),
  firstDate: nullable<string>('string'),
  lastDate: nullable<string>('string'),
  mileageSpan: nullable<number>('integer'),
  mileageUnit: Type.String(),
  /** currency → total cost / mileage span; empty when the span is 0 or unknown */
  costPerDistance: Money,
});
export type CarLogStats = Static<typeof CarLogStats>;
