// The garage's one list of field labels per entity (the car, the log, the reminder), in the order
// their forms show them: the sync panel shows a queued write's fields by it, the "changed on two
// devices" notice names a replaced value by it. Typed over the contract's fields, so a field added
// to a car or a log does not compile until it has its label (field-labels.test.ts checks the
// running lists too). Ids are never shown, so they have none.
import type { CarField, LogField } from '@/contract/fields';
import type { CarEquipmentInput, EquipmentKind, EquipmentMove } from '@/contract/car-equipment';
import type { CarPaperInput, CarPaperKind } from '@/contract/car-papers';
import type { ReminderInput } from '@/contract/maintenance-api';

type Labels<F extends string> = { readonly [K in Exclude<F, `${string}Id`>]: string };

export const CAR_FIELD_LABELS: Labels<CarField> = {
  make: 'SYNC.FIELD_MAKE',
  model: 'SYNC.FIELD_MODEL',
  year: 'SYNC.FIELD_YEAR',
  nickname: 'SYNC.FIELD_NICKNAME',
  energyType: 'SYNC.FIELD_ENERGY_TYPE',
  energyTypes: 'SYNC.FIELD_ENERGY_TYPES',
  gearboxType: 'SYNC.FIELD_GEARBOX_TYPE',
  upholsteryMaterial: 'SYNC.FIELD_UPHOLSTERY_MATERIAL',
  mileage: 'SYNC.FIELD_MILEAGE',
  mileageUnit: 'SYNC.FIELD_MILEAGE_UNIT',
  description: 'SYNC.FIELD_DESCRIPTION',
  vin: 'CAR_PAPERS.VIN',
  plate: 'CAR_PAPERS.PLATE',
  firstRegistrationDate: 'CAR_PAPERS.FIRST_REGISTRATION',
  inspectionDueDate: 'CAR_PAPERS.INSPECTION_DUE',
  insuranceDueDate: 'CAR_PAPERS.INSURANCE_DUE',
};

export const LOG_FIELD_LABELS: Labels<LogField> = {
  title: 'SYNC.FIELD_TITLE',
  type: 'SYNC.FIELD_TYPE',
  startDate: 'SYNC.FIELD_START_DATE',
  cost: 'SYNC.FIELD_COST',
  currencyCode: 'SYNC.FIELD_CURRENCY_CODE',
  mileage: 'SYNC.FIELD_MILEAGE',
  fuel: 'SYNC.FIELD_FUEL',
  location: 'SYNC.FIELD_LOCATION',
  tags: 'SYNC.FIELD_TAGS',
  content: 'SYNC.FIELD_CONTENT',
};

export const REMINDER_FIELD_LABELS: Labels<Exclude<keyof ReminderInput, 'id'>> = {
  title: 'SYNC.FIELD_TITLE',
  logType: 'SYNC.FIELD_LOG_TYPE',
  intervalMonths: 'SYNC.FIELD_INTERVAL_MONTHS',
  intervalDistance: 'SYNC.FIELD_INTERVAL_DISTANCE',
  dueDate: 'SYNC.FIELD_DUE_DATE',
  dueMileage: 'SYNC.FIELD_DUE_MILEAGE',
  soonDays: 'SYNC.FIELD_SOON_DAYS',
  soonDistance: 'SYNC.FIELD_SOON_DISTANCE',
  notes: 'SYNC.FIELD_NOTES',
};

/** A paper's fields (its file is shown as the entry's attachment). */
export const PAPER_FIELD_LABELS: Labels<Exclude<keyof CarPaperInput, 'id'>> = {
  kind: 'SYNC.FIELD_KIND',
};

/** A set of tyres or other equipment, and its mounting or removal (reading and day). */
export const EQUIPMENT_FIELD_LABELS: Labels<Exclude<keyof CarEquipmentInput, 'id'> | keyof EquipmentMove> = {
  kind: 'SYNC.FIELD_KIND',
  name: 'SYNC.FIELD_NAME',
  dotCode: 'SYNC.FIELD_DOT_CODE',
  reminderDistance: 'SYNC.FIELD_REMINDER_DISTANCE',
  reminderAgeMonths: 'SYNC.FIELD_REMINDER_AGE_MONTHS',
  mileage: 'SYNC.FIELD_MILEAGE',
  date: 'SYNC.FIELD_DATE',
};

/**
 * The words of each kind of paper and of equipment: the forms' choices, the lists, and the sync
 * panel's entries show the same (typed over the contract's kinds: a new kind needs its words).
 */
export const PAPER_KIND_LABELS: Readonly<Record<CarPaperKind, string>> = {
  registration: 'CAR_PAPERS.KIND_REGISTRATION',
  insurance: 'CAR_PAPERS.KIND_INSURANCE',
  inspection: 'CAR_PAPERS.KIND_INSPECTION',
  other: 'CAR_PAPERS.KIND_OTHER',
};

export const EQUIPMENT_KIND_LABELS: Readonly<Record<EquipmentKind, string>> = {
  tyres: 'EQUIPMENT.KIND_TYRES',
  wheels: 'EQUIPMENT.KIND_WHEELS',
  roof_box: 'EQUIPMENT.KIND_ROOF_BOX',
  trailer: 'EQUIPMENT.KIND_TRAILER',
  other: 'EQUIPMENT.KIND_OTHER',
};
