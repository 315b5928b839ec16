// Units of the maintenance tracker and their exact conversions. Plain
// values, no typebox: client and server both run this code.

/** Exact by definition: 1 US gallon = 231 cubic inches. */
export const LITRES_PER_GAL_US = 3.785411784;
/** Exact by definition (Weights and Measures Act 1985). */
export const LITRES_PER_GAL_UK = 4.54609;
/** Exact by definition (international mile). */
export const KM_PER_MI = 1.609344;

export const FUEL_UNITS = ['l', 'gal_us', 'gal_uk', 'kwh'] as const;
export type FuelUnit = (typeof FUEL_UNITS)[number];

export const ECONOMY_UNITS = [
  'l_per_100km',
  'km_per_l',
  'mpg_us',
  'mpg_uk',
  'kwh_per_100km',
  'km_per_kwh',
  'mi_per_kwh',
] as const;
export type EconomyUnit = (typeof ECONOMY_UNITS)[number];

/** What a fill adds: liquid fuel (litres, gallons) or electricity (kWh). */
export type Energy = 'liquid' | 'electric';

/** The car's `mileageUnit` keys (settings domain mileageUnit). */
export type DistanceUnit = 'km' | 'mi';

export const energyOfFuelUnit = (unit: FuelUnit): Energy => (unit === 'kwh' ? 'electric' : 'liquid');

/** How an economy unit is built: its energy, its distance and quantity units, and its direction. */
export interface EconomyUnitInfo {
  energy: Energy;
  distance: DistanceUnit;
  quantity: FuelUnit;
  /** true for distance per quantity (km/l, mpg): higher is better; false for L/100 km, kWh/100 km. */
  higherIsBetter: boolean;
}

export const ECONOMY_UNIT_INFO: Readonly<Record<EconomyUnit, EconomyUnitInfo>> = {
  l_per_100km: { energy: 'liquid', distance: 'km', quantity: 'l', higherIsBetter: false },
  km_per_l: { energy: 'liquid', distance: 'km', quantity: 'l', higherIsBetter: true },
  mpg_us: { energy: 'liquid', distance: 'mi', quantity: 'gal_us', higherIsBetter: true },
  mpg_uk: { energy: 'liquid', distance: 'mi', quantity: 'gal_uk', higherIsBetter: true },
  kwh_per_100km: { energy: 'electric', distance: 'km', quantity: 'kwh', higherIsBetter: false },
  km_per_kwh: { energy: 'electric', distance: 'km', quantity: 'kwh', higherIsBetter: true },
  mi_per_kwh: { energy: 'electric', distance: 'mi', quantity: 'kwh', higherIsBetter: true },
};

/** A car's mileageUnit key as a distance unit: `mi` is miles, anything else kilometres. */
export const distanceUnitOf = (mileageUnit: string): DistanceUnit => (mileageUnit === 'mi' ? 'mi' : 'km');

export const toKm = (distance: number, unit: DistanceUnit): number =>
  unit === 'mi' ? distance * KM_PER_MI : distance;
export const fromKm = (km: number, unit: DistanceUnit): number => (unit === 'mi' ? km / KM_PER_MI : km);

/** Litres for liquid units; kWh stay kWh. */
export function toBaseQuantity(quantity: number, unit: FuelUnit): number {
  switch (unit) {
    case 'gal_us':
      return quantity * LITRES_PER_GAL_US;
    case 'gal_uk':
      return quantity * LITRES_PER_GAL_UK;
    default:
      return quantity;
  }
}

export function fromBaseQuantity(base: number, unit: FuelUnit): number {
  switch (unit) {
    case 'gal_us':
      return base / LITRES_PER_GAL_US;
    case 'gal_uk':
      return base / LITRES_PER_GAL_UK;
    default:
      return base;
  }
}

/** An economy in `unit` from a distance in km and a quantity in litres (or kWh); null if either is 0. */
export function economyIn(unit: EconomyUnit, km: number, baseQuantity: number): number | null {
  if (!(km > 0) || !(baseQuantity > 0)) return null;
  const info = ECONOMY_UNIT_INFO[unit];
  const distance = fromKm(km, info.distance);
  const quantity = fromBaseQuantity(baseQuantity, info.quantity);
  return info.higherIsBetter ? distance / quantity : (100 * quantity) / distance;
}

/**
 * The economy unit a car is shown in when the member names none: electric cars in kWh/100 km (or
 * mi/kWh for cars counted in miles), the others in L/100 km (or US mpg).
 */
export function defaultEconomyUnit(energyType: string | null, mileageUnit: string): EconomyUnit {
  const miles = distanceUnitOf(mileageUnit) === 'mi';
  if (energyType === 'electric') return miles ? 'mi_per_kwh' : 'kwh_per_100km';
  return miles ? 'mpg_us' : 'l_per_100km';
}
