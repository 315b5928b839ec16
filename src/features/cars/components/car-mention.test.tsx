// A post's car in the feed's first paint (car-mention.tsx): until the device's data has started on
// the page, the car's name is asked to the server and the member's database stays closed; then the
// device's copy takes over without the name going away.
import { act, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshGarage, makeCar, putCar } from '@/features/garage/testing/garage-fixtures';
import { isDeviceDataWanted, resetDeviceDataWantedForTests } from '@/lib/offline/device-data-wanted';
import { signedIn } from '@/testing/api-client';
import { installFetch, ok } from '@/testing/fetch';
import { setSignedIn } from '@/testing/session-mock';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';
import { CarMention } from './car-mention';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
const start = vi.hoisted(() => {
  const state = {
    started: false,
    settled: Promise.resolve(),
    resolve: () => undefined as void,
    /** A new page: the device's data not started. */
    reset() {
      state.started = false;
      state.settled = new Promise<void>((done) => (state.resolve = done));
    },
  };
  state.reset();
  return state;
});
vi.mock('@/lib/offline/shell-settled', () => ({
  shellSettled: () => start.settled,
  deviceDataStarted: () => start.started,
}));

const CAR = makeCar({ id: '77777777-7777-4777-8777-777777777777', nickname: 'Bleue' });

afterEach(() => {
  start.reset();
  resetDeviceDataWantedForTests();
  vi.restoreAllMocks();
});

async function renderMention(carId: string) {
  activateCatalog('en-US');
  setSignedIn(true);
  signedIn();
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <CarMention carId={carId} /> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await act(async () => {
    renderWithProviders(<RouterProvider router={router} />);
    await router.load();
  });
}

describe("a post's car before the device's data has started", () => {
  it('is named from the server, and the member database stays closed until the data starts', async () => {
    resetDeviceDataWantedForTests();
    const server = installFetch({ [`GET /api/v1.0/cars/${CAR.id}`]: () => ok(CAR) });
    await renderMention(CAR.id);
    const link = await screen.findByRole('link', { name: 'About: Bleue' });
    expect(link.getAttribute('href')).toBe(`/car/${CAR.id}`);
    expect(server.to('GET', `/api/v1.0/cars/${CAR.id}`)).toHaveLength(1);
    expect(isDeviceDataWanted()).toBe(false);

    // The device's data starts: the mention reads the member's database (opening it), and keeps
    // the server's name meanwhile (the same query's answer), with no second request.
    await act(async () => {
      start.started = true;
      start.resolve();
      await start.settled;
    });
    await vi.waitFor(() => expect(isDeviceDataWanted()).toBe(true));
    expect(screen.getByRole('link', { name: 'About: Bleue' })).toBeTruthy();
    expect(server.to('GET', `/api/v1.0/cars/${CAR.id}`)).toHaveLength(1);
  });

  it('offline, reads my car from this device at once, with no request', async () => {
    await freshGarage();
    await putCar(CAR);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const server = installFetch({});
    await renderMention(CAR.id);
    expect(await screen.findByRole('link', { name: 'About: Bleue' })).toBeTruthy();
    expect(server.to('GET', `/api/v1.0/cars/${CAR.id}`)).toHaveLength(0);
    expect(start.started).toBe(false);
  });
});
