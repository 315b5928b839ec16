// "Share to the feed" (build threads): the log's read view links to the post composer,
// which previews the log's card with a "Show the cost" choice (off by default); offline, the post is
// saved on this device with its card and sent once through the outbox when the network is back.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { createReplayer } from '@/lib/outbox';
import { CAR_ID, LOG_ID, makeCar, makeLog, putCar, putLog } from '@/features/garage/testing/garage-fixtures';
import { type FakePostsServer, postsScreensPerTest } from '@/features/posts/testing/posts-screen-test';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.mock('@/app/sync-lifecycle', async () => (await import('@/testing/sync-lifecycle-off')).syncLifecycleOff);
vi.mock(
  '@/lib/offline/shell-settled',
  async () => (await import('@/testing/shell-settled-at-once')).shellSettledAtOnce,
);
vi.mock('@/lib/media/avatar-url', () => ({ useAvatarUrl: () => undefined }));

let server: FakePostsServer;
postsScreensPerTest('share-log', (s) => (server = s));

const replay = () => createReplayer({ random: () => 0, refresh: vi.fn() }).replay();

describe('sharing a log to the feed', () => {
  it("the log's read view offers it", async () => {
    server.setOffline(true);
    await putCar(makeCar());
    await putLog(makeLog());
    await renderApp(`/my-cars/${CAR_ID}/logs/${LOG_ID}`);
    const share = await screen.findByRole('link', { name: 'Share to the feed' });
    expect(share.getAttribute('href')).toBe(`/create-post?carLogId=${LOG_ID}`);
  });

  it('previews the card, shows the cost only when ticked, and goes through the outbox offline', async () => {
    server.setOffline(true);
    await putCar(makeCar());
    await putLog(makeLog());
    const { router } = await renderApp(`/create-post?carLogId=${LOG_ID}`);
    const preview = await screen.findByTestId('post-log-card');
    expect(within(preview).getByText('Oil change')).toBeTruthy();
    expect(within(preview).queryByText(/Cost:/)).toBeNull();
    const showCost = screen.getByRole('checkbox', { name: 'Show the cost' });
    expect((showCost as HTMLInputElement).checked).toBe(false);
    fireEvent.click(showCost);
    expect(within(preview).getByText('Cost: €120.50')).toBeTruthy();

    // The card is the post's content: no text needed.
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    const card = await screen.findByRole('article', { name: 'Post by Jane Doe' });
    expect(within(card).getByText('Waiting to be sent')).toBeTruthy();
    const shown = within(card).getByTestId('post-log-card');
    expect(within(shown).getByText('Oil change')).toBeTruthy();
    expect(within(shown).getByText('Cost: €120.50')).toBeTruthy();

    server.setOffline(false);
    await act(async () => {
      await replay();
    });
    const writes = server.writes();
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /posts']);
    expect(writes[0]!.body).toMatchObject({ carLogId: LOG_ID, showCost: true, carId: CAR_ID, content: '' });
  });
});
