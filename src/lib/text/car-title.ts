// A car's name as its owner calls it, and the line under it. Here, below the features and free of
// the garage's data layer (Dexie): a post's car mention in the feed's first paint names it too.
import type { Car } from '@/contract/garage';

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
