// The "Offline — showing the data saved on this device" banners go away by themselves once the
// connection returns: the browser's `online` event, or any request (or the socket) reaching the
// server again, refreshes the screens that show a stale copy (src/lib/network/reachability.ts).
import { act, configure, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { chatMember, installChatServer } from '@/features/chat/testing/fake-chat-server';
import { installGarageServer } from '@/features/garage/testing/fake-garage-server';
import { bareCar } from '@/features/garage/testing/garage-fixtures';
import { signedInAppPerTest } from '@/testing/signed-in-app';
import { installPostsServer } from '@/features/posts/testing/fake-posts-server';
import { appOutboxHandlers } from '@/app/outbox-handlers';
import { api } from '@/lib/http/api-client';
import { db } from '@/lib/db';
import { registerOutboxHandlers } from '@/lib/outbox';
import { TEST_USER } from '@/testing/session-mock';
import { renderApp } from '@/testing/test-utils';

beforeAll(() => registerOutboxHandlers(...appOutboxHandlers));
vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.mock('@/app/sync-lifecycle', async () => (await import('@/testing/sync-lifecycle-off')).syncLifecycleOff);
vi.mock(
  '@/lib/offline/shell-settled',
  async () => (await import('@/testing/shell-settled-at-once')).shellSettledAtOnce,
);
vi.mock('@/lib/media/avatar-url', () => ({ useAvatarUrl: () => undefined }));
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

signedInAppPerTest('connection-back');

const comesBackOnline = () => act(() => void window.dispatchEvent(new Event('online')));

const alpine = () => bareCar({ ownerId: TEST_USER.id });

describe('the offline banners clear when the connection returns', () => {
  it('garage: on the online event', async () => {
    const server = installGarageServer({ ownerId: TEST_USER.id });
    const car = alpine();
    server.cars.set(car.id, car);
    await db.cars.put(car as never);
    server.setOffline(true);
    await renderApp('/my-cars');
    const banner = 'Offline — showing the data saved on this device.';
    expect(await screen.findByText(banner)).toBeTruthy();
    server.setOffline(false);
    comesBackOnline();
    await waitFor(() => expect(screen.queryByText(banner)).toBeNull());
  });

  it('feed: when another request reaches the server again (the browser never said offline)', async () => {
    const server = installPostsServer();
    server.setOffline(true);
    await renderApp('/feed');
    const banner = 'You are offline: showing the posts saved on this device.';
    expect(await screen.findByText(banner)).toBeTruthy();
    server.setOffline(false);
    await act(async () => void (await api.get('/posts/feed')));
    await waitFor(() => expect(screen.queryByText(banner)).toBeNull());
  });

  it('chat: on the online event', async () => {
    const server = installChatServer({ me: chatMember({ id: TEST_USER.id, username: 'jane' }) });
    server.setOffline(true);
    await renderApp('/my-chat-groups');
    const banner = 'You are offline: these are the conversations kept on this device.';
    expect(await screen.findByText(banner)).toBeTruthy();
    server.setOffline(false);
    comesBackOnline();
    await waitFor(() => expect(screen.queryByText(banner)).toBeNull());
  });
});
