// The fields of a car and of a log, read from the contract's schemas (CarInput, CarLogInput): a
// field added to the schema is in these lists with nothing else to edit, so an edit's diff, a "keep
// as new" restore, the CSV export and import, the account export, the dossier and the sale handover
// can never leave it out (the client's and the server's field tests compare each list with these).
import { CarInput, CarLogInput } from './garage';

export type CarField = Exclude<keyof CarInput, 'id'>;
export type LogField = Exclude<keyof CarLogInput, 'id' | 'odometerConfirmed'>;

const fieldsOf = <F extends string>(schema: { properties: object }, without: readonly string[]) =>
  Object.keys(schema.properties).filter((key) => !without.includes(key)) as F[];

/** Every field a car's create carries (its id aside), in the schema's order. */
export const CAR_FIELDS: readonly CarField[] = fieldsOf<CarField>(CarInput, ['id']);
/** Every field a log's create carries (its id and the request-only odometer confirmation aside). */
export const LOG_FIELDS: readonly LogField[] = fieldsOf<LogField>(CarLogInput, ['id', 'odometerConfirmed']);
