// The fields of a car and of a log, read from the contract's schemas (CarInput, CarLogInput): a
// field added to the schema is in these lists with nothing else to edit, so an edit's diff, a "keep
// as new" restore, the CSV export and import, the account export, the dossier and the sale handover
// can never leave it out (the client's and the server's field tests compare each list with these).
import { CarInput, CarLog, CarLogInput } from './garage';

export type CarField = Exclude<keyof CarInput, 'id'>;
export type LogField = Exclude<keyof CarLogInput, 'id' | 'odometerConfirmed'>;

const fieldsOf = <F extends string>(schema: { properties: object }, without: readonly string[]) =>
  Object.keys(schema.properties).filter((key) => !without.includes(key)) as F[];

/** Every field a car's create carries (its id aside), in the schema's order. */
export const CAR_FIELDS: readonly CarField[] = fieldsOf<CarField>(CarInput, ['id']);
/** Every field a log's create carries (its id and the request-only odometer confirmation aside). */
export const LOG_FIELDS: readonly LogField[] = fieldsOf<LogField>(CarLogInput, ['id', 'odometerConfirmed']);

/** The fields of a log that may be left unsaid: null, or an empty list. */
type Unsaid = {
  [K in LogField as null extends CarLog[K] ? K : CarLog[K] extends readonly unknown[] ? K : never]: CarLog[K];
};

/**
 * A log's unsaid fields with their empty values, read from the stored log's schema (null where
 * it may be null, [] for a list): where a log is built (a create, an imported row), a field added
 * to the contract starts empty with nothing to edit there.
 */
export function emptyLogFields(): Unsaid {
  const empty: Record<string, unknown> = {};
  const properties = CarLog.properties as Record<string, { type?: unknown }>;
  for (const field of LOG_FIELDS) {
    const type = properties[field]?.type;
    if (Array.isArray(type) && type.includes('null')) empty[field] = null;
    else if (type === 'array') empty[field] = [];
  }
  return empty as Unsaid;
}

/** The log fields `input` carries (undefined ones left out): the request's own fields, nothing else. */
export function presentLogFields<T extends object>(input: T): Partial<Pick<T, LogField & keyof T>> {
  const present: Record<string, unknown> = {};
  for (const field of LOG_FIELDS)
    if ((input as Record<string, unknown>)[field] !== undefined)
      present[field] = (input as Record<string, unknown>)[field];
  return present as Partial<Pick<T, LogField & keyof T>>;
}
