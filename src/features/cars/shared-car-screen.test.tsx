// A car shared with me shows its owner's name and my role, and only the buttons my
// role allows; its "Shared with" lists the owner and lets me leave.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { CAR_ID, makeCar, putCar } from '@/features/garage/testing/garage-fixtures';
import { garageScreenHooks } from '@/features/garage/testing/garage-screen';
import { installFetch, ok } from '@/testing/fetch';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.setConfig({ testTimeout: 30_000 });

const OWNER_ID = '66666666-6666-4666-8666-666666666666';
const owner = {
  carId: CAR_ID,
  userId: OWNER_ID,
  username: 'alice',
  firstName: 'Alice',
  lastName: 'Martin',
  avatar: null,
  role: 'owner',
  status: 'accepted',
  invitedBy: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  answeredAt: null,
};

describe('a car shared with me', () => {
  garageScreenHooks({ offline: false });

  it.each([
    ['viewer', 'Viewer', false],
    ['driver', 'Driver', true],
  ] as const)(
    'as %s: its owner and my role, no car edits, logs only for a driver',
    async (role, label, adds) => {
      await putCar(makeCar({ ownerId: OWNER_ID, role, ownerName: 'Alice Martin' }));
      installFetch({ [`GET /api/v1.0/cars/${CAR_ID}/members`]: () => ok([owner]) });
      await renderApp('/my-cars');
      expect((await screen.findAllByText(`Shared by Alice Martin · ${label}`)).length).toBeGreaterThan(0);
      expect(screen.queryByRole('link', { name: 'Edit the car' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Delete the car' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Add a log' }) !== null).toBe(adds);
      expect(screen.queryByRole('link', { name: /Add a reminder/ })).toBeNull();
      expect(await screen.findByRole('button', { name: 'Leave this car' })).toBeTruthy();
      expect(await screen.findByText('Alice Martin')).toBeTruthy();
    },
  );

  it('as its owner: edit, delete, add a log, and no leaving', async () => {
    await putCar(makeCar({ role: 'owner' }));
    installFetch({ [`GET /api/v1.0/cars/${CAR_ID}/members`]: () => ok([{ ...owner, userId: 'me' }]) });
    await renderApp('/my-cars');
    expect(await screen.findByRole('link', { name: 'Edit the car' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete the car' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a log' })).toBeTruthy();
    expect(await screen.findByText('Nobody else shares this car yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave this car' })).toBeNull();
  });
});
