import { describe, expect, it } from 'vitest';
import {
  computeThird,
  defaultFuelUnit,
  fillThird,
  fuelDraft,
  initialFuelState,
  typeAmount,
  validateFuel,
  type FuelState,
} from './fuel-values';

const empty = (): FuelState => initialFuelState(undefined, 'l', '');

describe('fill the third of price, quantity and total', () => {
  it('computes the total from price × quantity, to the cent', () => {
    expect(computeThird('cost', { pricePerUnit: '1,859', quantity: '42.5', cost: '' })).toBe('79.01');
  });

  it('computes the quantity from total ÷ price, to the hundredth', () => {
    expect(computeThird('quantity', { pricePerUnit: '1.859', quantity: '', cost: '79.01' })).toBe('42.5');
  });

  it('computes the price from total ÷ quantity, to the tenth of a cent', () => {
    expect(computeThird('pricePerUnit', { pricePerUnit: '', quantity: '40', cost: '70' })).toBe('1.75');
    expect(computeThird('pricePerUnit', { pricePerUnit: '', quantity: '3', cost: '10' })).toBe('3.333');
  });

  it('computes nothing from a missing figure or by dividing by zero', () => {
    expect(computeThird('cost', { pricePerUnit: '', quantity: '40', cost: '' })).toBeNull();
    expect(computeThird('quantity', { pricePerUnit: '0', quantity: '', cost: '70' })).toBeNull();
    expect(computeThird('pricePerUnit', { pricePerUnit: '', quantity: 'abc', cost: '70' })).toBeNull();
  });

  it('fills the one amount not among the last two the member typed', () => {
    let state = empty();
    let cost = '';
    ({ fuel: state, cost } = typeAmount(state, cost, 'pricePerUnit', '2'));
    expect(state.computed).toBeNull();
    ({ fuel: state, cost } = typeAmount(state, cost, 'quantity', '30'));
    expect([cost, state.computed]).toEqual(['60', 'cost']);
    // The member now types the total: the price (typed longest ago) is the one recomputed.
    ({ fuel: state, cost } = typeAmount(state, cost, 'cost', '75'));
    expect([state.values.pricePerUnit, state.computed]).toEqual(['2.5', 'pricePerUnit']);
    // Then the price again: the quantity is recomputed from total and price.
    ({ fuel: state, cost } = typeAmount(state, cost, 'pricePerUnit', '3'));
    expect([state.values.quantity, state.computed]).toEqual(['25', 'quantity']);
    expect(cost).toBe('75');
  });

  it('emptying a field computes nothing and frees it', () => {
    const first = typeAmount(empty(), '', 'pricePerUnit', '2');
    const second = typeAmount(first.fuel, first.cost, 'quantity', '30');
    const cleared = typeAmount(second.fuel, second.cost, 'quantity', '');
    expect(cleared.fuel.typed).toEqual(['pricePerUnit']);
    expect(cleared.cost).toBe('60'); // a figure already there stays
  });

  it('counts an edited entry’s amounts as typed', () => {
    const state = initialFuelState(
      { quantity: 40, unit: 'l', fullTank: true, missedPrevious: false, pricePerUnit: 2 },
      'l',
      '80',
    );
    expect(state.typed).toEqual(['pricePerUnit', 'quantity', 'cost']);
    expect(fillThird('quantity', state.typed, { pricePerUnit: '2', quantity: '50', cost: '80' })).toEqual({
      typed: ['pricePerUnit', 'cost', 'quantity'],
      computed: 'pricePerUnit',
      value: '1.6',
    });
  });
});

describe('fuel fields checks and draft', () => {
  it('needs a quantity above 0 with at most 2 decimals, and a price of 0 or more with at most 3', () => {
    const base = empty().values;
    expect(validateFuel(base).quantity?.key).toBe('VALIDATION.REQUIRED');
    expect(validateFuel({ ...base, quantity: '0' }).quantity?.key).toBe('FUEL.QUANTITY_INVALID');
    expect(validateFuel({ ...base, quantity: '1.234' }).quantity?.key).toBe('FUEL.QUANTITY_INVALID');
    expect(validateFuel({ ...base, quantity: '100000.01' }).quantity?.key).toBe('FUEL.QUANTITY_INVALID');
    expect(validateFuel({ ...base, quantity: '100000' }).quantity).toBeUndefined();
    expect(validateFuel({ ...base, quantity: '42,25' })).toEqual({});
    expect(validateFuel({ ...base, quantity: '1', pricePerUnit: '1.8599' }).pricePerUnit?.key).toBe(
      'FUEL.PRICE_INVALID',
    );
    expect(validateFuel({ ...base, quantity: '1', pricePerUnit: '1,859' })).toEqual({});
  });

  it('makes the contract’s fuel object', () => {
    expect(
      fuelDraft({
        quantity: '42,25',
        unit: 'gal_uk',
        fullTank: false,
        missedPrevious: true,
        pricePerUnit: '',
      }),
    ).toEqual({ quantity: 42.25, unit: 'gal_uk', fullTank: false, missedPrevious: true, pricePerUnit: null });
  });

  it('starts in the car’s unit: kWh for an electric car, US gallons for miles, else litres', () => {
    expect(defaultFuelUnit('electric', 'km')).toBe('kwh');
    expect(defaultFuelUnit('petrol', 'mi')).toBe('gal_us');
    expect(defaultFuelUnit(null, 'km')).toBe('l');
  });
});
