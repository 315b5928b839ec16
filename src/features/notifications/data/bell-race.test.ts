// The bell race: a tapped notification's own read mark (PUT /notifications/{id}/read)
// and the opened item's read-related call (POST /notifications/read-related) in flight together.
// The server takes the read mark first, but its answer comes back last: its unreadCount is older
// than the read-related one. The bell must end at the server's figure, not one too high.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db';
import { createReplayer } from '@/lib/outbox';
import { queryClient } from '@/lib/query/query-client';
import { getNotifications, type NotificationPages } from '../api/get-notifications';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { markRelatedRead } from '../api/mark-related-read';
import { notificationKeys } from '../api/notification-keys';
import { notification } from '../testing/fake-notifications-server';
import { notificationsDataPerTest, type NotificationsServer } from '../testing/notifications-data-test';

let server: NotificationsServer;
notificationsDataPerTest('notifications-race', (s) => (server = s));

const POST = '11111111-0000-4000-8000-000000000009';
const count = () => queryClient.getQueryData<number>(notificationKeys.unreadCount());
const wrapper = ({ children }: { children: ReactNode }) =>
  createElement(QueryClientProvider, { client: queryClient }, children);

/** The server answers the read mark only after the read-related answer has been delivered. */
function readMarkAnswersLast() {
  const inner = globalThis.fetch;
  let release!: () => void;
  const relatedAnswered = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await inner(input, init); // the server has acted on it
    const url = String(input instanceof Request ? input.url : input);
    if (init?.method === 'PUT' && url.endsWith('/read')) await relatedAnswered;
    if (url.endsWith('/notifications/read-related')) setTimeout(release, 0);
    return response;
  });
}

describe('the bell race', () => {
  it('a tapped notification and its opened item both marking read: the bell ends at the server figure', async () => {
    const comment = notification(
      'comment',
      { relatedPostId: POST, relatedCommentId: 'k1' },
      { minutesAgo: 1 },
    );
    const like = notification('post', { relatedPostId: POST, action: 'liked' }, { minutesAgo: 2 });
    const elsewhere = notification('message', { relatedMessageId: 'm9' }, { minutesAgo: 3 });
    server.add(comment, like, elsewhere);
    const page = await getNotifications(1, false);
    queryClient.setQueryData<NotificationPages>(notificationKeys.list(false), {
      pages: [page],
      pageParams: [1],
    });
    queryClient.setQueryData(notificationKeys.unreadCount(), 3);
    readMarkAnswersLast();

    // The member taps the comment's notification; the post opens and reads its notifications.
    const { result } = renderHook(() => useMarkNotificationRead(), { wrapper });
    act(() => result.current.mutate(comment.id));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    await markRelatedRead(queryClient, 'post', POST);
    expect(count()).toBe(1); // at once, here

    await act(() => createReplayer({ random: () => 0, refresh: vi.fn() }).replay());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(server.to('PUT', `/notifications/${comment.id}/read`)).toHaveLength(1);
    expect(server.to('POST', '/notifications/read-related')).toHaveLength(1);
    expect([...server.notifications.values()].filter((n) => !n.isRead)).toHaveLength(1);
    // Not the read mark's older figure (2): the server's count now, 1.
    await waitFor(() => expect(count()).toBe(1));
    // Once nothing is in flight any more (no mutation, no fetch), the figure stays the server's.
    await waitFor(() => expect(queryClient.isMutating() + queryClient.isFetching()).toBe(0));
    expect(count()).toBe(1);
  });
});
