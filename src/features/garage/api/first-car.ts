// A car's home straight from the network: on a signed-in cold start of /car/{id} (its overview),
// online, the entry asks for the car (GET /cars/{id}) beside React DOM and the app, so that the
// car's name is painted from the answer before them (car-home-first-paint.ts), as the garage's
// first view is (first-cars-page.ts). The app's car home then starts from the same answer.
// Nothing here may import Dexie: the start-up imports this module.
import type { Car } from '@/contract/garage';
import { tokenStore } from '@/lib/auth/token';
import { api } from '@/lib/http/api-client';
import { askEarly, earlyAnswerSlot } from '@/lib/http/early-answer';
import { isOnline } from '@/lib/network/online';
import { carHomeId } from './car-home-path';

/** An answer older than this is asked for again rather than shown. */
export const FIRST_CAR_MAX_AGE_MS = 10_000;

const early = earlyAnswerSlot<Car>(FIRST_CAR_MAX_AGE_MS);
/** The car the kept answer is of. */
let askedFor: string | null = null;

/** Start-up: asks for the car when the screen is a car's overview, signed in and online. */
export function prefetchFirstCar(pathname: string, now = Date.now()): boolean {
  const id = carHomeId(pathname);
  if (!id || !tokenStore.getRefreshToken() || !isOnline()) return false;
  // A failure (a stranger's car: 404) paints nothing; the car home asks and says so itself.
  early.keep(askEarly(() => api.get<Car>(`/cars/${encodeURIComponent(id)}`), now));
  askedFor = id;
  return true;
}

/** The first paint: the car asked for on this address, if any, without taking it. */
export function peekFirstCar(pathname: string, now = Date.now()): Promise<Car> | null {
  const id = carHomeId(pathname);
  return id !== null && id === askedFor ? (early.peek(now)?.page ?? null) : null;
}
