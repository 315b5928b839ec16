// Read marks and deletes of notifications go through the outbox. Made offline,
// they survive a reload, are laid over what the server lists meanwhile, and are sent exactly once
// (with their Idempotency-Key) once online; a refusal waits under "needs attention".
import { describe, expect, it, vi } from 'vitest';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { createReplayer } from '@/lib/outbox';
import { deleteNotification } from '../api/delete-notification';
import { getNotifications } from '../api/get-notifications';
import { getUnreadCount } from '../api/get-unread-count';
import { markAllNotificationsRead } from '../api/mark-all-read';
import { markNotificationRead } from '../api/mark-notification-read';
import { notification } from '../testing/fake-notifications-server';
import { notificationsDataPerTest, type NotificationsServer } from '../testing/notifications-data-test';
import { overNotificationPage, overUnreadCount } from './writes';

let name = '';
let server: NotificationsServer;
notificationsDataPerTest('notifications-writes', (s, n) => {
  server = s;
  name = n;
});

const offline = (value: boolean) => {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(!value);
  server.state.offline = value;
};
const replay = () => createReplayer({ random: () => 0, refresh: vi.fn() }).replay();
const reload = () => {
  db.close();
  resetLocalDatabaseForTests(name);
};

describe('notification writes through the outbox', () => {
  it('a read mark and a delete made offline survive a reload, show meanwhile, and are sent once', async () => {
    const read = notification('post', {}, { minutesAgo: 1 });
    const gone = notification('post', {}, { minutesAgo: 2 });
    const kept = notification('post', {}, { minutesAgo: 3 });
    server.add(read, gone, kept);
    offline(true);
    await expect(markNotificationRead(read.id)).resolves.toEqual({ sent: false });
    await expect(deleteNotification(gone.id)).resolves.toEqual({ sent: false });
    reload();
    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((e) => `${e.method} ${e.path}`)).toEqual([
      `PUT /notifications/${read.id}/read`,
      `DELETE /notifications/${gone.id}`,
    ]);

    offline(false);
    // The server has not heard of them yet; what shows has.
    const page = await overNotificationPage(await getNotifications(1, false));
    expect(page.items.map((n) => [n.id, n.isRead])).toEqual([
      [read.id, true],
      [kept.id, false],
    ]);
    expect(await overUnreadCount(await getUnreadCount())).toBe(2);

    await replay();
    await replay();
    const marks = server.to('PUT', `/notifications/${read.id}/read`);
    const deletes = server.to('DELETE', `/notifications/${gone.id}`);
    expect(marks).toHaveLength(1);
    expect(deletes).toHaveLength(1);
    expect(server.notifications.get(read.id)?.isRead).toBe(true);
    expect(server.notifications.has(gone.id)).toBe(false);
    expect(await db.outbox.count()).toBe(0);
    const keys = server.requests.length;
    await replay();
    expect(server.requests).toHaveLength(keys);
  });

  it('read all made offline: everything older shows read, the bell shows none, one request', async () => {
    server.add(notification('post', {}, { minutesAgo: 5 }), notification('post', {}, { minutesAgo: 6 }));
    offline(true);
    await markAllNotificationsRead();
    reload();
    offline(false);
    const page = await overNotificationPage(await getNotifications(1, false));
    expect(page.items.every((n) => n.isRead)).toBe(true);
    expect(await overUnreadCount(await getUnreadCount())).toBe(0);
    await replay();
    expect(server.to('PUT', '/notifications/read-all')).toHaveLength(1);
  });

  it('online, the screen gets the server answer; a refused mark (4xx) needs attention', async () => {
    const item = notification('post', {});
    server.add(item);
    const marking = markNotificationRead(item.id);
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(1));
    void replay();
    await expect(marking).resolves.toMatchObject({ sent: true, data: { unreadCount: 0 } });

    const missing = '00000000-0000-4000-8000-0000000000ff';
    const refused = markNotificationRead(missing);
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(1));
    void replay();
    await expect(refused).rejects.toMatchObject({ status: 404 });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'notification.read', status: 'failed', lastStatus: 404 });
  });
});
