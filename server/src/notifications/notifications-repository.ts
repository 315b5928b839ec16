import type { Kysely } from 'kysely';
import type {
  Notification,
  NotificationActor,
  NotificationPayload,
} from '../../../src/contract/notifications';
import type { Database } from '../db/schema';
import { countRows, newestFirstPage, columnValues } from '../db/paging';
import type { NotificationRow } from './notifications-table';
import { memberCards } from '../db/member-cards';

/**
 * Who did it: `actorId`; rows stored before it existed name the other member in `relatedFriendId`
 * (a message's sender, a liker, a commenter, the friend who asked or accepted).
 */
export function actorIdOf(payload: NotificationPayload): string | null {
  const id = 'actorId' in payload ? payload.actorId : payload.relatedFriendId;
  return typeof id === 'string' && id.length > 0 ? id : null;
}

export function notificationsRepository(db: Kysely<Database>) {
  /** The actors' current names, by id (a deleted member is missing). */
  const actors = (ids: Iterable<string>): Promise<Map<string, NotificationActor>> => memberCards(db, ids);

  /** Rows as the API shows them, each with its actor joined. */
  async function toNotifications(rows: NotificationRow[]): Promise<Notification[]> {
    const parsed = rows.map((row) => ({ row, payload: JSON.parse(row.json_payload) as NotificationPayload }));
    const byId = await actors(parsed.flatMap(({ payload }) => actorIdOf(payload) ?? []));
    return parsed.map(({ row, payload }) => {
      const actorId = actorIdOf(payload);
      return {
        id: row.id,
        type: row.type,
        jsonPayload: payload,
        actor: (actorId && byId.get(actorId)) || null,
        isRead: Number(row.is_read) === 1,
        createdAt: row.created_at,
      };
    });
  }

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
      return row && (await toNotifications([row]))[0];
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
      return { items: await toNotifications(rows), total, unreadCount };
    },

    unreadCount: unread,

    /** The member who did it, as named now; null when none is named or they are gone. */
    async actor(payload: NotificationPayload): Promise<NotificationActor | null> {
      const id = actorIdOf(payload);
      return (id && (await actors([id])).get(id)) || null;
    },

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

    /**
     * Marks read my unread notifications whose payload field `field` is `relatedId` (and, when
     * given, of type `type`); answers the ids it changed. The payload is JSON text on both
     * databases, so it is read here: only the member's unread rows, which the bell keeps few
     * (index notifications_member_unread).
     */
    async markRelatedRead(
      memberId: string,
      field: string,
      relatedId: string,
      type?: string,
    ): Promise<string[]> {
      const rows = await db
        .selectFrom('notifications')
        .select(['id', 'type', 'json_payload'])
        .where('member_id', '=', memberId)
        .where('is_read', '=', 0)
        .execute();
      const ids = rows
        .filter((row) => {
          if (type !== undefined && row.type !== type) return false;
          try {
            return (JSON.parse(row.json_payload) as Record<string, unknown>)[field] === relatedId;
          } catch {
            return false;
          }
        })
        .map((row) => row.id);
      if (ids.length === 0) return [];
      // Another device may have read some meanwhile: answer only those this call changed.
      return columnValues(
        db
          .updateTable('notifications')
          .set({ is_read: 1 })
          .where('member_id', '=', memberId)
          .where('is_read', '=', 0)
          .where('id', 'in', ids)
          .returning('id'),
        'id',
      );
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
