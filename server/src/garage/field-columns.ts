// Each field of a car and of a log (the contract's CAR_FIELDS and LOG_FIELDS, src/contract/fields.ts)
// and the column of cars or car_logs behind it: Records over the contract's fields, so a field added
// to CarInput or CarLogInput fails the type check here until its column is named. The account export
// lists its columns from these; tests/server/log-fields.test.ts checks them against the schema.
import { CAR_FIELDS, type CarField, type LogField } from '../../../src/contract/fields';
import type { CarLogsTable, CarsTable } from '../db/schema';

export const CAR_COLUMN_OF: Record<CarField, keyof CarsTable & string> = {
  make: 'make',
  model: 'model',
  year: 'year',
  nickname: 'nickname',
  energyType: 'energy_type',
  gearboxType: 'gearbox_type',
  upholsteryMaterial: 'upholstery_material',
  mileage: 'mileage',
  mileageUnit: 'mileage_unit',
  description: 'description',
  energyTypes: 'energy_types',
  vin: 'vin',
  plate: 'plate',
  firstRegistrationDate: 'first_registration_date',
  inspectionDueDate: 'inspection_due_date',
  insuranceDueDate: 'insurance_due_date',
};

/** A log field's columns (a fill-up spans seven; the cost is stored in cents). */
export const LOG_COLUMNS_OF: Record<LogField, readonly (keyof CarLogsTable & string)[]> = {
  carId: ['car_id'],
  type: ['type'],
  title: ['title'],
  content: ['content'],
  location: ['location'],
  tags: ['tags'],
  cost: ['cost_cents'],
  currencyCode: ['currency_code'],
  startDate: ['start_date'],
  mileage: ['mileage'],
  fuel: [
    'fuel_quantity',
    'fuel_unit',
    'fuel_full_tank',
    'fuel_missed_previous',
    'fuel_price_per_unit',
    'fuel_economy_confirmed',
    'fuel_energy',
  ],
};

/** The columns of a car's fields, in the contract's order. */
export const CAR_FIELD_COLUMNS = CAR_FIELDS.map((field) => CAR_COLUMN_OF[field]);
