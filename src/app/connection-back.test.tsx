// The "Offline — showing the data saved on this device" banners go away by themselves once the
// connection returns: the browser's `online` event, or any request (or the socket) reaching the
// server again, refreshes the screens that show a stale copy (src/lib/reachability.ts).
import { act, cleanup, configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Car } from '@/contract/garage';
import { chatMember, installChatServer } from '@/features/chat/testing/fake-chat-server';
import { installGarageServer } from '@/features/garage/testing/fake-garage-server';
import { installPostsServer } from '@/features/posts/testing/fake-posts-server';
import { appOutboxHandlers } from '@/app/outbox-handlers';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/auth/session-store';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { registerOutboxHandlers } from '@/lib/outbox';
import { signedIn } from '@/testing/api-client';
import { setSignedIn, TEST_USER } from '@/testing/session-mock';
import { activateCatalog, renderApp } from '@/testing/test-utils';

beforeAll(() => registerOutboxHandlers(...appOutboxHandlers));
vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.mock('@/app/sync-lifecycle', () => ({
  startSignedInSync: vi.fn(async () => undefined),
  stopSignedInSync: vi.fn(),
  isSyncWanted: () => false,
}));
vi.mock('@/lib/offline/shell-settled', () => ({ shellSettled: () => Promise.resolve() }));
vi.mock('@/features/people/avatar/use-avatar-url', () => ({ useAvatarUrl: () => undefined }));
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

let dbCount = 0;
beforeEach(() => {
  dbCount += 1;
  resetLocalDatabaseForTests(`connection-back-${dbCount}-${Math.random().toString(36).slice(2)}`);
  signedIn();
  setSignedIn(true);
  sessionStore.setState({ status: 'signedIn', user: TEST_USER, isAuthReady: true });
  activateCatalog('en-US');
});
afterEach(async () => {
  cleanup();
  await act(async () => new Promise((resolve) => setTimeout(resolve, 100)));
  db.close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStore.reset();
});

const comesBackOnline = () => act(() => void window.dispatchEvent(new Event('online')));

function alpine(): Car {
  const at = '2025-01-01T00:00:00.000Z';
  return {
    id: crypto.randomUUID(),
    ownerId: TEST_USER.id,
    make: 'Alpine',
    model: 'A110',
    year: 2019,
    nickname: null,
    energyType: null,
    gearboxType: null,
    upholsteryMaterial: null,
    mileage: null,
    mileageUnit: 'km',
    description: null,
    image: null,
    createdAt: at,
    updatedAt: at,
  };
}

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
    await renderApp('/my-posts');
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
