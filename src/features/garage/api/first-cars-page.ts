// The garage's first page of cars straight from the network, asked for by the app's start-up when
// a signed-in member opens /my-cars online, beside the route's chunks (the feed does the same,
// src/features/posts/feed-first-page.ts). The garage's first refresh (data/sync.ts, syncCars) takes
// the answer once instead of asking after the screen has loaded, rendered and opened Dexie.
// Nothing here may import Dexie: the start-up imports this module.
import { PAGE_SIZE_MAX } from '@/contract/constants';
import type { Car } from '@/contract/garage';
import type { Reminder } from '@/contract/maintenance-api';
import { api } from '@/lib/http/api-client';
import { tokenStore } from '@/lib/auth/token';
import { askEarly, earlyAnswerSlot, type EarlyAnswer } from '@/lib/http/early-answer';
import { isOnline } from '@/lib/network/online';

/** A first page older than this is asked for again rather than merged. */
export const FIRST_CARS_PAGE_MAX_AGE_MS = 10_000;
/** The garage's page size (syncCars asks for pages of this many). */
export const CARS_PAGE_LIMIT = PAGE_SIZE_MAX;

export type EarlyCarsPage = EarlyAnswer<Car[]>;

const early = earlyAnswerSlot<Car[]>(FIRST_CARS_PAGE_MAX_AGE_MS);
// The member's reminders, asked beside the cars for the garage's first paint (garage-first-paint.ts)
// only: the reminders' own refresh (data/reminders-sync.ts) asks for the selected car's.
const earlyReminders = earlyAnswerSlot<Reminder[]>(FIRST_CARS_PAGE_MAX_AGE_MS);

/** The member's cars, `limit` from `offset` (GET /cars/feed: mine, then the ones shared with me). */
export function fetchCarsPage(offset: number): Promise<Car[]> {
  return api.get<Car[]>('/cars/feed', { query: { limit: CARS_PAGE_LIMIT, offset } });
}

/** Start-up: asks for the first page when the screen is the garage, signed in and online. */
export function prefetchFirstCarsPage(pathname: string, now = Date.now()): boolean {
  if (pathname !== '/my-cars' || !tokenStore.getRefreshToken()) return false;
  if (!isOnline()) return false;
  early.keep(askEarly(() => fetchCarsPage(0), now)); // syncCars reports a failure
  earlyReminders.keep(askEarly(() => api.get<Reminder[]>('/reminders'), now));
  return true;
}

/** The garage's first paint: the first page and the member's reminders, if asked, without taking them. */
export function peekFirstGarage(
  now = Date.now(),
): { cars: Promise<Car[]>; reminders: Promise<Reminder[]> } | null {
  const cars = early.peek(now);
  const reminders = earlyReminders.peek(now);
  return cars && reminders ? { cars: cars.page, reminders: reminders.page } : null;
}

/** syncCars: the page the start-up asked for (fresh), once; null when there is none. */
export function takeFirstCarsPage(now = Date.now()): EarlyCarsPage | null {
  return early.take(now);
}
