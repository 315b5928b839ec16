// What the buyer of a car receives of its logbook, decided in one place: every field of a log on the
// wire (CarLog, its fill-up), every column behind it, its files and every reminder column is
// classified here by the seller's choice that keeps it. The sale's transaction
// (car-transfers-repository.ts `accept`) drops from the database what is not kept, from these lists
// only; tests/server/car-transfers.test.ts fails when a field of the contract or a column of the
// tables is left unclassified, so a new field cannot slip to the buyer unseen.
//
// The choices (README "Selling a car"):
// - keepCosts: the cost, its currency, a fill-up's unit price, and the logs' files — photos and PDF
//   receipts are receipts, and receipts are costs.
// - keepNotes: the logs' text, their place (a fill-up's station is a note-like detail: where the
//   seller lives and drives) and the reminders' notes.
// - always: what makes the history the car's (type, title, date, odometer reading, a fill-up's
//   quantity, unit and tank flags, tags, who wrote it, its stamps).
// - An import fingerprint is a digest of the imported row, costs and text included: it goes when
//   either is not kept.
import type { CarPaperKind } from '../../../src/contract/car-papers';
import type { CarField, LogField } from '../../../src/contract/fields';
import type { CarLog, FuelFill } from '../../../src/contract/garage';
import { CAR_COLUMN_OF, LOG_COLUMNS_OF, LOG_FIELD_KEPT_BY } from './field-columns';
import type { CarLogsTable, RemindersTable } from '../db/schema';

/** The seller's choice that hands a thing to the buyer. */
export type KeptBy = 'always' | 'costs' | 'notes' | 'costsAndNotes';

/** Every column of a table classified; a column that cannot be null can only be kept always. */
export type ColumnsKeptBy<T> = { [K in keyof T]-?: null extends T[K] ? KeptBy : 'always' };
type NullableColumn<T> = { [K in keyof T]-?: null extends T[K] ? K : never }[keyof T];

export interface SaleChoices {
  keepCosts: boolean;
  keepNotes: boolean;
}

/** Whether a thing classified `kept` reaches the buyer under these choices. */
export function handedOver(kept: KeptBy, { keepCosts, keepNotes }: SaleChoices): boolean {
  switch (kept) {
    case 'always':
      return true;
    case 'costs':
      return keepCosts;
    case 'notes':
      return keepNotes;
    case 'costsAndNotes':
      return keepCosts && keepNotes;
  }
}

/** Every field of a log as answered (CarLog); `media` is its files (photos and receipts). */
export const LOG_FIELDS_KEPT_BY: Record<keyof CarLog, KeptBy> = {
  // The contract's fields, each classified beside its column (field-columns.ts).
  ...LOG_FIELD_KEPT_BY,
  id: 'always',
  authorId: 'always',
  formerOwner: 'always',
  media: 'costs',
  createdAt: 'always',
  updatedAt: 'always',
};

/** Every field of a fill-up (CarLog.fuel). */
export const FUEL_FIELDS_KEPT_BY: Record<keyof FuelFill, KeptBy> = {
  quantity: 'always',
  unit: 'always',
  fullTank: 'always',
  missedPrevious: 'always',
  pricePerUnit: 'costs',
  energy: 'always',
  economyConfirmed: 'always',
};

/** Every column of car_logs: a column not kept is set to null in the buyer's copy. */
export const LOG_COLUMNS_KEPT_BY = {
  // Each column behind a contract field goes with its field; a fill-up's with its own part.
  ...Object.fromEntries(
    (Object.entries(LOG_COLUMNS_OF) as [LogField, readonly string[]][]).flatMap(([field, columns]) =>
      columns.map((column) => [column, LOG_FIELD_KEPT_BY[field]]),
    ),
  ),
  fuel_quantity: FUEL_FIELDS_KEPT_BY.quantity,
  fuel_unit: FUEL_FIELDS_KEPT_BY.unit,
  fuel_full_tank: FUEL_FIELDS_KEPT_BY.fullTank,
  fuel_missed_previous: FUEL_FIELDS_KEPT_BY.missedPrevious,
  fuel_price_per_unit: FUEL_FIELDS_KEPT_BY.pricePerUnit,
  fuel_economy_confirmed: FUEL_FIELDS_KEPT_BY.economyConfirmed,
  fuel_energy: FUEL_FIELDS_KEPT_BY.energy,
  id: 'always',
  author_id: LOG_FIELDS_KEPT_BY.authorId,
  former_owner_id: LOG_FIELDS_KEPT_BY.formerOwner,
  import_fingerprint: 'costsAndNotes',
  created_at: 'always',
  updated_at: 'always',
  // Checked against the migrated table by tests/server/car-transfers.test.ts (every column, and
  // only nullable ones dropped): a derived map cannot be checked by the type alone.
} as ColumnsKeptBy<CarLogsTable>;

/** Every column of reminders: a column not kept is set to null in the buyer's copy. */
export const REMINDER_COLUMNS_KEPT_BY: ColumnsKeptBy<RemindersTable> = {
  id: 'always',
  owner_id: 'always',
  car_id: 'always',
  title: 'always',
  log_type: 'always',
  interval_months: 'always',
  interval_distance: 'always',
  due_date: 'always',
  due_mileage: 'always',
  soon_days: 'always',
  soon_distance: 'always',
  notes: 'notes',
  created_mileage: 'always',
  source: 'always',
  notified_state: 'always',
  sequence: 'always',
  calendar_date: 'always',
  calendar_changed_at: 'always',
  created_at: 'always',
  updated_at: 'always',
};

/** The columns these choices do not hand over, each set to null (the sale's update). */
export function droppedColumns<T>(
  classified: ColumnsKeptBy<T>,
  choices: SaleChoices,
): Partial<Record<NullableColumn<T>, null>> {
  const dropped: Record<string, null> = {};
  for (const [column, kept] of Object.entries(classified) as [string, KeptBy][])
    if (!handedOver(kept, choices)) dropped[column] = null;
  return dropped as Partial<Record<NullableColumn<T>, null>>;
}

/** Whether the logs' files go to the buyer (else they stay the seller's, linked to no log). */
export const filesHandedOver = (choices: SaleChoices) => handedOver(LOG_FIELDS_KEPT_BY.media, choices);

/**
 * Every field of a car at its sale (docs/SPEC-NOTES.md "A car's home"): `car` goes with the car
 * whatever the choices (its VIN, plate, registration date and inspection date are the car's, as
 * the papers handed over with it say); `seller` is the seller's own and is cleared for the buyer
 * (the insurance is the seller's contract: its date and its reminder go).
 */
export const CAR_FIELDS_AT_SALE: Record<CarField, 'car' | 'seller'> = {
  make: 'car',
  model: 'car',
  year: 'car',
  nickname: 'car',
  energyType: 'car',
  gearboxType: 'car',
  upholsteryMaterial: 'car',
  mileage: 'car',
  mileageUnit: 'car',
  description: 'car',
  energyTypes: 'car',
  vin: 'car',
  plate: 'car',
  firstRegistrationDate: 'car',
  inspectionDueDate: 'car',
  insuranceDueDate: 'seller',
};

/** The car columns the sale clears (set to null in the buyer's car). */
export const carColumnsDroppedAtSale = (): Record<string, null> =>
  Object.fromEntries(
    (Object.entries(CAR_FIELDS_AT_SALE) as [CarField, 'car' | 'seller'][])
      .filter(([, kept]) => kept === 'seller')
      .map(([field]) => [CAR_COLUMN_OF[field], null]),
  );

/** The reminders made from a field the sale clears (their `source`): they go with it. */
export const reminderSourcesDroppedAtSale = (): string[] =>
  (Object.entries(CAR_FIELDS_AT_SALE) as [CarField, 'car' | 'seller'][])
    .filter(([field, kept]) => kept === 'seller' && field.endsWith('DueDate'))
    .map(([field]) => field);

/**
 * A car's papers at its sale: the registration certificate and the inspection report go with the
 * car (their files become the buyer's); the insurance card and other papers are the seller's: they
 * leave the car and stay the seller's files.
 */
export const PAPER_KINDS_AT_SALE: Record<CarPaperKind, 'car' | 'seller'> = {
  registration: 'car',
  inspection: 'car',
  insurance: 'seller',
  other: 'seller',
};
