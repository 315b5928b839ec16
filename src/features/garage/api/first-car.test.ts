// The car home's early ask (first-car.ts): which addresses ask for the car, when, and for how long
// its answer is shown.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '@/lib/auth/token';
import { installFetch, ok } from '@/testing/fetch';
import { tokenExpiringIn } from '@/testing/jwt';
import { makeCar } from '../testing/garage-fixtures';
import { carHomeId, CAR_HOME_ROUTE } from './car-home-path';
import { FIRST_CAR_MAX_AGE_MS, peekFirstCar, prefetchFirstCar } from './first-car';

const ID = '4ca35b5c-f2c7-49c0-b9f1-54cef484a4c1';

beforeEach(() => tokenStore.setTokens(tokenExpiringIn(3600), 'refresh-1'));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("a car's home asked for from the entry", () => {
  it('reads the car id of its overview’s address only', () => {
    expect(CAR_HOME_ROUTE).toBe('/car/$id');
    expect(carHomeId(`/car/${ID}`)).toBe(ID);
    expect(carHomeId(`/car/${ID}/`)).toBe(ID);
    for (const path of [`/car/${ID}/logbook`, '/car/not-an-id', `/car/${ID}x`, `/my-cars/${ID}`, '/car/'])
      expect(carHomeId(path)).toBeNull();
  });

  it('asks once, signed in and online, and shows the answer for FIRST_CAR_MAX_AGE_MS (10 s) on that address', async () => {
    expect(FIRST_CAR_MAX_AGE_MS).toBe(10_000);
    const car = makeCar({ id: ID, role: 'owner' });
    const fetches = installFetch({ [`GET /api/v1.0/cars/${ID}`]: () => ok(car) });
    const at = 1_000_000;
    expect(prefetchFirstCar(`/car/${ID}`, at)).toBe(true);
    await expect(peekFirstCar(`/car/${ID}`, at + FIRST_CAR_MAX_AGE_MS)).resolves.toEqual(car);
    expect(peekFirstCar(`/car/${ID}`, at + FIRST_CAR_MAX_AGE_MS + 1)).toBeNull();
    expect(peekFirstCar('/car/55555555-5555-4555-8555-555555555555', at)).toBeNull(); // another car
    expect(fetches.requests).toHaveLength(1);
  });

  it('asks for nothing signed out, offline, or on another screen', () => {
    const fetches = installFetch({});
    expect(prefetchFirstCar('/feed')).toBe(false);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(prefetchFirstCar(`/car/${ID}`)).toBe(false);
    vi.restoreAllMocks();
    tokenStore.clear();
    expect(prefetchFirstCar(`/car/${ID}`)).toBe(false);
    expect(fetches.requests).toHaveLength(0);
  });
});
