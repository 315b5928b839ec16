// The fill-up at the pump (docs/SPEC-NOTES.md "A car's home"): what the one screen holds as typed,
// the two-of-three rule between price per unit, quantity and total (the maintenance room's, the
// log form's too), the checks (a reading below the last one is refused, unusual figures are only
// questioned) and the draft the garage's offline write takes. No title: the server names a
// fill-up sent without one, and the device its mirror row with the same function.
import { CAR_LOG_COST_DECIMALS, CAR_LOG_COST_MAX, MILEAGE_MAX } from '@/contract/constants';
import type { Car, CarLog, FuelFill } from '@/contract/garage';
import type { FuelUnit } from '@/contract/maintenance';
import { parseAmount, type CarLogDraft, type FieldMessage } from '@/features/garage';
import {
  defaultFuelUnit,
  FUEL_LOG_TYPE,
  fuelDraft,
  typeAmount,
  validateFuel,
  type FuelAmount,
  type FuelState,
} from '@/features/maintenance';

/** A first fill-up's currency when the car has none yet: the interface language's country. */
const LOCALE_CURRENCY: Record<string, string> = { 'en-US': 'USD', 'fr-FR': 'EUR' };

/** Above this, a fill is questioned (no car's tank or battery holds it): litres or kWh. */
export const UNUSUAL_QUANTITY: Record<FuelUnit, number> = { l: 150, gal_us: 40, gal_uk: 33, kwh: 150 };
/** A price this many times above (or below) the car's usual one for the unit is questioned. */
export const UNUSUAL_PRICE_FACTOR = 3;
/** The usual price: the median of this many of the car's latest fills in the unit. */
const PRICE_HISTORY = 10;

export type FillUpField = 'mileage' | 'cost' | 'quantity' | 'pricePerUnit';

export interface FillUpForm {
  /** The odometer as typed ("185 350", "185350,4": tenths are dropped, the contract counts whole units). */
  mileage: string;
  /** The total paid, as typed or computed. */
  cost: string;
  fuel: FuelState;
  /** The energy of this fill (a key of the car's energyTypes); null: the car's main one. */
  energy: string | null;
}

/** The car's energies, its main one first; a car with only `energyType` has that one. */
export function energiesOf(car: Pick<Car, 'energyType' | 'energyTypes'>): string[] {
  if (car.energyTypes?.length) return car.energyTypes;
  return car.energyType ? [car.energyType] : [];
}

const energyOf = (fuel: FuelFill, main: string | null) => fuel.energy ?? main;

/**
 * The unit a fill of `energy` starts in: the one the car's latest fill of that energy used, else
 * kWh for electricity and the distance unit's liquid one (litres, or US gallons with miles).
 */
export function fillUnit(car: Car, logs: readonly CarLog[], energy: string | null): FuelUnit {
  const main = energiesOf(car)[0] ?? null;
  let latest: CarLog | undefined;
  for (const log of logs) {
    if (!log.fuel || energyOf(log.fuel, main) !== (energy ?? main)) continue;
    if (
      !latest ||
      log.startDate > latest.startDate ||
      (log.startDate === latest.startDate && log.updatedAt > latest.updatedAt)
    )
      latest = log;
  }
  return latest?.fuel?.unit ?? defaultFuelUnit(energy ?? main, car.mileageUnit);
}

/** The currency of the car's most recently written log that has one, else the language's. */
export function fillCurrency(logs: readonly CarLog[] | undefined, locale: string): string {
  let latest: CarLog | undefined;
  for (const log of logs ?? [])
    if (log.currencyCode && (!latest || log.updatedAt > latest.updatedAt)) latest = log;
  return latest?.currencyCode ?? LOCALE_CURRENCY[locale] ?? 'EUR';
}

export function emptyFillUp(unit: FuelUnit, energy: string | null): FillUpForm {
  return {
    mileage: '',
    cost: '',
    energy,
    fuel: {
      values: { quantity: '', unit, fullTank: true, missedPrevious: false, pricePerUnit: '' },
      typed: [],
      computed: null,
    },
  };
}

/** A computed figure as the member's language writes it ("79,01" in French). */
export function localDecimal(text: string, locale: string): string {
  return locale.startsWith('fr') ? text.replace('.', ',') : text;
}

/**
 * The member typed `text` into one of the three amounts: the form with the third filled from the
 * last two typed (written in `locale`'s way), as the log form does.
 */
export function typeFillAmount(
  form: FillUpForm,
  field: FuelAmount,
  text: string,
  locale: string,
): FillUpForm {
  const next = typeAmount(form.fuel, form.cost, field, text);
  const computed = next.fuel.computed;
  const values = { ...next.fuel.values };
  let cost = next.cost;
  if (computed && computed !== field) {
    if (computed === 'cost') cost = localDecimal(cost, locale);
    else values[computed] = localDecimal(values[computed], locale);
  }
  return { ...form, cost, fuel: { ...next.fuel, values } };
}

/** The reading as a whole number; null when empty, NaN when it is not a number. */
export function parseReading(text: string): number | null {
  const clean = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (clean === '') return null;
  return /^\d+(\.\d+)?$/.test(clean) ? Math.floor(Number(clean)) : Number.NaN;
}

/** The refusals: a reading is needed and must be one; a quantity is needed; amounts in bounds. */
export function validateFillUp(form: FillUpForm): Partial<Record<FillUpField, FieldMessage>> {
  const errors: Partial<Record<FillUpField, FieldMessage>> = { ...validateFuel(form.fuel.values) };
  const reading = parseReading(form.mileage);
  if (reading === null) errors.mileage = { key: 'FUEL.MILEAGE_REQUIRED' };
  else if (!(reading >= 0 && reading <= MILEAGE_MAX))
    errors.mileage = { key: 'CAR_LOGS.FORM_MILEAGE_INVALID' };
  const cost = parseAmount(form.cost, CAR_LOG_COST_DECIMALS);
  if (cost !== null && !(cost >= 0 && cost <= CAR_LOG_COST_MAX))
    errors.cost = { key: 'CAR_LOGS.FORM_COST_INVALID' };
  return errors;
}

export type FillUpWarning =
  { kind: 'quantity'; max: number; unit: FuelUnit } | { kind: 'price'; usual: number; unit: FuelUnit };

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The car's usual price per `unit` in `currency`: the median of its latest fills' prices. */
export function usualPrice(logs: readonly CarLog[], unit: FuelUnit, currency: string): number | null {
  const prices = logs
    .filter((l) => l.fuel?.unit === unit && l.currencyCode === currency && (l.fuel.pricePerUnit ?? 0) > 0)
    .sort((a, b) => (a.startDate < b.startDate ? 1 : a.startDate > b.startDate ? -1 : 0))
    .slice(0, PRICE_HISTORY)
    .map((l) => l.fuel!.pricePerUnit!);
  return median(prices);
}

/**
 * Figures that are allowed but look wrong (a slip of a digit at the pump): a quantity no tank
 * holds, a price far from the car's usual one. The member is asked once before saving.
 */
export function fillUpWarnings(form: FillUpForm, logs: readonly CarLog[], currency: string): FillUpWarning[] {
  const warnings: FillUpWarning[] = [];
  const { unit } = form.fuel.values;
  const quantity = parseAmount(form.fuel.values.quantity, 12);
  if (quantity !== null && quantity > UNUSUAL_QUANTITY[unit])
    warnings.push({ kind: 'quantity', max: UNUSUAL_QUANTITY[unit], unit });
  const price = parseAmount(form.fuel.values.pricePerUnit, 12);
  const usual = usualPrice(logs, unit, currency);
  if (price !== null && price > 0 && usual !== null && usual > 0) {
    if (price > usual * UNUSUAL_PRICE_FACTOR || price < usual / UNUSUAL_PRICE_FACTOR)
      warnings.push({ kind: 'price', usual, unit });
  }
  return warnings;
}

/** The log the garage writes; call only with a form validateFillUp accepted. No title: see above. */
export function fillUpDraft(
  form: FillUpForm,
  car: Car,
  options: { today: string; currency: string; odometerConfirmed?: boolean },
): CarLogDraft {
  const cost = parseAmount(form.cost, CAR_LOG_COST_DECIMALS);
  const fuel: FuelFill = fuelDraft(form.fuel.values);
  // The energy is said when the car has several (a fill without one is of the main energy).
  if (form.energy && energiesOf(car).length > 1) fuel.energy = form.energy;
  return {
    carId: car.id,
    type: FUEL_LOG_TYPE,
    startDate: options.today,
    cost,
    currencyCode: cost === null ? null : options.currency,
    mileage: parseReading(form.mileage),
    fuel,
    ...(options.odometerConfirmed ? { odometerConfirmed: true } : {}),
  };
}
