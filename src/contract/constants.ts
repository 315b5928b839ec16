// Plain values of the contract that both sides import. No typebox here: this is the one contract
// file client code may import values from (the others run schema builders at module load).
export const API_BASE = '/api/v1.0';

export const SETTINGS_DOMAINS = [
  'energyType',
  'gearboxType',
  'upholsteryMaterial',
  'mileageUnit',
  'carLogType',
  'currencyCode',
] as const;
export type SettingsDomain = (typeof SETTINGS_DOMAINS)[number];
