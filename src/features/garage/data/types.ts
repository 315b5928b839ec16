// The garage's local rows: the server's shapes plus their sync state (docs/DESIGN-NOTES.md "Entities").
import type { Car, CarInput, CarLog, CarLogInput } from '@/contract/garage';
import type { SyncState } from '@/lib/offline/types';

export type LocalCar = Car & { syncState?: SyncState };
export type LocalCarLog = CarLog & { syncState?: SyncState };

export type CarDraft = Omit<CarInput, 'id'>;
export type CarLogDraft = Omit<CarLogInput, 'id'>;

/** Spec §9: the default mileage unit. */
export const DEFAULT_MILEAGE_UNIT = 'km';
