// The fill-up's rules without the screen: two of three amounts give the third (French decimals
// typed and written back), the reading parsed, unusual figures questioned, the draft without title.
import { describe, expect, it } from 'vitest';
import { CAR_ID, makeCar, makeLog } from '@/features/garage/testing/garage-fixtures';
import {
  emptyFillUp,
  energiesOf,
  fillCurrency,
  fillUnit,
  fillUpDraft,
  fillUpWarnings,
  parseReading,
  typeFillAmount,
  validateFillUp,
  type FillUpForm,
} from './fill-up-values';

const typed = (locale: string, ...steps: Array<['cost' | 'quantity' | 'pricePerUnit', string]>): FillUpForm =>
  steps.reduce((form, [field, text]) => typeFillAmount(form, field, text, locale), emptyFillUp('l', null));

describe('two of price, total and quantity give the third', () => {
  it('computes the total from a French price and quantity, written the French way', () => {
    const form = typed('fr-FR', ['pricePerUnit', '1,859'], ['quantity', '42,5']);
    expect(form.cost).toBe('79,01');
    expect(form.fuel.computed).toBe('cost');
  });

  it('computes the quantity from total and price ("74,36" typed in French)', () => {
    const form = typed('fr-FR', ['cost', '74,36'], ['pricePerUnit', '1,859']);
    expect(form.fuel.values.quantity).toBe('40');
    expect(form.fuel.computed).toBe('quantity');
  });

  it('computes the price per unit from total and quantity, in English with a point', () => {
    const form = typed('en-US', ['quantity', '40'], ['cost', '74.36']);
    expect(form.fuel.values.pricePerUnit).toBe('1.859');
    expect(form.fuel.computed).toBe('pricePerUnit');
  });

  it('recomputes the amount typed longest ago when a third one is typed', () => {
    const form = typed('en-US', ['pricePerUnit', '2'], ['quantity', '10'], ['cost', '30']);
    // price and quantity typed, total computed (20), then the total typed over: price recomputed.
    expect(form.fuel.values.pricePerUnit).toBe('3');
    expect(form.fuel.values.quantity).toBe('10');
  });

  it('computes nothing from one amount alone', () => {
    const form = typed('fr-FR', ['cost', '50']);
    expect(form.fuel.computed).toBeNull();
    expect(form.fuel.values.quantity).toBe('');
  });
});

describe('the odometer reading', () => {
  it('reads spaces, and drops tenths typed with a comma or a point', () => {
    expect(parseReading('185 350')).toBe(185350);
    expect(parseReading('185350,7')).toBe(185350);
    expect(parseReading('74.36')).toBe(74);
    expect(parseReading('')).toBeNull();
    expect(parseReading('12a')).toBeNaN();
  });

  it('is required, and so is a quantity', () => {
    const errors = validateFillUp(emptyFillUp('l', null));
    expect(errors.mileage).toEqual({ key: 'FUEL.MILEAGE_REQUIRED' });
    expect(errors.quantity).toEqual({ key: 'VALIDATION.REQUIRED' });
    const ok = { ...typed('fr-FR', ['quantity', '40']), mileage: '42 000' };
    expect(validateFillUp(ok)).toEqual({});
  });
});

describe('unusual figures are questioned, not refused', () => {
  const pricedLogs = [1.8, 1.85, 1.9].map((price, i) =>
    makeLog({
      id: `log-${i}`,
      type: 'fuel',
      startDate: `2026-0${i + 1}-01`,
      currencyCode: 'EUR',
      fuel: { quantity: 40, unit: 'l', fullTank: true, missedPrevious: false, pricePerUnit: price },
    }),
  );

  it('a quantity no tank holds', () => {
    const form = typed('en-US', ['quantity', '425']);
    expect(fillUpWarnings(form, [], 'EUR')).toEqual([{ kind: 'quantity', max: 150, unit: 'l' }]);
    expect(fillUpWarnings(typed('en-US', ['quantity', '42.5']), [], 'EUR')).toEqual([]);
  });

  it('a price far from the car’s usual one (a slipped decimal)', () => {
    const slipped = typed('fr-FR', ['pricePerUnit', '18,59'], ['quantity', '40']);
    expect(fillUpWarnings(slipped, pricedLogs, 'EUR')).toEqual([{ kind: 'price', usual: 1.85, unit: 'l' }]);
    const usual = typed('fr-FR', ['pricePerUnit', '1,95'], ['quantity', '40']);
    expect(fillUpWarnings(usual, pricedLogs, 'EUR')).toEqual([]);
    // Another currency has no usual price yet.
    expect(fillUpWarnings(slipped, pricedLogs, 'USD')).toEqual([]);
  });
});

describe('energies, unit and currency', () => {
  it('a car with only energyType has that one; energyTypes lead otherwise', () => {
    expect(energiesOf(makeCar({ energyType: 'diesel', energyTypes: [] }))).toEqual(['diesel']);
    expect(energiesOf(makeCar({ energyType: 'gasoline', energyTypes: ['gasoline', 'lpg'] }))).toEqual([
      'gasoline',
      'lpg',
    ]);
  });

  it('the unit follows the energy’s latest fill, else kWh for electricity and litres', () => {
    const car = makeCar({ energyType: 'gasoline', energyTypes: ['gasoline', 'electric'], mileageUnit: 'km' });
    expect(fillUnit(car, [], 'electric')).toBe('kwh');
    expect(fillUnit(car, [], 'gasoline')).toBe('l');
    const galLog = makeLog({
      type: 'fuel',
      fuel: { quantity: 10, unit: 'gal_uk', fullTank: true, missedPrevious: false },
    });
    expect(fillUnit(car, [galLog], 'gasoline')).toBe('gal_uk');
    expect(fillUnit(car, [galLog], 'electric')).toBe('kwh');
  });

  it('the currency is the car’s latest one, else the language’s', () => {
    expect(fillCurrency([], 'fr-FR')).toBe('EUR');
    expect(fillCurrency([], 'en-US')).toBe('USD');
    expect(fillCurrency([makeLog({ currencyCode: 'GBP' })], 'fr-FR')).toBe('GBP');
  });
});

describe('the draft', () => {
  it('has no title, today’s date, the fuel with its energy when the car has several', () => {
    const car = makeCar({ energyType: 'gasoline', energyTypes: ['gasoline', 'lpg'] });
    const form = {
      ...typed('fr-FR', ['pricePerUnit', '0,999'], ['quantity', '30']),
      mileage: '42 100,5',
      energy: 'lpg',
    };
    const draft = fillUpDraft(form, car, { today: '2026-06-01', currency: 'EUR' });
    expect(draft).toEqual({
      carId: CAR_ID,
      type: 'fuel',
      startDate: '2026-06-01',
      cost: 29.97,
      currencyCode: 'EUR',
      mileage: 42100,
      fuel: {
        quantity: 30,
        unit: 'l',
        fullTank: true,
        missedPrevious: false,
        pricePerUnit: 0.999,
        energy: 'lpg',
      },
    });
    expect(draft).not.toHaveProperty('title');
  });

  it('leaves the energy out on a car of one energy, and carries a confirmed jump', () => {
    const form = { ...typed('en-US', ['quantity', '30']), mileage: '42100' };
    const draft = fillUpDraft(form, makeCar(), {
      today: '2026-06-01',
      currency: 'EUR',
      odometerConfirmed: true,
    });
    expect(draft.fuel).not.toHaveProperty('energy');
    expect(draft).toMatchObject({ cost: null, currencyCode: null, odometerConfirmed: true });
  });
});
