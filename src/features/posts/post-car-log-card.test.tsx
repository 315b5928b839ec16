// A car log shared to the feed (build threads): the post card shows the log's card (type,
// title, reading, date, photo thumbnails, the cost only when shown, a link to the car); a deleted
// log says so, and so does a log its author may no longer read; a post without a log shows no card.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Post, PostCarLog } from '@/contract/posts';
import { TEST_USER } from '@/testing/session-mock';
import { renderApp } from '@/testing/test-utils';
import { db } from '@/lib/db';
import { FAKE_FRIEND } from '@/features/posts/testing/fake-posts-server';
import { stubObjectUrls } from '@/features/garage/testing/garage-fixtures';
import { putLocalPost } from '@/features/posts/testing/post-fixtures';
import { postsScreensPerTest } from '@/features/posts/testing/posts-screen-test';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.mock('@/app/sync-lifecycle', async () => (await import('@/testing/sync-lifecycle-off')).syncLifecycleOff);
vi.mock(
  '@/lib/offline/shell-settled',
  async () => (await import('@/testing/shell-settled-at-once')).shellSettledAtOnce,
);
vi.mock('@/lib/media/avatar-url', () => ({ useAvatarUrl: () => undefined }));

const CAR = 'cccccccc-0000-4000-8000-000000000001';
const PHOTO = '/api/v1.0/media/bbbbbbbb-0000-4000-8000-000000000021';

postsScreensPerTest(
  'post-car-log-card',
  (server) => {
    server.setOffline(true);
    stubObjectUrls();
  },
  { me: { ...TEST_USER, avatar: null } },
);

const card = (overrides: Partial<PostCarLog> = {}): PostCarLog => ({
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  carId: CAR,
  type: 'repair',
  title: 'New floor pans',
  mileage: 101_000,
  mileageUnit: 'km',
  startDate: '2025-02-01',
  photos: [{ id: 'bbbbbbbb-0000-4000-8000-000000000021', url: PHOTO, width: 30, height: 20 }],
  showCost: false,
  ...overrides,
});

async function putPost(id: string, extra: Partial<Post>) {
  await putLocalPost(FAKE_FRIEND, { id, content: '<p>Progress</p>', carId: CAR, ...extra });
}

async function shownCard() {
  const post = await screen.findByRole('article', { name: 'Post by Bob Brown' });
  return within(post).findByTestId('post-log-card');
}

describe("a shared log's card in the feed", () => {
  it('shows the type, title, reading, date and photos, and links to the car; no cost unless shown', async () => {
    await db.mediaCache.put({
      url: PHOTO,
      blob: new Blob(['img'], { type: 'image/webp' }),
      cachedAt: Date.now(),
    });
    await putPost('p1', { carLog: card() });
    await renderApp('/feed');
    const shown = await shownCard();
    // The settings' label once they are loaded; the key itself before (offline here).
    expect(within(shown).getByText(/^repair$/i)).toBeTruthy();
    expect(within(shown).getByRole('link', { name: 'New floor pans' }).getAttribute('href')).toBe(
      `/car/${CAR}`,
    );
    expect(within(shown).getByText('101,000 km on the odometer')).toBeTruthy();
    expect(within(shown).getByText('Feb 1, 2025')).toBeTruthy();
    const thumb = await within(shown).findByRole('img', { name: 'Photo 1 of “New floor pans”' });
    expect(thumb.getAttribute('src')).toMatch(/^blob:/);
    expect(within(shown).queryByText(/Cost:/)).toBeNull();
  });

  it('shows the cost when the author chose to', async () => {
    await putPost('p2', { carLog: card({ showCost: true, cost: 420, currencyCode: 'EUR', photos: [] }) });
    await renderApp('/feed');
    const shown = await shownCard();
    expect(within(shown).getByText('Cost: €420.00')).toBeTruthy();
    expect(within(shown).queryByRole('img')).toBeNull();
  });

  it('says the log was deleted when the card is null', async () => {
    await putPost('p3', { carLog: null });
    await renderApp('/feed');
    expect((await shownCard()).textContent).toBe('This log has been deleted.');
  });

  it('says the log is no longer shared when its author may no longer read it', async () => {
    await putPost('p5', { carLog: null, carLogUnavailable: 'no-longer-shared' });
    await renderApp('/feed');
    expect((await shownCard()).textContent).toBe('This log is no longer shared.');
  });

  it('is absent from a post that shares no log', async () => {
    await putPost('p4', {});
    await renderApp('/feed');
    const post = await screen.findByRole('article', { name: 'Post by Bob Brown' });
    expect(within(post).getByText('Progress')).toBeTruthy();
    expect(within(post).queryByTestId('post-log-card')).toBeNull();
  });
});
