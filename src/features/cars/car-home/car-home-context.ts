// The car the car's home shows, handed from its frame to the section the route mounts: one of the
// member's from the mirror (theirs or shared with them), else a friend's from the server.
import { createContext, useContext } from 'react';
import type { Car } from '@/contract/garage';
import type { LocalCar } from '@/features/garage';

export interface CarHomeValue {
  id: string;
  /** On this device: the member's car or one shared with them; null: not here; undefined: still reading. */
  local: LocalCar | null | undefined;
  /** What is shown: the mirror's car, else the server's answer (a friend's car). */
  car: Car | undefined;
}

export const CarHomeContext = createContext<CarHomeValue | null>(null);

export function useCarHome(): CarHomeValue {
  const value = useContext(CarHomeContext);
  if (!value) throw new Error('useCarHome outside of a car home');
  return value;
}
