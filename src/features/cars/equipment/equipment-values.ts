// The equipment form's values and checks (the contract's limits: a DOT date is week then year,
// "2319"; reminders by distance in the car's unit, or by age in months), and how a set's age reads.
import {
  EQUIPMENT_AGE_MONTHS_MAX,
  type CarEquipmentInput,
  type EquipmentKind,
} from '@/contract/car-equipment';
import { CAR_NAME_MAX, MILEAGE_MAX } from '@/contract/constants';
import { parseWholeNumber, type FieldErrors } from '@/features/garage';

export const EQUIPMENT_KIND_KEYS: Record<EquipmentKind, string> = {
  tyres: 'EQUIPMENT.KIND_TYRES',
  wheels: 'EQUIPMENT.KIND_WHEELS',
  roof_box: 'EQUIPMENT.KIND_ROOF_BOX',
  trailer: 'EQUIPMENT.KIND_TRAILER',
  other: 'EQUIPMENT.KIND_OTHER',
};

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

export function validateEquipment(v: EquipmentValues): FieldErrors<EquipmentField> {
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

/** An age in months in the locale's words: "2 years, 3 months", "2 ans et 3 mois". */
export function formatAge(months: number, locale: string): string {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const part = (value: number, unit: 'year' | 'month') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
  const parts = [...(years ? [part(years, 'year')] : []), ...(rest || !years ? [part(rest, 'month')] : [])];
  return new Intl.ListFormat(locale, { style: 'long', type: 'unit' }).format(parts);
}
