// The papers and dates of a car as its form holds them, checked as the server checks them
// (docs/SPEC-NOTES.md "A car's home": a VIN of 17 characters without I, O or Q, stored upper-case;
// a wrong check digit on a North American VIN is a warning, never a refusal; real calendar days).
import { CAR_PLATE_MAX, VIN_PATTERN, vinCheckDigitWrong, type Car } from '@/contract/garage';
import type { FieldErrors } from '@/features/garage';

export const PAPER_FIELDS = [
  'vin',
  'plate',
  'firstRegistrationDate',
  'inspectionDueDate',
  'insuranceDueDate',
] as const;
export type PaperField = (typeof PAPER_FIELDS)[number];
export type PaperValues = Record<PaperField, string>;
export type PaperDraft = { [K in PaperField]: string | null };

const DATE_FIELDS = ['firstRegistrationDate', 'inspectionDueDate', 'insuranceDueDate'] as const;
const VIN = new RegExp(VIN_PATTERN);
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function paperValues(car: Pick<Car, PaperField>): PaperValues {
  return {
    vin: car.vin ?? '',
    plate: car.plate ?? '',
    firstRegistrationDate: car.firstRegistrationDate ?? '',
    inspectionDueDate: car.inspectionDueDate ?? '',
    insuranceDueDate: car.insuranceDueDate ?? '',
  };
}

/** The VIN as it is stored: no spaces, upper-case. */
export const normalVin = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

function realDay(text: string): boolean {
  const match = ISO_DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function validatePapers(values: PaperValues): FieldErrors<PaperField> {
  const errors: FieldErrors<PaperField> = {};
  const vin = normalVin(values.vin);
  if (vin && !VIN.test(vin)) errors.vin = { key: 'CAR_PAPERS.VIN_INVALID' };
  if (values.plate.trim().length > CAR_PLATE_MAX)
    errors.plate = { key: 'VALIDATION.MAX_LENGTH', values: { max: CAR_PLATE_MAX } };
  for (const field of DATE_FIELDS) {
    const text = values[field].trim();
    if (text && !realDay(text)) errors[field] = { key: 'CAR_PAPERS.DATE_INVALID' };
  }
  return errors;
}

/** A VIN the member may keep but should look at again: a North American one whose check digit is wrong. */
export function vinNeedsCheck(text: string): boolean {
  const vin = normalVin(text);
  return VIN.test(vin) && vinCheckDigitWrong(vin);
}

/** What the car's PUT carries; call only with values validatePapers accepted. */
export function paperDraft(values: PaperValues): PaperDraft {
  const orNull = (text: string) => (text.trim() ? text.trim() : null);
  return {
    vin: orNull(normalVin(values.vin)),
    plate: orNull(values.plate),
    firstRegistrationDate: orNull(values.firstRegistrationDate),
    inspectionDueDate: orNull(values.inspectionDueDate),
    insuranceDueDate: orNull(values.insuranceDueDate),
  };
}
