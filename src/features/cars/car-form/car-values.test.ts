import { describe, expect, it } from 'vitest';
import { CAR_DESCRIPTION_MAX_TEXT } from '@/contract/garage';
import {
  CAR_LIMITS,
  carDraft,
  carValues,
  emptyCarValues,
  validateCar,
  type CarFormValues,
} from './car-values';
import { makeCar } from '@/features/garage/testing/garage-fixtures';
import { parseAmount, parseWholeNumber } from '@/features/garage';

const valid = (over: Partial<CarFormValues> = {}): CarFormValues => ({
  ...emptyCarValues(),
  make: 'Alpine',
  model: 'A110',
  ...over,
});

describe('car limits', () => {
  it('pins every number (spec §5/§9 and the server contract)', () => {
    expect(CAR_LIMITS.makeMax).toBe(80);
    expect(CAR_LIMITS.modelMax).toBe(80);
    expect(CAR_LIMITS.nicknameMax).toBe(80);
    expect(CAR_LIMITS.yearMin).toBe(1885);
    expect(CAR_LIMITS.yearMax).toBe(2100);
    expect(CAR_LIMITS.descriptionMax).toBe(20000);
    expect(CAR_LIMITS.descriptionMax).toBe(CAR_DESCRIPTION_MAX_TEXT);
  });

  it('defaults the mileage unit to km (spec §9)', () => {
    expect(emptyCarValues().mileageUnit).toBe('km');
    expect(carDraft(valid({ mileageUnit: '' })).mileageUnit).toBe('km');
  });
});

describe('validateCar', () => {
  it('requires make and model, at most 80 characters each', () => {
    expect(validateCar(valid({ make: ' ', model: '' }))).toEqual({
      make: { key: 'VALIDATION.REQUIRED' },
      model: { key: 'VALIDATION.REQUIRED' },
    });
    expect(validateCar(valid({ make: 'm'.repeat(80), model: 'm'.repeat(80) }))).toEqual({});
    expect(
      validateCar(valid({ make: 'm'.repeat(81), model: 'm'.repeat(81), nickname: 'n'.repeat(81) })),
    ).toEqual({
      make: { key: 'VALIDATION.MAX_LENGTH', values: { max: 80 } },
      model: { key: 'VALIDATION.MAX_LENGTH', values: { max: 80 } },
      nickname: { key: 'VALIDATION.MAX_LENGTH', values: { max: 80 } },
    });
  });

  it('takes a year from 1885 to 2100', () => {
    const range = { key: 'CARS.FORM_YEAR_RANGE', values: { min: 1885, max: 2100 } };
    expect(validateCar(valid({ year: '1884' })).year).toEqual(range);
    expect(validateCar(valid({ year: '1885' })).year).toBeUndefined();
    expect(validateCar(valid({ year: '2100' })).year).toBeUndefined();
    expect(validateCar(valid({ year: '2101' })).year).toEqual(range);
    expect(validateCar(valid({ year: '19x9' })).year).toEqual(range);
    expect(validateCar(valid({ year: '' })).year).toBeUndefined();
  });

  it('takes a whole mileage of 0 or more', () => {
    for (const bad of ['-1', '1.5', 'abc', '100000001']) {
      expect(validateCar(valid({ mileage: bad })).mileage, bad).toEqual({ key: 'CARS.FORM_MILEAGE_INVALID' });
    }
    for (const ok of ['0', '12 000', '100000000', ''])
      expect(validateCar(valid({ mileage: ok })).mileage, ok).toBeUndefined();
  });

  it('counts the description in characters of text, at most 20000', () => {
    const html = (n: number) => `<p><strong>${'a'.repeat(n)}</strong></p>`;
    expect(validateCar(valid({ description: html(20000) })).description).toBeUndefined();
    expect(validateCar(valid({ description: html(20001) })).description).toEqual({
      key: 'EDITOR.TOO_LONG',
      values: { max: 20000, excess: 1 },
    });
  });
});

describe('carDraft', () => {
  it('trims, turns empty fields into null and numbers into numbers', () => {
    expect(
      carDraft(
        valid({
          make: ' Alpine ',
          year: '2019',
          mileage: '12 000',
          nickname: ' ',
          description: '<p><br></p>',
        }),
      ),
    ).toEqual({
      make: 'Alpine',
      model: 'A110',
      year: 2019,
      nickname: null,
      energyType: null,
      gearboxType: null,
      upholsteryMaterial: null,
      mileage: 12000,
      mileageUnit: 'km',
      description: null,
    });
  });
});

describe('number parsing', () => {
  it('whole numbers and amounts as people type them', () => {
    expect(parseWholeNumber('')).toBeNull();
    expect(parseWholeNumber('1\u202f000')).toBe(1000);
    expect(parseWholeNumber('1e3')).toBeNaN();
    expect(parseAmount('12,5')).toBe(12.5);
    expect(parseAmount('12.50')).toBe(12.5);
    expect(parseAmount('12.505')).toBeNaN();
    expect(parseAmount('-3')).toBeNaN();
    expect(parseAmount(' ')).toBeNull();
  });
});

describe("the car's energies", () => {
  it('reads the main one and the others from the car (energyType alone: the main one)', () => {
    const both = carValues(makeCar({ energyType: 'petrol', energyTypes: ['petrol', 'lpg'] }));
    expect([both.energyType, both.otherEnergies]).toEqual(['petrol', ['lpg']]);
    const old = carValues(makeCar({ energyType: 'diesel', energyTypes: [] }));
    expect([old.energyType, old.otherEnergies]).toEqual(['diesel', []]);
    const none = carValues(makeCar({ energyType: null, energyTypes: [] }));
    expect([none.energyType, none.otherEnergies]).toEqual(['', []]);
  });

  it('saves the main one first, then the others, never the main one twice', () => {
    const draft = carDraft(valid({ energyType: 'lpg', otherEnergies: ['petrol', 'lpg', 'electric'] }));
    expect(draft.energyType).toBe('lpg');
    expect(draft.energyTypes).toEqual(['lpg', 'petrol', 'electric']);
  });

  it('sends no empty list: without a main energy the car has none', () => {
    const draft = carDraft(valid({ energyType: '', otherEnergies: ['petrol'] }));
    expect(draft.energyType).toBeNull();
    expect(draft).not.toHaveProperty('energyTypes');
  });

  it('takes at most 4 energies, the main one included', () => {
    const others = ['lpg', 'electric', 'diesel'];
    expect(validateCar(valid({ energyType: 'petrol', otherEnergies: others })).otherEnergies).toBeUndefined();
    expect(
      validateCar(valid({ energyType: 'petrol', otherEnergies: [...others, 'e85'] })).otherEnergies,
    ).toEqual({
      key: 'CARS.FORM_ENERGIES_MAX',
      values: { max: 4 },
    });
  });
});
