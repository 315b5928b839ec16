// Each field of a car and of a log (the contract's CAR_FIELDS and LOG_FIELDS, src/contract/fields.ts,
// read from its schemas) and the column of cars or car_logs behind it: Records over the contract's
// fields, so a field added to CarInput or CarLogInput fails the type check here until its column is
// named. A field stored as it is in its one column needs nothing more: the repositories' row mapping
// (toCar/toRow, toCarLog/toRow), the page reads and the account export follow these. A field stored
// otherwise (a number, JSON, cents, several columns) names its codec below.
// tests/server/log-fields.test.ts checks them against the schema and the tables.
import { CAR_FIELDS, LOG_FIELDS, type CarField, type LogField } from '../../../src/contract/fields';
import type { Car, CarLog, FuelFill } from '../../../src/contract/garage';
import type { CarLogsTable, CarsTable } from '../db/schema';
import type { KeptBy } from './car-transfers-handover';

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

/**
 * What keeps each log field for the buyer of the car (car-transfers-handover.ts: `always`, or the
 * seller's choice to hand over `costs` or `notes`), decided beside its column: a deliberate choice
 * for every new field, which the columns behind it follow at the sale. A fill-up's own fields are
 * classified one by one there (FUEL_FIELDS_KEPT_BY).
 */
export const LOG_FIELD_KEPT_BY: Record<LogField, KeptBy> = {
  carId: 'always',
  type: 'always',
  title: 'always',
  content: 'notes',
  location: 'notes',
  tags: 'always',
  cost: 'costs',
  currencyCode: 'costs',
  startDate: 'always',
  mileage: 'always',
  fuel: 'always',
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
/** The columns of a log's fields, in the contract's order. */
export const LOG_FIELD_COLUMNS = LOG_FIELDS.flatMap((field) => LOG_COLUMNS_OF[field]);

type Row = Record<string, unknown>;
/** How a field not stored as it is reads from its row and writes into it (undefined: absent). */
interface Codec<T> {
  read: (row: Row) => T | undefined;
  write: (value: T | undefined) => Row;
}

// Integer columns may come back as strings or bigints (PostgreSQL): numbers on the wire.
const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const numberIn = (column: string): Codec<number | null> => ({
  read: (row) => toNumber(row[column]),
  write: (value) => ({ [column]: value ?? null }),
});

/** A fill-up from its five columns (none when its quantity or unit is empty). */
export function fuelOfRow(row: Row): FuelFill | undefined {
  if (row.fuel_quantity === null || row.fuel_unit === null) return undefined;
  return {
    quantity: Number(row.fuel_quantity),
    unit: row.fuel_unit as FuelFill['unit'],
    fullTank: Number(row.fuel_full_tank) === 1,
    missedPrevious: Number(row.fuel_missed_previous) === 1,
    pricePerUnit: toNumber(row.fuel_price_per_unit),
    // Answered only when said: "it's right" (see FuelFill.economyConfirmed).
    ...(row.fuel_energy ? { energy: row.fuel_energy as FuelFill['energy'] } : {}),
    ...(Number(row.fuel_economy_confirmed) === 1 ? { economyConfirmed: true } : {}),
  };
}

const LOG_CODECS: { [F in LogField]?: Codec<CarLog[F]> } = {
  tags: {
    read: (row) => JSON.parse(String(row.tags)) as string[],
    write: (tags) => ({ tags: JSON.stringify(tags ?? []) }),
  },
  cost: {
    read: (row) => (row.cost_cents === null ? null : Number(row.cost_cents) / 100),
    // Cents, rounded: the service has checked that cost has at most two decimals.
    write: (cost) => ({ cost_cents: cost === null || cost === undefined ? null : Math.round(cost * 100) }),
  },
  mileage: numberIn('mileage'),
  fuel: {
    read: fuelOfRow,
    write: (fuel) => ({
      fuel_quantity: fuel?.quantity ?? null,
      fuel_unit: fuel?.unit ?? null,
      fuel_full_tank: fuel ? (fuel.fullTank ? 1 : 0) : null,
      fuel_missed_previous: fuel ? (fuel.missedPrevious ? 1 : 0) : null,
      fuel_price_per_unit: fuel?.pricePerUnit ?? null,
      fuel_economy_confirmed: fuel?.economyConfirmed ? 1 : null,
      fuel_energy: fuel?.energy ?? null,
    }),
  },
};

const CAR_CODECS: { [F in CarField]?: Codec<Car[F]> } = {
  year: numberIn('year'),
  mileage: numberIn('mileage'),
  energyTypes: {
    // Only a car of several energies stores them: one energy is `energy_type` alone.
    read: (row) =>
      row.energy_types
        ? (JSON.parse(String(row.energy_types)) as string[])
        : row.energy_type
          ? [String(row.energy_type)]
          : [],
    write: (types) => ({ energy_types: types && types.length > 1 ? JSON.stringify(types) : null }),
  },
};

/** Reads the fields from a row into `into`, by column name (a field read as undefined is left out). */
function readFields<F extends string>(
  fields: readonly F[],
  columnOf: (field: F) => string,
  codecs: { [K in F]?: Codec<unknown> },
  row: Row,
  into: Row,
): void {
  for (const field of fields) {
    const codec = codecs[field];
    const value = codec ? codec.read(row) : row[columnOf(field)];
    if (value !== undefined) into[field] = value;
  }
}

/** Writes the fields of `from` into a row's columns (a missing value is written as null). */
function writeFields<F extends string>(
  fields: readonly F[],
  columnOf: (field: F) => string,
  codecs: { [K in F]?: Codec<unknown> },
  from: Row,
  into: Row,
): void {
  for (const field of fields) {
    const codec = codecs[field];
    if (codec) Object.assign(into, codec.write(from[field]));
    else into[columnOf(field)] = from[field] ?? null;
  }
}

const logColumn = (field: LogField) => LOG_COLUMNS_OF[field][0]!;
const carColumn = (field: CarField) => CAR_COLUMN_OF[field];

/** The contract's fields of a log, from its car_logs row. */
export const logFieldsOfRow = (row: object, into: Row) =>
  readFields(LOG_FIELDS, logColumn, LOG_CODECS as Record<LogField, Codec<unknown>>, row as Row, into);
/** The car_logs columns of a log's contract fields. */
export const logFieldsToRow = (log: object, into: Row) =>
  writeFields(LOG_FIELDS, logColumn, LOG_CODECS as Record<LogField, Codec<unknown>>, log as Row, into);
/** The contract's fields of a car, from its cars row. */
export const carFieldsOfRow = (row: object, into: Row) =>
  readFields(CAR_FIELDS, carColumn, CAR_CODECS as Record<CarField, Codec<unknown>>, row as Row, into);
/** The cars columns of a car's contract fields. */
export const carFieldsToRow = (car: object, into: Row) =>
  writeFields(CAR_FIELDS, carColumn, CAR_CODECS as Record<CarField, Codec<unknown>>, car as Row, into);
