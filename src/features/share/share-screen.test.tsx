// Sharing a photo from the phone into Paddock: the service worker kept it (share-inbox.ts), the
// /share screen shows it and offers a new post or a log of one of my cars; either composer starts
// with the photo, saves offline through the outbox, and the share is forgotten once used.
import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CAR_ID, makeCar, putCar } from '@/features/garage/testing/garage-fixtures';
import { garageScreenHooks } from '@/features/garage/testing/garage-screen';
import { db } from '@/lib/db';
import { readShare, saveShare } from '@/lib/share/share-inbox';
import { takeDeepLink } from '@/lib/auth/deep-link';
import { setSignedIn } from '@/testing/session-mock';
import { renderApp } from '@/testing/test-utils';
import { sharedPostContent } from './use-shared-item';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.mock('@/app/sync-lifecycle', async () => (await import('@/testing/sync-lifecycle-off')).syncLifecycleOff);
vi.mock(
  '@/lib/offline/shell-settled',
  async () => (await import('@/testing/shell-settled-at-once')).shellSettledAtOnce,
);
vi.mock('@/lib/media/avatar-url', () => ({ useAvatarUrl: () => undefined }));

vi.setConfig({ testTimeout: 30_000 });

const photo = () => new NodeFile(['jpeg'], 'receipt.jpg', { type: 'image/jpeg' }) as unknown as File;

async function share(): Promise<string> {
  // Files read back from the inbox are made with the runtime's File, which IndexedDB can clone.
  vi.stubGlobal('File', NodeFile);
  return saveShare({
    title: '',
    text: 'New tyres fitted',
    url: 'https://example.com/tyres',
    files: [photo()],
  });
}

describe('sharing into Paddock', () => {
  garageScreenHooks({ seed: () => putCar(makeCar({ nickname: 'Blue' })) });

  it('shows the shared photo and words, and offers a new post or a log of one of my cars', async () => {
    const id = await share();
    await renderApp(`/share?id=${id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Share into Paddock' })).toBeTruthy();
    const photos = await screen.findByRole('list', { name: '1 shared photo' });
    const img = within(photos).getByRole('img', { name: 'Shared photo 1' });
    // Its size is reserved before it loads.
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['96', '96']);
    expect(screen.getByText('New tyres fitted')).toBeTruthy();
    expect(screen.getByText('https://example.com/tyres')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New post' }).getAttribute('href')).toBe(
      `/create-post?share=${id}`,
    );
    expect((await screen.findByRole('link', { name: 'A log of Blue' })).getAttribute('href')).toBe(
      `/new-car-log/${CAR_ID}?share=${id}`,
    );
  });

  it('a share used, discarded or past its 24 hours: says there is nothing to share', async () => {
    await renderApp('/share?id=gone');
    expect(await screen.findByRole('heading', { name: 'Nothing to share' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the feed' })).toBeTruthy();
  });

  it('signed out: the member signs in first and is brought back to the share', async () => {
    const id = await share();
    setSignedIn(false);
    const { router } = await renderApp(`/share?id=${id}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(takeDeepLink()).toBe(`/share?id=${id}`);
    // The share waits on this device meanwhile.
    expect(await readShare(id)).not.toBeNull();
  });

  it('"Discard" forgets the share', async () => {
    const id = await share();
    const { router } = await renderApp(`/share?id=${id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    await waitFor(async () => expect(await readShare(id)).toBeNull());
  });

  it('a log of my car: the photo attached as its receipt, saved offline, the share then forgotten', async () => {
    const id = await share();
    const { router } = await renderApp(`/share?id=${id}`);
    fireEvent.click(await screen.findByRole('link', { name: 'A log of Blue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New log entry' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'receipt.jpg' })).toBeTruthy();
    expect(((await screen.findByLabelText('Title')) as HTMLInputElement).value).toBe('New tyres fitted');
    await waitFor(() =>
      expect(within(screen.getByLabelText('Type')).getByRole('option', { name: 'Repair' })).toBeTruthy(),
    );
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'repair' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the entry' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cars'));
    const [log] = await db.carLogs.toArray();
    expect(log).toMatchObject({ carId: CAR_ID, title: 'New tyres fitted' });
    expect(log!.media.map((m) => m.kind)).toEqual(['image']);
    expect(await db.mediaBlobs.count()).toBe(1);
    expect((await db.outbox.toArray()).map((e) => [e.method, e.path])).toEqual([
      ['POST', '/car-logs/with-media'],
    ]);
    await waitFor(async () => expect(await readShare(id)).toBeNull());
  });

  it('a new post: the words and the photo in the composer, queued offline, the share then forgotten', async () => {
    const id = await share();
    const { router } = await renderApp(`/share?id=${id}`);
    fireEvent.click(await screen.findByRole('link', { name: 'New post' }));
    expect(await screen.findByRole('img', { name: 'Photo 1' })).toBeTruthy();
    const editor = await screen.findByRole('textbox', { name: 'Your post' }, { timeout: 10_000 });
    await waitFor(() => expect(editor.textContent).toContain('New tyres fitted'));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    const [entry] = await db.outbox.toArray();
    expect([entry?.method, entry?.path]).toEqual(['POST', '/posts/with-image']);
    await waitFor(async () => expect(await readShare(id)).toBeNull());
  });

  it("the post's rich text: one paragraph a line, the link as a link, everything escaped", () => {
    expect(
      sharedPostContent({ title: 'Look <b>', text: 'Line 1\nLine 2', url: 'https://x.test/a?b=1&c=2' }),
    ).toBe(
      '<p>Look &lt;b&gt;</p><p>Line 1</p><p>Line 2</p><p><a href="https://x.test/a?b=1&amp;c=2">https://x.test/a?b=1&amp;c=2</a></p>',
    );
    // A link already in the text is not repeated.
    expect(sharedPostContent({ title: '', text: 'See https://x.test', url: 'https://x.test' })).toBe(
      '<p>See https://x.test</p>',
    );
  });
});
