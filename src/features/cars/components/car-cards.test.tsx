// The garage's cards: each car at a glance from the mirror, offline (mileage, next reminder, last
// fill-up, average consumption), and the way to the car's home.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bareCar, CAR_ID, makeCar, putCar, putLog } from '@/features/garage/testing/garage-fixtures';
import { garageScreenHooks } from '@/features/garage/testing/garage-screen';
import { fill } from '@/features/garage/testing/fuel-fixtures';
import { db } from '@/lib/db';
import { renderApp } from '@/testing/test-utils';
import { makeReminder } from '@/features/garage/testing/reminder-fixtures';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.setConfig({ testTimeout: 30_000 });

const OTHER = bareCar({ make: 'Lancia', model: 'Delta', mileage: null });
const LENT = bareCar({ make: 'Fiat', model: 'Panda', role: 'viewer' });

describe("the garage's cards, offline", () => {
  garageScreenHooks({
    seed: async () => {
      await putCar(makeCar({ role: 'owner', mileage: 11_400 }));
      await putCar(OTHER);
      await putCar(LENT);
      for (const log of [
        fill('2026-01-01', 10_000, 40, 80),
        fill('2026-02-01', 10_800, 45, 90),
        fill('2026-03-01', 11_400, 30, 60),
      ])
        await putLog({ ...log, carId: CAR_ID });
      await db.reminders.put(makeReminder({ title: 'Insurance renewal', setDueDate: '2030-05-01' }));
    },
  });

  const card = async (name: string) =>
    (await screen.findAllByTestId('car-card')).find((each) => within(each).queryByText(name))!;

  it('says each car at a glance from the mirror', async () => {
    await renderApp('/my-cars');
    const bleue = await card('Bleue');
    await waitFor(() => expect(within(bleue).getByText('5.4 L/100 km')).toBeTruthy());
    expect(within(bleue).getByText('11,400 km')).toBeTruthy();
    expect(within(bleue).getByText('Next: Insurance renewal, May 1, 2030')).toBeTruthy();
    expect(within(bleue).getByText('Last fill-up Mar 1, 2026')).toBeTruthy();
    const delta = await card('Lancia Delta');
    expect(within(delta).getByText('No mileage yet')).toBeTruthy();
    expect(within(delta).queryByText(/Last fill-up/)).toBeNull();
    expect(within(delta).queryByText(/Next:/)).toBeNull();
  });

  it('offers the fill-up on the cards of the cars I may log on, not on one I only see', async () => {
    const { router } = await renderApp('/my-cars');
    const bleue = await card('Bleue');
    const fillUp = within(bleue).getByRole('link', { name: 'Fill-up' });
    expect(fillUp.getAttribute('href')).toBe(`/car/${CAR_ID}/fill-up`);
    expect(within(await card('Lancia Delta')).getByRole('link', { name: 'Fill-up' })).toBeTruthy();
    expect(within(await card('Fiat Panda')).queryByRole('link', { name: 'Fill-up' })).toBeNull();
    fireEvent.click(fillUp);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/car/${CAR_ID}/fill-up`));
  });

  it("opens the car's home from its card", async () => {
    const { router } = await renderApp('/my-cars');
    const bleue = await card('Bleue');
    const open = within(bleue).getByRole('link', { name: 'Open Bleue' });
    expect(open.getAttribute('href')).toBe(`/car/${CAR_ID}`);
    fireEvent.click(open);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/car/${CAR_ID}`));
    expect(await screen.findByRole('navigation', { name: 'Car sections' })).toBeTruthy();
  });
});
