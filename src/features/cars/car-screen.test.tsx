// A post's car (CarMention) and the car's own screen (car/{id}): mine from this device, a friend's
// from the server, and what shows offline.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, renderWithProviders } from '@/testing/test-utils';
import { CAR_ID, makeCar, putCar } from '@/features/garage/testing/garage-fixtures';
import { garageScreenHooks } from '@/features/garage/testing/garage-screen';
import { fail, installFetch, ok } from '@/testing/fetch';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act } from '@testing-library/react';
import { CarMention } from './components/car-mention';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.setConfig({ testTimeout: 30_000 });

const FRIEND_CAR = makeCar({
  id: '55555555-5555-4555-8555-555555555555',
  ownerId: '66666666-6666-4666-8666-666666666666',
  nickname: null,
  make: 'Porsche',
  model: '911',
  year: 1989,
  description: '<p>Air <em>cooled</em></p>',
});

async function renderMention(carId: string) {
  const rootRoute = createRootRoute({ component: () => <CarMention carId={carId} /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await act(async () => {
    renderWithProviders(<RouterProvider router={router} />);
    await router.load();
  });
}

describe("a post's car and the car screen", () => {
  garageScreenHooks({ offline: false, seed: () => putCar(makeCar()) });

  it('names one of my cars from this device, offline, and links to it', async () => {
    installFetch({});
    await renderMention(CAR_ID);
    const link = await screen.findByRole('link', { name: 'About: Bleue' });
    expect(link.getAttribute('href')).toBe(`/car/${CAR_ID}`);
  });

  it("names a friend's car from the server (GET /cars/{id})", async () => {
    const server = installFetch({ [`GET /api/v1.0/cars/${FRIEND_CAR.id}`]: () => ok(FRIEND_CAR) });
    await renderMention(FRIEND_CAR.id);
    expect(await screen.findByRole('link', { name: 'About: Porsche 911' })).toBeTruthy();
    expect(server.to('GET', `/api/v1.0/cars/${FRIEND_CAR.id}`)).toHaveLength(1);
  });

  it("offline, a friend's car not on this device is just the link text", async () => {
    installFetch({});
    await renderMention(FRIEND_CAR.id);
    const link = await screen.findByRole('link', { name: 'About one of their cars' });
    expect(link.getAttribute('href')).toBe(`/car/${FRIEND_CAR.id}`);
  });

  it("shows a friend's car, read-only, with the way to its owner", async () => {
    installFetch({ [`GET /api/v1.0/cars/${FRIEND_CAR.id}`]: () => ok(FRIEND_CAR) });
    await renderApp(`/car/${FRIEND_CAR.id}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Porsche 911' })).toBeTruthy();
    expect(screen.getByText('1989', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('cooled').tagName).toBe('EM');
    expect(screen.getByRole('link', { name: 'See the owner’s profile' }).getAttribute('href')).toBe(
      `/people/${FRIEND_CAR.ownerId}`,
    );
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Fill-up' })).toBeNull();
  });

  it('shows one of my cars from this device, with the way into my garage', async () => {
    installFetch({});
    await renderApp(`/car/${CAR_ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Bleue' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in my garage' }).getAttribute('href')).toBe('/my-cars');
    expect(screen.getByRole('link', { name: 'Fill-up' }).getAttribute('href')).toBe(`/car/${CAR_ID}/fill-up`);
  });

  it('offers no fill-up on the overview of a car shared with me to see only', async () => {
    installFetch({});
    await putCar(makeCar({ role: 'viewer' }));
    await renderApp(`/car/${CAR_ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Bleue' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Fill-up' })).toBeNull();
  });

  it("a stranger's car is not found", async () => {
    installFetch({ [`GET /api/v1.0/cars/${FRIEND_CAR.id}`]: () => fail(404, 'NOT_FOUND', 'Car not found') });
    await renderApp(`/car/${FRIEND_CAR.id}`);
    expect(await screen.findByText('This car is not here.')).toBeTruthy();
  });
});
