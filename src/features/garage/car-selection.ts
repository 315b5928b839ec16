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

/** The car's name as its owner calls it: the nickname, else make and model. */
export function carTitle(car: Pick<Car, 'make' | 'model' | 'nickname'>): string {
  return car.nickname?.trim() || `${car.make} ${car.model}`.trim();
}

/** The line under the name: make, model and year (the year alone when the title already says make and model). */
export function carSubtitle(car: Pick<Car, 'make' | 'model' | 'nickname' | 'year'>): string {
  const year = car.year === null || car.year === undefined ? '' : String(car.year);
  if (!car.nickname?.trim()) return year;
  return [car.make, car.model, year].filter(Boolean).join(' ');
}
