// The car form's values (what the inputs hold, as text), their checks, and the draft they make.
// Limits are the contract's (src/contract/constants.ts, which the server's schemas use too).
import {
  CAR_DESCRIPTION_MAX_TEXT,
  CAR_NAME_MAX,
  CAR_YEAR_MAX,
  CAR_YEAR_MIN,
  MILEAGE_MAX,
} from '@/contract/constants';
import { CAR_ENERGY_TYPES_MAX, type Car } from '@/contract/garage';
import { carEnergies } from '@/contract/maintenance/fuel-economy';
import {
  DEFAULT_MILEAGE_UNIT,
  parseWholeNumber,
  type CarDraft,
  type FieldErrors,
  type FieldMessage,
} from '@/features/garage';
import { isRichTextEmpty, richTextLength } from '@/ui/rich-text-editor';

export const CAR_LIMITS = {
  makeMax: CAR_NAME_MAX,
  modelMax: CAR_NAME_MAX,
  nicknameMax: CAR_NAME_MAX,
  yearMin: CAR_YEAR_MIN,
  yearMax: CAR_YEAR_MAX,
  mileageMax: MILEAGE_MAX,
  /** Spec §5/§9: car description maximum 20000 (characters of text). */
  descriptionMax: CAR_DESCRIPTION_MAX_TEXT,
} as const;

export interface CarFormValues {
  make: string;
  model: string;
  year: string;
  nickname: string;
  /** The main energy (a key of the energyType settings); '' for none. */
  energyType: string;
  /** The other energies it also runs on ("also runs on"), in the settings' order. */
  otherEnergies: string[];
  gearboxType: string;
  upholsteryMaterial: string;
  mileage: string;
  mileageUnit: string;
  description: string;
}
export type CarField = keyof CarFormValues | 'image';

/** A car runs on at most this many energies, its main one included (the contract's limit). */
export const ENERGIES_MAX = CAR_ENERGY_TYPES_MAX;

export type { FieldErrors, FieldMessage };

export function emptyCarValues(): CarFormValues {
  return {
    make: '',
    model: '',
    year: '',
    nickname: '',
    energyType: '',
    otherEnergies: [],
    gearboxType: '',
    upholsteryMaterial: '',
    mileage: '',
    mileageUnit: DEFAULT_MILEAGE_UNIT, // spec §9: default mileage unit km
    description: '',
  };
}

export function carValues(car: Car): CarFormValues {
  return {
    make: car.make,
    model: car.model,
    year: car.year === null ? '' : String(car.year),
    nickname: car.nickname ?? '',
    energyType: carEnergies(car)[0] ?? '',
    otherEnergies: carEnergies(car).slice(1),
    gearboxType: car.gearboxType ?? '',
    upholsteryMaterial: car.upholsteryMaterial ?? '',
    mileage: car.mileage === null ? '' : String(car.mileage),
    mileageUnit: car.mileageUnit || DEFAULT_MILEAGE_UNIT,
    description: car.description ?? '',
  };
}

function requiredText(value: string, max: number): FieldMessage | undefined {
  const text = value.trim();
  if (!text) return { key: 'VALIDATION.REQUIRED' };
  return text.length > max ? { key: 'VALIDATION.MAX_LENGTH', values: { max } } : undefined;
}

export function validateCar(v: CarFormValues): FieldErrors<CarField> {
  const errors: FieldErrors<CarField> = {};
  const make = requiredText(v.make, CAR_LIMITS.makeMax);
  if (make) errors.make = make;
  const model = requiredText(v.model, CAR_LIMITS.modelMax);
  if (model) errors.model = model;
  const year = parseWholeNumber(v.year);
  if (year !== null && !(year >= CAR_LIMITS.yearMin && year <= CAR_LIMITS.yearMax)) {
    errors.year = {
      key: 'CARS.FORM_YEAR_RANGE',
      values: { min: CAR_LIMITS.yearMin, max: CAR_LIMITS.yearMax },
    };
  }
  if (v.nickname.trim().length > CAR_LIMITS.nicknameMax) {
    errors.nickname = { key: 'VALIDATION.MAX_LENGTH', values: { max: CAR_LIMITS.nicknameMax } };
  }
  const mileage = parseWholeNumber(v.mileage);
  if (mileage !== null && !(mileage >= 0 && mileage <= CAR_LIMITS.mileageMax)) {
    errors.mileage = { key: 'CARS.FORM_MILEAGE_INVALID' };
  }
  if (v.energyType && energiesOf(v).length > ENERGIES_MAX) {
    errors.otherEnergies = { key: 'CARS.FORM_ENERGIES_MAX', values: { max: ENERGIES_MAX } };
  }
  if (!v.mileageUnit) errors.mileageUnit = { key: 'VALIDATION.REQUIRED' };
  const length = richTextLength(v.description);
  if (length > CAR_LIMITS.descriptionMax) {
    errors.description = {
      key: 'EDITOR.TOO_LONG',
      values: { max: CAR_LIMITS.descriptionMax, excess: length - CAR_LIMITS.descriptionMax },
    };
  }
  return errors;
}

/** The car's energies as chosen: the main one first, then the others (none without a main one). */
export function energiesOf(v: Pick<CarFormValues, 'energyType' | 'otherEnergies'>): string[] {
  if (!v.energyType) return [];
  return [v.energyType, ...v.otherEnergies.filter((e) => e !== v.energyType)];
}

const orNull = (text: string): string | null => (text.trim() ? text.trim() : null);

/** The draft saveCar takes; call only with values validateCar accepted. */
export function carDraft(v: CarFormValues): CarDraft {
  return {
    make: v.make.trim(),
    model: v.model.trim(),
    year: parseWholeNumber(v.year),
    nickname: orNull(v.nickname),
    energyType: v.energyType || null,
    // energyTypes takes no empty list (the contract's minItems): a car without energy says so by
    // its main `energyType: null`, which empties the list too (energiesAfter).
    ...(v.energyType ? { energyTypes: energiesOf(v) } : {}),
    gearboxType: v.gearboxType || null,
    upholsteryMaterial: v.upholsteryMaterial || null,
    mileage: parseWholeNumber(v.mileage),
    mileageUnit: v.mileageUnit || DEFAULT_MILEAGE_UNIT,
    description: isRichTextEmpty(v.description) ? null : v.description,
  };
}
