// The bell and its socket: a notification the server stored while this device had no socket
// (before its first connection, or while it was away) sent no event here; each new connection
// asks the unread count again. A socket already connected when the bell mounts adds nothing to
// the bell's own first ask.
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query/query-client';
import { socketStatus as socket } from '@/testing/realtime-status-double';
import { useUnreadCount } from '../api/get-unread-count';
import { notification } from '../testing/fake-notifications-server';
import { notificationsDataPerTest, type NotificationsServer } from '../testing/notifications-data-test';
import { useLiveNotifications } from './use-live-notifications';

vi.mock(
  '@/lib/realtime/socket',
  async () => (await import('@/testing/realtime-status-double')).realtimeStatusModule,
);

let server: NotificationsServer;
notificationsDataPerTest('bell-connect', (s) => (server = s));

const wrapper = ({ children }: { children: ReactNode }) =>
  createElement(QueryClientProvider, { client: queryClient }, children);
const countAsks = () => server.to('GET', '/notifications/unread/count').length;

function useBell() {
  useLiveNotifications(true);
  return useUnreadCount(true).data;
}

describe('the bell when its socket connects', () => {
  it('asks the unread count again on each new connection: what was stored meanwhile counts', async () => {
    socket.set('connecting');
    server.add(notification('post', { relatedPostId: 'p1', action: 'liked' }, { minutesAgo: 5 }));
    const { result, unmount } = renderHook(useBell, { wrapper });
    await waitFor(() => expect(result.current).toBe(1));
    expect(countAsks()).toBe(1);

    // Stored before this device's socket connected: no event reaches it.
    server.add(notification('comment', { relatedPostId: 'p1', relatedCommentId: 'c1' }, { minutesAgo: 1 }));
    socket.set('connected');
    await waitFor(() => expect(result.current).toBe(2));
    expect(countAsks()).toBe(2);

    // Away and back: asked once more.
    socket.set('disconnected');
    server.add(notification('message', { relatedMessageId: 'm1' }, { minutesAgo: 0 }));
    socket.set('connected');
    await waitFor(() => expect(result.current).toBe(3));
    expect(countAsks()).toBe(3);
    unmount();
  });

  it('a socket already connected when the bell mounts: the count is asked once', async () => {
    socket.set('connected');
    server.add(notification('post', { relatedPostId: 'p1', action: 'liked' }, { minutesAgo: 5 }));
    const { result, unmount } = renderHook(useBell, { wrapper });
    await waitFor(() => expect(result.current).toBe(1));
    // A later status change to the same 'connected' (a listener's echo) adds nothing either.
    socket.set('connected');
    expect(countAsks()).toBe(1);
    unmount();
  });
});
