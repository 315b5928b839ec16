// The fields of a car and of a log, derived from the contract's types: a field added to
// CarInput or CarLogInput fails the type check here until it is listed, so an edit's diff, a
// "keep as new" restore, the CSV export and import, the account export, the dossier and the sale
// handover can never leave it out (the client's and the server's field tests compare each list
// with these, and these with the schemas).
import type { CarInput, CarLogInput } from './garage';

export type CarField = Exclude<keyof CarInput, 'id'>;
export type LogField = Exclude<keyof CarLogInput, 'id' | 'odometerConfirmed'>;

// Records over the contract's keys: TypeScript requires every key, and refuses any other.
const CAR_FIELD_SET: Record<CarField, true> = {
  make: true,
  model: true,
  year: true,
  nickname: true,
  energyType: true,
  gearboxType: true,
  upholsteryMaterial: true,
  mileage: true,
  mileageUnit: true,
  description: true,
  energyTypes: true,
  vin: true,
  plate: true,
  firstRegistrationDate: true,
  inspectionDueDate: true,
  insuranceDueDate: true,
};
const LOG_FIELD_SET: Record<LogField, true> = {
  carId: true,
  type: true,
  title: true,
  content: true,
  location: true,
  tags: true,
  cost: true,
  currencyCode: true,
  startDate: true,
  mileage: true,
  fuel: true,
};

/** Every field a car's create carries (its id aside). */
export const CAR_FIELDS = Object.keys(CAR_FIELD_SET) as CarField[];
/** Every field a log's create carries (its id and the request-only odometer confirmation aside). */
export const LOG_FIELDS = Object.keys(LOG_FIELD_SET) as LogField[];
