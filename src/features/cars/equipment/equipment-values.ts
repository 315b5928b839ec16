// The equipment form's values and checks (the contract's limits: a DOT date is week then year,
// "2319"; reminders by distance in the car's unit, or by age in months), and how a set's age reads.
import {
  EQUIPMENT_AGE_MONTHS_MAX,
  type CarEquipment,
  type CarEquipmentInput,
  type CarEquipmentUpdate,
  type EquipmentKind,
} from '@/contract/car-equipment';
import { CAR_NAME_MAX, MILEAGE_MAX } from '@/contract/constants';
import { parseWholeNumber, type FieldErrors } from '@/features/garage';

/** Kinds that carry a tyre's DOT date. */
export const HAS_DOT: ReadonlySet<EquipmentKind> = new Set(['tyres', 'wheels']);

export interface EquipmentValues {
  kind: EquipmentKind;
  name: string;
  dotCode: string;
  reminderDistance: string;
  reminderAgeYears: string;
}
export type EquipmentField = Exclude<keyof EquipmentValues, 'kind'>;

export const emptyEquipment = (): EquipmentValues => ({
  kind: 'tyres',
  name: '',
  dotCode: '',
  reminderDistance: '',
  reminderAgeYears: '',
});

const DOT = /^(0[1-9]|[1-4][0-9]|5[0-3])[0-9]{2}$/;

/**
 * The form's checks. Editing, a field left as it was (`initial`) is not checked again: it holds what
 * the server accepted, e.g. an age reminder of 18 months set by another client, shown as 1.5 years.
 */
export function validateEquipment(
  v: EquipmentValues,
  initial?: EquipmentValues,
): FieldErrors<EquipmentField> {
  const errors = checkEquipment(v);
  if (initial)
    for (const field of Object.keys(errors) as EquipmentField[])
      if (v[field] === initial[field]) delete errors[field];
  return errors;
}

function checkEquipment(v: EquipmentValues): FieldErrors<EquipmentField> {
  const errors: FieldErrors<EquipmentField> = {};
  const name = v.name.trim();
  if (!name) errors.name = { key: 'VALIDATION.REQUIRED' };
  else if (name.length > CAR_NAME_MAX)
    errors.name = { key: 'VALIDATION.MAX_LENGTH', values: { max: CAR_NAME_MAX } };
  if (HAS_DOT.has(v.kind) && v.dotCode.trim() && !DOT.test(v.dotCode.trim()))
    errors.dotCode = { key: 'EQUIPMENT.DOT_INVALID' };
  const distance = parseWholeNumber(v.reminderDistance);
  if (v.reminderDistance.trim() && !(distance !== null && distance >= 1 && distance <= MILEAGE_MAX))
    errors.reminderDistance = { key: 'EQUIPMENT.DISTANCE_INVALID' };
  const years = parseWholeNumber(v.reminderAgeYears);
  const maxYears = EQUIPMENT_AGE_MONTHS_MAX / 12;
  if (v.reminderAgeYears.trim() && !(years !== null && years >= 1 && years <= maxYears))
    errors.reminderAgeYears = { key: 'EQUIPMENT.AGE_INVALID', values: { max: maxYears } };
  return errors;
}

/** The POST body; call only with values validateEquipment accepted. */
export function equipmentInput(v: EquipmentValues, id: string): CarEquipmentInput {
  const years = parseWholeNumber(v.reminderAgeYears);
  return {
    id,
    kind: v.kind,
    name: v.name.trim(),
    dotCode: HAS_DOT.has(v.kind) && v.dotCode.trim() ? v.dotCode.trim() : null,
    reminderDistance: parseWholeNumber(v.reminderDistance),
    reminderAgeMonths: years === null ? null : years * 12,
  };
}

/** A set's values in the form (its age reminder in years, as the form asks it). */
export function equipmentValues(
  item: Pick<CarEquipment, 'kind' | 'name' | 'dotCode' | 'reminderDistance' | 'reminderAgeMonths'>,
): EquipmentValues {
  return {
    kind: item.kind,
    name: item.name,
    dotCode: item.dotCode ?? '',
    reminderDistance: item.reminderDistance === null ? '' : String(item.reminderDistance),
    reminderAgeYears: item.reminderAgeMonths === null ? '' : String(item.reminderAgeMonths / 12),
  };
}

/**
 * The PUT body of an edit: only the fields the form changed from the set as it was opened, so a
 * change made meanwhile on another device to another field is not written back. An age reminder
 * left untouched keeps its months. Call only with values validateEquipment accepted.
 */
export function equipmentUpdate(
  v: EquipmentValues,
  item: Pick<CarEquipment, 'kind' | 'name' | 'dotCode' | 'reminderDistance' | 'reminderAgeMonths'>,
): CarEquipmentUpdate {
  const next = equipmentInput(v, '');
  const ageChanged = v.reminderAgeYears !== equipmentValues(item).reminderAgeYears;
  return {
    ...(next.kind !== item.kind ? { kind: next.kind } : {}),
    ...(next.name !== item.name ? { name: next.name } : {}),
    ...(next.dotCode !== item.dotCode ? { dotCode: next.dotCode ?? null } : {}),
    ...(next.reminderDistance !== item.reminderDistance
      ? { reminderDistance: next.reminderDistance ?? null }
      : {}),
    ...(ageChanged && next.reminderAgeMonths !== item.reminderAgeMonths
      ? { reminderAgeMonths: next.reminderAgeMonths ?? null }
      : {}),
  };
}

/** An age in months in the locale's words: "2 years, 3 months", "2 ans et 3 mois". */
export function formatAge(months: number, locale: string): string {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const part = (value: number, unit: 'year' | 'month') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
  const parts = [...(years ? [part(years, 'year')] : []), ...(rest || !years ? [part(rest, 'month')] : [])];
  return new Intl.ListFormat(locale, { style: 'long', type: 'unit' }).format(parts);
}
