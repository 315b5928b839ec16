// The open feed and its socket: a post a friend wrote while this device had no socket (before its
// first connection, or while it was away) sent no event here; the connection asks the first page
// again. A socket already connected when the feed opens adds nothing to the feed's own first ask.
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { socketStatus as socket } from '@/testing/realtime-status-double';
import { db } from '@/lib/db';
import { FAKE_ME_USER, installPostsServer } from '@/features/posts/testing/fake-posts-server';
import { signedInDataPerTest } from '@/testing/signed-in-app';
import { useFeedRefresh } from './index';

vi.mock(
  '@/lib/realtime/socket',
  async () => (await import('@/testing/realtime-status-double')).realtimeStatusModule,
);

signedInDataPerTest('feed-connect-test', FAKE_ME_USER);

const feedAsks = (server: ReturnType<typeof installPostsServer>) =>
  server.requests.filter((r) => r.method === 'GET' && r.path === '/posts/feed').length;

describe('the open feed when its socket connects', () => {
  it("asks the first page again on each new connection: a friend's post written meanwhile shows", async () => {
    socket.set('connecting');
    const server = installPostsServer();
    server.addPost({ content: '<p>Before</p>' });
    const { unmount } = renderHook(() => useFeedRefresh());
    await waitFor(async () => expect(await db.posts.count()).toBe(1));
    expect(feedAsks(server)).toBe(1);

    // Written before this device's socket connected: no event reaches it.
    const missed = server.addPost({ content: '<p>Written in the gap</p>' });
    socket.set('connected');
    await waitFor(async () => expect(await db.posts.get(missed.id)).toBeDefined());
    expect(feedAsks(server)).toBe(2);

    // Away and back: asked once more.
    socket.set('disconnected');
    const whileAway = server.addPost({ content: '<p>While away</p>' });
    socket.set('connected');
    await waitFor(async () => expect(await db.posts.get(whileAway.id)).toBeDefined());
    expect(feedAsks(server)).toBe(3);
    unmount();
  });

  it('a socket already connected when the feed opens: the first page is asked once', async () => {
    socket.set('connected');
    const server = installPostsServer();
    server.addPost();
    const { unmount } = renderHook(() => useFeedRefresh());
    await waitFor(async () => expect(await db.posts.count()).toBe(1));
    expect(feedAsks(server)).toBe(1);
    unmount();
  });
});
