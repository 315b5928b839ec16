// The garage on the wire: cars, car logs and their stats (docs/DESIGN-NOTES.md "Entities", spec §3 and §7).
// Client code imports only the types from here.
import { Type, type Static } from 'typebox';

/** A car description holds at most this many characters of text (spec §5, §9). */
export const CAR_DESCRIPTION_MAX_TEXT = 20_000;
/** Log content shares the car description's budget: both are long Quill texts. */
export const CAR_LOG_CONTENT_MAX_TEXT = 20_000;
/**
 * Raw HTML may be much longer than its text (a colour on every word is ~40 characters of markup
 * each); this caps what is parsed at all, at half the default body limit.
 */
export const RICH_TEXT_MAX_HTML = 500_000;
export const CAR_LOG_MAX_TAGS = 20;
export const CAR_LOG_TAG_MAX_LENGTH = 40;
/** Months covered by `costByMonth` in the stats, the current month included. */
export const CAR_LOG_STATS_MONTHS = 24;

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

const carFields = {
  make: Type.String({ minLength: 1, maxLength: 80 }),
  model: Type.String({ minLength: 1, maxLength: 80 }),
  year: nullable<number>('integer', { minimum: 1885, maximum: 2100 }),
  nickname: nullable<string>('string', { maxLength: 80 }),
  energyType: SettingKey('energyType'),
  gearboxType: SettingKey('gearboxType'),
  upholsteryMaterial: SettingKey('upholsteryMaterial'),
  mileage: nullable<number>('integer', { minimum: 0, maximum: 100_000_000 }),
  mileageUnit: Type.String({ minLength: 1, maxLength: 64, description: 'A key of the mileageUnit settings' }),
  description: RichText(`Quill HTML, at most ${CAR_DESCRIPTION_MAX_TEXT} characters of text`),
};

export const Car = Type.Object({
  id: Type.String(),
  ownerId: Type.String(),
  ...carFields,
  image: nullable<string>('string'),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Car = Static<typeof Car>;

export const CarInput = Type.Object({
  id: Type.Optional(ClientId),
  make: carFields.make,
  model: carFields.model,
  year: Type.Optional(carFields.year),
  nickname: Type.Optional(carFields.nickname),
  energyType: Type.Optional(carFields.energyType),
  gearboxType: Type.Optional(carFields.gearboxType),
  upholsteryMaterial: Type.Optional(carFields.upholsteryMaterial),
  mileage: Type.Optional(carFields.mileage),
  mileageUnit: Type.Optional(Type.String({ ...carFields.mileageUnit, default: 'km' })),
  description: Type.Optional(carFields.description),
});
export type CarInput = Static<typeof CarInput>;

/** PUT changes the fields it carries; the others keep their value. */
export const CarUpdate = Type.Object({
  make: Type.Optional(carFields.make),
  model: Type.Optional(carFields.model),
  year: Type.Optional(carFields.year),
  nickname: Type.Optional(carFields.nickname),
  energyType: Type.Optional(carFields.energyType),
  gearboxType: Type.Optional(carFields.gearboxType),
  upholsteryMaterial: Type.Optional(carFields.upholsteryMaterial),
  mileage: Type.Optional(carFields.mileage),
  mileageUnit: Type.Optional(carFields.mileageUnit),
  description: Type.Optional(carFields.description),
});
export type CarUpdate = Static<typeof CarUpdate>;

export const CarFeedQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  ownerId: Type.Optional(Type.String({ format: 'uuid', description: "A friend's id: their cars" })),
});
export type CarFeedQuery = Static<typeof CarFeedQuery>;

// ---------- car logs ----------

const logFields = {
  carId: Type.String({ format: 'uuid' }),
  type: Type.String({ minLength: 1, maxLength: 64, description: 'A key of the carLogType settings' }),
  title: Type.String({ minLength: 1, maxLength: 200 }),
  content: RichText(`Quill HTML, at most ${CAR_LOG_CONTENT_MAX_TEXT} characters of text`),
  location: nullable<string>('string', { maxLength: 200 }),
  tags: Type.Array(Type.String({ minLength: 1, maxLength: CAR_LOG_TAG_MAX_LENGTH }), {
    maxItems: CAR_LOG_MAX_TAGS,
  }),
  cost: nullable<number>('number', { minimum: 0, maximum: 1_000_000_000, description: 'At most 2 decimals' }),
  currencyCode: SettingKey('currencyCode'),
  startDate: Type.String({ format: 'date', description: 'YYYY-MM-DD' }),
  mileage: nullable<number>('integer', { minimum: 0, maximum: 100_000_000 }),
};

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
  media: Type.Array(CarLogMedia),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type CarLog = Static<typeof CarLog>;

export const CarLogInput = Type.Object({
  id: Type.Optional(ClientId),
  carId: logFields.carId,
  type: logFields.type,
  title: logFields.title,
  content: Type.Optional(logFields.content),
  location: Type.Optional(logFields.location),
  tags: Type.Optional(logFields.tags),
  cost: Type.Optional(logFields.cost),
  currencyCode: Type.Optional(logFields.currencyCode),
  startDate: logFields.startDate,
  mileage: Type.Optional(logFields.mileage),
});
export type CarLogInput = Static<typeof CarLogInput>;

/** PUT changes the fields it carries; `carId` may only name another car of the same member. */
export const CarLogUpdate = Type.Object({
  carId: Type.Optional(logFields.carId),
  type: Type.Optional(logFields.type),
  title: Type.Optional(logFields.title),
  content: Type.Optional(logFields.content),
  location: Type.Optional(logFields.location),
  tags: Type.Optional(logFields.tags),
  cost: Type.Optional(logFields.cost),
  currencyCode: Type.Optional(logFields.currencyCode),
  startDate: Type.Optional(logFields.startDate),
  mileage: Type.Optional(logFields.mileage),
});
export type CarLogUpdate = Static<typeof CarLogUpdate>;

/** The largest page of logs: a device's first sync of a long log book asks for these. */
export const CAR_LOG_PAGE_MAX = 500;

export const CarLogListQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: CAR_LOG_PAGE_MAX, default: 20 }),
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
