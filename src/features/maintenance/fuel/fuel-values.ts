// A fill-up's fields on the log form: the values as typed, the
// "fill the third" rule between price per unit, quantity and total paid, their checks, and the
// `fuel` object the draft carries. `cost` stays the log's total paid.
import { CAR_LOG_COST_DECIMALS } from '@/contract/constants';
import type { FuelFill } from '@/contract/garage';
import { FUEL_UNITS, type FuelUnit } from '@/contract/maintenance';
import { parseAmount, type FieldMessage } from '@/features/garage';

/** The log type that carries a fill-up (settings domain carLogType). */
export const FUEL_LOG_TYPE = 'fuel';

/** Litres and gallons to the hundredth (pumps show 2 decimals), kWh too. */
export const FUEL_QUANTITY_DECIMALS = 2;
/** Fuel prices are shown to the tenth of a cent ("1.859 €/l"). */
export const FUEL_PRICE_DECIMALS = 3;
/** The contract's bounds (FuelFill in src/contract/garage.ts). */
export const FUEL_QUANTITY_MAX = 100_000;
export const FUEL_PRICE_MAX = 1_000_000;

export interface FuelFormValues {
  quantity: string;
  unit: FuelUnit;
  fullTank: boolean;
  missedPrevious: boolean;
  pricePerUnit: string;
}

/** The three linked amounts; `cost` is the log's own cost field (the total paid). */
export type FuelAmount = 'pricePerUnit' | 'quantity' | 'cost';
export type FuelField = 'quantity' | 'pricePerUnit';

/** A liquid car's first unit follows its distance unit; an electric one charges in kWh. */
export function defaultFuelUnit(energyType: string | null, mileageUnit: string): FuelUnit {
  if (energyType === 'electric') return 'kwh';
  return mileageUnit === 'mi' ? 'gal_us' : 'l';
}

export function emptyFuelValues(unit: FuelUnit): FuelFormValues {
  return { quantity: '', unit, fullTank: true, missedPrevious: false, pricePerUnit: '' };
}

export function fuelValues(fuel: FuelFill | undefined | null, unit: FuelUnit): FuelFormValues {
  if (!fuel) return emptyFuelValues(unit);
  return {
    quantity: String(fuel.quantity),
    unit: fuel.unit,
    fullTank: fuel.fullTank,
    missedPrevious: fuel.missedPrevious,
    pricePerUnit:
      fuel.pricePerUnit === null || fuel.pricePerUnit === undefined ? '' : String(fuel.pricePerUnit),
  };
}

const DECIMALS: Record<FuelAmount, number> = {
  pricePerUnit: FUEL_PRICE_DECIMALS,
  quantity: FUEL_QUANTITY_DECIMALS,
  cost: CAR_LOG_COST_DECIMALS,
};

/** A typed amount as a number (a French comma is a decimal point); null when empty or not one. */
function amountOf(text: string): number | null {
  // Any number of decimals here: the third is computed from what is typed, checks come later.
  const value = parseAmount(text, 12);
  return value === null || Number.isNaN(value) ? null : value;
}

/** `value` rounded to the amount's decimals, as the field shows it ("52.3", never "52.300"). */
function shown(value: number, field: FuelAmount): string {
  const factor = 10 ** DECIMALS[field];
  return String(Math.round(value * factor) / factor);
}

/**
 * The third amount from the other two: total = price × quantity, quantity = total ÷ price,
 * price = total ÷ quantity. Null when the two are not both numbers, or a division by zero.
 */
export function computeThird(third: FuelAmount, amounts: Record<FuelAmount, string>): string | null {
  const price = amountOf(amounts.pricePerUnit);
  const quantity = amountOf(amounts.quantity);
  const cost = amountOf(amounts.cost);
  switch (third) {
    case 'cost':
      return price === null || quantity === null ? null : shown(price * quantity, 'cost');
    case 'quantity':
      return price === null || cost === null || price === 0 ? null : shown(cost / price, 'quantity');
    case 'pricePerUnit':
      return quantity === null || cost === null || quantity === 0
        ? null
        : shown(cost / quantity, 'pricePerUnit');
  }
}

/**
 * The member typed `edited`. `typed` lists the amounts the member typed, oldest first; the third
 * is the one not among the last two typed, and it is filled when those two are numbers. Answers
 * the new order, the computed amount (or null) and its value.
 */
export function fillThird(
  edited: FuelAmount,
  typed: readonly FuelAmount[],
  amounts: Record<FuelAmount, string>,
): { typed: FuelAmount[]; computed: FuelAmount | null; value: string | null } {
  const order = [...typed.filter((f) => f !== edited), edited];
  const lastTwo = order.slice(-2);
  if (lastTwo.length < 2) return { typed: order, computed: null, value: null };
  const third = (['pricePerUnit', 'quantity', 'cost'] as const).find((f) => !lastTwo.includes(f))!;
  const value = computeThird(third, amounts);
  return { typed: order, computed: value === null ? null : third, value };
}

/** Whether a fuel entry records a fill-up: a quantity or a price per unit was typed. */
export function isFillUp(v: FuelFormValues): boolean {
  return v.quantity.trim() !== '' || v.pricePerUnit.trim() !== '';
}

export function validateFuel(v: FuelFormValues): Partial<Record<FuelField, FieldMessage>> {
  const errors: Partial<Record<FuelField, FieldMessage>> = {};
  const quantity = parseAmount(v.quantity, FUEL_QUANTITY_DECIMALS);
  if (quantity === null) errors.quantity = { key: 'VALIDATION.REQUIRED' };
  else if (!(quantity > 0 && quantity <= FUEL_QUANTITY_MAX))
    errors.quantity = {
      key: 'FUEL.QUANTITY_INVALID',
      values: { decimals: FUEL_QUANTITY_DECIMALS },
    };
  const price = parseAmount(v.pricePerUnit, FUEL_PRICE_DECIMALS);
  if (price !== null && !(price >= 0 && price <= FUEL_PRICE_MAX))
    errors.pricePerUnit = { key: 'FUEL.PRICE_INVALID', values: { decimals: FUEL_PRICE_DECIMALS } };
  return errors;
}

/** The log's `fuel`; call only with values validateFuel accepted. */
export function fuelDraft(v: FuelFormValues): FuelFill {
  return {
    quantity: parseAmount(v.quantity, FUEL_QUANTITY_DECIMALS)!,
    unit: v.unit,
    fullTank: v.fullTank,
    missedPrevious: v.missedPrevious,
    pricePerUnit: parseAmount(v.pricePerUnit, FUEL_PRICE_DECIMALS),
  };
}

/** Every unit a fill can be in, in the order the select offers them. */
export const FUEL_UNIT_CHOICES: readonly FuelUnit[] = FUEL_UNITS;

/** The catalog key naming each unit in members' words with its symbol ("Litres (L)"). */
export const FUEL_UNIT_LABEL_KEYS: Record<FuelUnit, string> = {
  l: 'FUEL.UNIT_L',
  gal_us: 'FUEL.UNIT_GAL_US',
  gal_uk: 'FUEL.UNIT_GAL_UK',
  kwh: 'FUEL.UNIT_KWH',
};

/** Short symbols for figures ("€1.859/L", "42.5 L"). */
export const FUEL_UNIT_SYMBOL_KEYS: Record<FuelUnit, string> = {
  l: 'FUEL.SYMBOL_L',
  gal_us: 'FUEL.SYMBOL_GAL_US',
  gal_uk: 'FUEL.SYMBOL_GAL_UK',
  kwh: 'FUEL.SYMBOL_KWH',
};

/** The fill-up part of the form: its values, the amounts the member typed and the computed one. */
export interface FuelState {
  values: FuelFormValues;
  typed: FuelAmount[];
  computed: FuelAmount | null;
}

export function initialFuelState(fuel: FuelFill | undefined | null, unit: FuelUnit, cost: string): FuelState {
  const values = fuelValues(fuel, unit);
  // An entry being edited: what it holds counts as typed, so changing one amount refills another.
  const typed: FuelAmount[] = [];
  if (values.pricePerUnit) typed.push('pricePerUnit');
  if (values.quantity) typed.push('quantity');
  if (cost) typed.push('cost');
  return { values, typed, computed: null };
}

/**
 * The member typed `text` in one of the three linked amounts (`cost` is the log's total paid):
 * the new fill-up state and the new total, the third amount filled when it can be.
 */
export function typeAmount(
  state: FuelState,
  cost: string,
  field: FuelAmount,
  text: string,
): { fuel: FuelState; cost: string } {
  const amounts: Record<FuelAmount, string> = {
    pricePerUnit: state.values.pricePerUnit,
    quantity: state.values.quantity,
    cost,
    [field]: text,
  };
  const kept = state.computed === field ? null : state.computed;
  if (!text.trim()) {
    // Emptying a field takes it out of the typed ones: it may be computed again.
    return {
      fuel: {
        values: { ...state.values, pricePerUnit: amounts.pricePerUnit, quantity: amounts.quantity },
        typed: state.typed.filter((f) => f !== field),
        computed: kept,
      },
      cost: amounts.cost,
    };
  }
  const filled = fillThird(field, state.typed, amounts);
  if (filled.computed && filled.value !== null) amounts[filled.computed] = filled.value;
  return {
    fuel: {
      values: { ...state.values, pricePerUnit: amounts.pricePerUnit, quantity: amounts.quantity },
      typed: filled.typed,
      computed: filled.computed ?? kept,
    },
    cost: amounts.cost,
  };
}
