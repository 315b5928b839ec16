import type { Kysely } from 'kysely';
import type { Notification, NotificationPayload } from '../../../src/contract/notifications';
import type { Database } from '../db/schema';
import { countRows, newestFirstPage } from '../db/paging';
import type { NotificationRow } from './notifications-table';

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    jsonPayload: JSON.parse(row.json_payload) as NotificationPayload,
    isRead: Number(row.is_read) === 1,
    createdAt: row.created_at,
  };
}

export function notificationsRepository(db: Kysely<Database>) {
  const unread = (memberId: string) =>
    countRows(db.selectFrom('notifications').where('member_id', '=', memberId).where('is_read', '=', 0));

  return {
    async insert(memberId: string, notification: Notification): Promise<void> {
      await db
        .insertInto('notifications')
        .values({
          id: notification.id,
          member_id: memberId,
          type: notification.type,
          json_payload: JSON.stringify(notification.jsonPayload),
          is_read: notification.isRead ? 1 : 0,
          created_at: notification.createdAt,
        })
        .execute();
    },

    /** The member's notification, or undefined (also when it is someone else's). */
    async find(memberId: string, id: string): Promise<Notification | undefined> {
      const row = await db
        .selectFrom('notifications')
        .selectAll()
        .where('id', '=', id)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return row && toNotification(row);
    },

    /** Newest first; `unreadOnly` keeps the unread ones. */
    async list(
      memberId: string,
      { limit, offset, unreadOnly }: { limit: number; offset: number; unreadOnly: boolean },
    ): Promise<{ items: Notification[]; total: number; unreadCount: number }> {
      let base = db.selectFrom('notifications').where('member_id', '=', memberId);
      if (unreadOnly) base = base.where('is_read', '=', 0);
      const [{ rows, total }, unreadCount] = await Promise.all([
        newestFirstPage(base, limit, offset),
        unread(memberId),
      ]);
      return { items: rows.map(toNotification), total, unreadCount };
    },

    unreadCount: unread,

    /** True when it changed (it was unread). */
    async markRead(memberId: string, id: string): Promise<boolean> {
      const result = await db
        .updateTable('notifications')
        .set({ is_read: 1 })
        .where('id', '=', id)
        .where('member_id', '=', memberId)
        .where('is_read', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** How many changed. */
    async markAllRead(memberId: string): Promise<number> {
      const result = await db
        .updateTable('notifications')
        .set({ is_read: 1 })
        .where('member_id', '=', memberId)
        .where('is_read', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** True when a row of the member's went. */
    async delete(memberId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('notifications')
        .where('id', '=', id)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
