// Which car the garage shows (spec §9 storage key `selectedCar`).
import type { Car } from '@/contract/garage';

export const SELECTED_CAR_STORAGE_KEY = 'selectedCar';

/** The car the garage opens on, as stored on this device (null when none or storage is unavailable). */
export function readSelectedCar(): string | null {
  try {
    return localStorage.getItem(SELECTED_CAR_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The remembered car when it is still in the list, else the first (oldest) car; null with no cars.
 * The fallback is not written back: a car created on another device may not have synced yet, and
 * the member's choice should win once it arrives.
 */
export function resolveSelectedCar<T extends Pick<Car, 'id'>>(cars: T[], storedId: string | null): T | null {
  return (storedId ? cars.find((car) => car.id === storedId) : undefined) ?? cars[0] ?? null;
}

export { carSubtitle, carTitle } from '@/lib/text/car-title';
