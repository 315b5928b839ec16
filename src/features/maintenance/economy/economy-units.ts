import type { EconomyUnit } from '@/contract/maintenance';

/** The catalog key of each economy unit's symbol ("L/100 km", "mpg (US)"). */
export const ECONOMY_UNIT_KEYS: Record<EconomyUnit, string> = {
  l_per_100km: 'ECONOMY.UNIT_L_PER_100KM',
  km_per_l: 'ECONOMY.UNIT_KM_PER_L',
  mpg_us: 'ECONOMY.UNIT_MPG_US',
  mpg_uk: 'ECONOMY.UNIT_MPG_UK',
  kwh_per_100km: 'ECONOMY.UNIT_KWH_PER_100KM',
  km_per_kwh: 'ECONOMY.UNIT_KM_PER_KWH',
  mi_per_kwh: 'ECONOMY.UNIT_MI_PER_KWH',
};

/** Decimals an economy is shown with: mi/kWh and km/kWh need two ("3.85 mi/kWh"), the rest one. */
export const economyDecimals = (unit: EconomyUnit): number =>
  unit === 'km_per_kwh' || unit === 'mi_per_kwh' ? 2 : 1;
