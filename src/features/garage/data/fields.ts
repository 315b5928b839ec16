// The fields of a car and of a log on the device. The server derives its lists from the contract's
// schemas (src/contract/fields.ts); the device writes them out here, because deriving them would
// bring typebox's runtime into the garage's outbox handlers, which load at start-up when writes wait
// (docs/BENCHMARKS.md, the signed-in /feed's JavaScript). Each list is a record over the contract's
// type, so tsc refuses a field missing from it or one the contract does not have, and
// fields.test.ts compares each with the schemas, order included.
import type { CarField, LogField } from '@/contract/fields';

export type { CarField, LogField } from '@/contract/fields';

const CAR: { readonly [F in CarField]: true } = {
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
const LOG: { readonly [F in LogField]: true } = {
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

/** Every field a car's create carries (its id aside), in the schema's order. */
export const CAR_FIELDS = Object.keys(CAR) as readonly CarField[];
/** Every field a log's create carries (its id and the request-only odometer confirmation aside). */
export const LOG_FIELDS = Object.keys(LOG) as readonly LogField[];
