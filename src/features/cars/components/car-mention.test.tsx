// A post's car in the feed's first paint (car-mention.tsx): until the device's data has started on
// the page, the car's name is asked to the server and the member's database stays closed; then the
// device's copy takes over without the name going away.
import { act, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCar } from '@/features/garage/testing/garage-fixtures';
import { isDeviceDataWanted, resetDeviceDataWantedForTests } from '@/lib/offline/device-data-wanted';
import { signedIn } from '@/testing/api-client';
import { installFetch, ok } from '@/testing/fetch';
import { setSignedIn } from '@/testing/session-mock';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';
import { CarMention } from './car-mention';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
const start = vi.hoisted(() => {
  let resolve: () => void = () => undefined;
  const state = { started: false, settled: Promise.resolve(), resolve: () => resolve() };
  state.settled = new Promise<void>((done) => (resolve = done));
  return state;
});
vi.mock('@/lib/offline/shell-settled', () => ({
  shellSettled: () => start.settled,
  deviceDataStarted: () => start.started,
}));

const CAR = makeCar({ id: '77777777-7777-4777-8777-777777777777', nickname: 'Bleue' });

afterEach(() => resetDeviceDataWantedForTests());

describe("a post's car before the device's data has started", () => {
  it('is named from the server, and the member database stays closed until the data starts', async () => {
    activateCatalog('en-US');
    setSignedIn(true);
    signedIn();
    resetDeviceDataWantedForTests();
    const server = installFetch({ [`GET /api/v1.0/cars/${CAR.id}`]: () => ok(CAR) });
    const router = createRouter({
      routeTree: createRootRoute({ component: () => <CarMention carId={CAR.id} /> }),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    await act(async () => {
      renderWithProviders(<RouterProvider router={router} />);
      await router.load();
    });
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
});
