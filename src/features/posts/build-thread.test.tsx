// The car page's "Build thread": the posts about the car from the server, oldest first,
// with their log cards; a helpful empty state for my own car; a problem line when offline.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '@/testing/session-mock';
import { renderApp } from '@/testing/test-utils';
import { CAR_ID, makeCar, putCar, stubObjectUrls } from '@/features/garage/testing/garage-fixtures';
import { type FakePostsServer, postsScreensPerTest } from '@/features/posts/testing/posts-screen-test';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.mock('@/app/sync-lifecycle', async () => (await import('@/testing/sync-lifecycle-off')).syncLifecycleOff);
vi.mock(
  '@/lib/offline/shell-settled',
  async () => (await import('@/testing/shell-settled-at-once')).shellSettledAtOnce,
);
vi.mock('@/lib/media/avatar-url', () => ({ useAvatarUrl: () => undefined }));

let server: FakePostsServer;
postsScreensPerTest(
  'build-thread',
  (s) => {
    server = s;
    stubObjectUrls();
  },
  { me: { ...TEST_USER, avatar: null } },
);

const thread = () => screen.findByRole('region', { name: 'Build thread' });

describe("a car's build thread", () => {
  it('lists the posts about the car oldest first, with their log cards', async () => {
    await putCar(makeCar());
    server.addPost({
      content: '<p>Stripped to bare metal</p>',
      carId: CAR_ID,
      createdAt: '2025-01-01T10:00:00.000Z',
    });
    server.addPost({
      content: '<p>Paint is on</p>',
      carId: CAR_ID,
      createdAt: '2025-03-01T10:00:00.000Z',
      carLog: {
        id: 'aaaaaaaa-0000-4000-8000-000000000009',
        carId: CAR_ID,
        type: 'modification',
        title: 'Respray',
        mileage: null,
        mileageUnit: 'km',
        startDate: '2025-03-01',
        photos: [],
        showCost: false,
      },
    });
    server.addPost({ content: '<p>Another car</p>', carId: null });
    await renderApp(`/car/${CAR_ID}`);
    const region = await thread();
    await waitFor(() => expect(within(region).getAllByRole('article')).toHaveLength(2));
    const texts = within(region)
      .getAllByRole('article')
      .map((a) => a.querySelector('.post-card__content')?.textContent);
    expect(texts).toEqual(['Stripped to bare metal', 'Paint is on']);
    expect(within(region).getByRole('link', { name: 'Respray' })).toBeTruthy();
    expect(server.pages(`/cars/${CAR_ID}/build-thread`)[0]).toBe('20/0');
  });

  it('says how to start one on my own car when it is empty', async () => {
    await putCar(makeCar());
    await renderApp(`/car/${CAR_ID}`);
    const region = await thread();
    expect(await within(region).findByText('No build thread yet')).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'Open my logs' })).toBeTruthy();
  });

  it('says it needs a connection offline', async () => {
    server.setOffline(true);
    await putCar(makeCar());
    await renderApp(`/car/${CAR_ID}`);
    const region = await thread();
    expect(await within(region).findByText('The build thread needs a connection.')).toBeTruthy();
  });
});
