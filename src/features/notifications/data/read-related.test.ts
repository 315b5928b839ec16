// Opening an item marks its notifications read on every device. The bell and the list
// change here at once; POST /notifications/read-related goes through the outbox (offline too,
// sent exactly once), and only when this device lists an unread notification about the item.
import { describe, expect, it, vi } from 'vitest';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { createReplayer } from '@/lib/outbox';
import { queryClient } from '@/lib/query/query-client';
import { flattenPages, getNotifications, type NotificationPages } from '../api/get-notifications';
import { markRelatedRead } from '../api/mark-related-read';
import { notificationKeys } from '../api/notification-keys';
import { notification } from '../testing/fake-notifications-server';
import { notificationsDataPerTest, type NotificationsServer } from '../testing/notifications-data-test';
import { overNotificationPage } from './writes';

let name = '';
let server: NotificationsServer;
notificationsDataPerTest('notifications-related', (s, n) => {
  server = s;
  name = n;
});

const POST = '11111111-0000-4000-8000-000000000001';
const OTHER_POST = '11111111-0000-4000-8000-000000000002';

const offline = (value: boolean) => {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(!value);
  server.state.offline = value;
};
const replay = () => createReplayer({ random: () => 0, refresh: vi.fn() }).replay();

/** What this device lists and counts, as the bell and the screen had it before. */
async function cacheFromServer() {
  const page = await getNotifications(1, false);
  queryClient.setQueryData<NotificationPages>(notificationKeys.list(false), {
    pages: [page],
    pageParams: [1],
  });
  queryClient.setQueryData(notificationKeys.unreadCount(), page.items.filter((n) => !n.isRead).length);
}
const listed = () => flattenPages(queryClient.getQueryData<NotificationPages>(notificationKeys.list(false)));
const count = () => queryClient.getQueryData<number>(notificationKeys.unreadCount());

describe('opening an item marks its notifications read', () => {
  it('with unread ones listed: read at once here, one entry, sent exactly once after a reload offline', async () => {
    const like = notification('post', { relatedPostId: POST, action: 'liked' }, { minutesAgo: 1 });
    const comment = notification(
      'comment',
      { relatedPostId: POST, relatedCommentId: 'k1' },
      { minutesAgo: 2 },
    );
    const elsewhere = notification('post', { relatedPostId: OTHER_POST, action: 'liked' }, { minutesAgo: 3 });
    server.add(like, comment, elsewhere);
    await cacheFromServer();
    expect(count()).toBe(3);

    offline(true);
    await expect(markRelatedRead(queryClient, 'post', POST)).resolves.toBe(true);
    expect(listed().map((n) => [n.id, n.isRead])).toEqual([
      [like.id, true],
      [comment.id, true],
      [elsewhere.id, false],
    ]);
    expect(count()).toBe(1);
    // Opened again (another visit): nothing unread about it here, no second entry.
    await expect(markRelatedRead(queryClient, 'post', POST)).resolves.toBe(false);
    const queued = await db.outbox.toArray();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      kind: 'notification.readRelated',
      method: 'POST',
      path: '/notifications/read-related',
      body: { type: 'json', json: { relatedType: 'post', relatedId: POST } },
    });

    // A reload: the server still lists them unread; what shows has the queued mark laid over it.
    db.close();
    resetLocalDatabaseForTests(name);
    offline(false);
    const page = await overNotificationPage(await getNotifications(1, false));
    expect(page.items.map((n) => n.isRead)).toEqual([true, true, false]);

    await replay();
    await replay();
    expect(server.to('POST', '/notifications/read-related')).toHaveLength(1);
    expect(server.notifications.get(like.id)?.isRead).toBe(true);
    expect(server.notifications.get(elsewhere.id)?.isRead).toBe(false);
    expect(await db.outbox.count()).toBe(0);
    expect(count()).toBe(1); // the server's answer
  });

  it('nothing unread about the item here: no entry, no request (no outbox entry per page view)', async () => {
    server.add(
      notification('post', { relatedPostId: POST, action: 'liked' }, { isRead: true }),
      notification('post', { relatedPostId: OTHER_POST, action: 'liked' }),
    );
    await cacheFromServer();
    await expect(markRelatedRead(queryClient, 'post', POST)).resolves.toBe(false);
    await expect(markRelatedRead(queryClient, 'message', POST)).resolves.toBe(false);
    expect(await db.outbox.count()).toBe(0);
    expect(count()).toBe(1);
    await replay();
    expect(server.to('POST', '/notifications/read-related')).toHaveLength(0);
  });

  it('friend matches only the friend notifications about that member', async () => {
    const member = '22222222-0000-4000-8000-000000000001';
    const request = notification('friend', { relatedFriendId: member, action: 'requested' });
    const message = notification('message', { relatedMessageId: 'm1', relatedFriendId: member });
    server.add(request, message);
    await cacheFromServer();
    await expect(markRelatedRead(queryClient, 'friend', member)).resolves.toBe(true);
    expect(listed().find((n) => n.id === request.id)?.isRead).toBe(true);
    expect(listed().find((n) => n.id === message.id)?.isRead).toBe(false);
    expect(count()).toBe(1);
  });
});
