// A post's image opens the photo viewer (full screen, zoomable), read from the media cache; a
// post about one of my cars names it and links to it.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '@/testing/session-mock';
import { renderApp } from '@/testing/test-utils';
import { db } from '@/lib/db';
import { FAKE_FRIEND } from '@/features/posts/testing/fake-posts-server';
import { CAR_ID, makeCar, putCar, stubObjectUrls } from '@/features/garage/testing/garage-fixtures';
import { makePost, putLocalPost } from '@/features/posts/testing/post-fixtures';
import { postsScreensPerTest } from '@/features/posts/testing/posts-screen-test';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.mock('@/app/sync-lifecycle', async () => (await import('@/testing/sync-lifecycle-off')).syncLifecycleOff);
vi.mock(
  '@/lib/offline/shell-settled',
  async () => (await import('@/testing/shell-settled-at-once')).shellSettledAtOnce,
);
vi.mock('@/lib/media/avatar-url', () => ({ useAvatarUrl: () => undefined }));

const IMAGE = '/api/v1.0/media/bbbbbbbb-0000-4000-8000-000000000001';

postsScreensPerTest(
  'post-photo',
  (server) => {
    server.setOffline(true);
    stubObjectUrls();
  },
  { me: { ...TEST_USER, avatar: null } },
);

describe("a post's photos", () => {
  it('open full screen as a set: a swipe, the arrows and the keys walk it, offline from the media cache', async () => {
    const SECOND = '/api/v1.0/media/bbbbbbbb-0000-4000-8000-000000000002';
    for (const url of [IMAGE, SECOND])
      await db.mediaCache.put({ url, blob: new Blob(['img'], { type: 'image/webp' }), cachedAt: Date.now() });
    await putLocalPost(FAKE_FRIEND, {
      id: 'p1',
      content: '<p>Look</p>',
      images: [
        { id: 'bbbbbbbb-0000-4000-8000-000000000001', url: IMAGE, width: 800, height: 600 },
        { id: 'bbbbbbbb-0000-4000-8000-000000000002', url: SECOND, width: 600, height: 900 },
      ],
      image: IMAGE,
      imageWidth: 800,
      imageHeight: 600,
    });
    await renderApp('/feed');
    const card = await screen.findByRole('article', { name: 'Post by Bob Brown' });
    // Each photo's room is reserved from its stored size before it loads.
    const first = within(card).getByRole('button', { name: 'Open Attached photo 1 of the post full screen' });
    const second = within(card).getByRole('button', {
      name: 'Open Attached photo 2 of the post full screen',
    });
    expect(first.style.aspectRatio).toBe('800 / 600');
    expect(second.style.aspectRatio).toBe('600 / 900');
    fireEvent.click(first);
    const dialog = await screen.findByRole('dialog', { name: 'Post by Bob Brown' });
    expect(within(dialog).getByText('Photo 1 of 2')).toBeTruthy();
    expect(
      (await within(dialog).findByRole('img', { name: 'Attached photo 1 of the post' })).getAttribute('src'),
    ).toMatch(/^blob:/);
    const stage = within(dialog).getByTestId('photo-viewer-stage');
    fireEvent.pointerDown(stage, { pointerId: 1, pointerType: 'touch', clientX: 300, clientY: 200 });
    fireEvent.pointerUp(stage, { pointerId: 1, pointerType: 'touch', clientX: 150, clientY: 205 });
    expect(within(dialog).getByText('Photo 2 of 2')).toBeTruthy();
    expect(await within(dialog).findByRole('img', { name: 'Attached photo 2 of the post' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(within(dialog).getByText('Photo 1 of 2')).toBeTruthy();
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Close the photo' }), { key: 'ArrowLeft' });
    expect(within(dialog).getByText('Photo 2 of 2')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(within(dialog).getByText('Zoom 150%')).toBeTruthy();
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Close the photo' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('an older row with only `image` still shows it', async () => {
    await db.mediaCache.put({
      url: IMAGE,
      blob: new Blob(['img'], { type: 'image/webp' }),
      cachedAt: Date.now(),
    });
    const { images: _none, ...older } = makePost(FAKE_FRIEND, '2026-03-01T10:00:00.000Z', {
      id: 'p0',
      image: IMAGE,
      imageWidth: 800,
      imageHeight: 600,
    });
    await db.posts.put(older as never);
    await renderApp('/feed');
    const card = await screen.findByRole('article', { name: 'Post by Bob Brown' });
    expect(
      within(card).getByRole('button', { name: 'Open Attached photo 1 of the post full screen' }).style
        .aspectRatio,
    ).toBe('800 / 600');
  });
});

describe("the images in a post's text", () => {
  it("open the viewer on Enter or a click, with the set of the post's photos, and give focus back", async () => {
    const TEXT_1 = '/api/v1.0/media/bbbbbbbb-0000-4000-8000-000000000011';
    const TEXT_2 = '/api/v1.0/media/bbbbbbbb-0000-4000-8000-000000000012';
    for (const url of [TEXT_1, TEXT_2, IMAGE])
      await db.mediaCache.put({ url, blob: new Blob(['img'], { type: 'image/webp' }), cachedAt: Date.now() });
    await putLocalPost(FAKE_FRIEND, {
      id: 'p3',
      content: `<p>Before</p><p><img src="${TEXT_1}"></p><p>After</p><p><img src="${TEXT_2}"></p>`,
      images: [{ id: 'bbbbbbbb-0000-4000-8000-000000000001', url: IMAGE, width: 800, height: 600 }],
      image: IMAGE,
      imageWidth: 800,
      imageHeight: 600,
    });
    await renderApp('/feed');
    const card = await screen.findByRole('article', { name: 'Post by Bob Brown' });
    const second = await within(card).findByRole('button', { name: 'Open photo 2 of the post full screen' });
    expect(second.getAttribute('tabindex')).toBe('0');
    second.focus();
    fireEvent.keyDown(second, { key: 'Enter' });
    const dialog = await screen.findByRole('dialog', { name: 'Post by Bob Brown' });
    // The text's two photos, then the post's image.
    expect(within(dialog).getByText('Photo 2 of 3')).toBeTruthy();
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Close the photo' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(second);

    fireEvent.click(within(card).getByRole('button', { name: 'Open photo 1 of the post full screen' }));
    const again = await screen.findByRole('dialog', { name: 'Post by Bob Brown' });
    expect(within(again).getByText('Photo 1 of 3')).toBeTruthy();
  });
});

describe("a post's car", () => {
  it('is named on the card and links to the car, offline from this device', async () => {
    await putCar(makeCar());
    await putLocalPost(FAKE_FRIEND, { id: 'p2', content: '<p>Sunday drive</p>', carId: CAR_ID });
    await renderApp('/feed');
    const card = await screen.findByRole('article', { name: 'Post by Bob Brown' });
    const link = await within(card).findByRole('link', { name: 'About: Bleue' });
    expect(link.getAttribute('href')).toBe(`/car/${CAR_ID}`);
  });
});
