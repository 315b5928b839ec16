// Read marks and deletes of notifications go through the outbox (offline too, sent once
// online with their Idempotency-Key). Each is queued under its notification's row; the screen shows
// the change at once, and a refresh lays the queued ones over what the server lists meanwhile.
import type { NotificationRelatedType, NotificationsReadRelatedBody } from '@/contract/notifications';
import { localDb, type PaddockDb } from '@/lib/db';
import { offlineWrite, queueWrite } from '@/lib/offline/write';
import type { OutboxEntry } from '@/lib/outbox';
import type { NotificationPage } from '../api/notification-page';
import { isAbout } from '../related';

export const NOTIFICATION_KINDS = {
  read: 'notification.read',
  readAll: 'notification.readAll',
  delete: 'notification.delete',
  /** An item was opened: its notifications are read (POST /notifications/read-related). */
  readRelated: 'notification.readRelated',
} as const;

const rowOf = (id: string) => `notification:${id}`;
const ALL_ROW = 'notifications:all';

export function queueNotificationRead(notificationId: string, id: string, database?: PaddockDb) {
  return offlineWrite(database, (db) =>
    queueWrite(db, {
      id,
      kind: NOTIFICATION_KINDS.read,
      entityId: rowOf(notificationId),
      method: 'PUT',
      path: `/notifications/${encodeURIComponent(notificationId)}/read`,
    }),
  );
}

export function queueNotificationsReadAll(id: string, database?: PaddockDb) {
  return offlineWrite(database, (db) =>
    queueWrite(db, {
      id,
      kind: NOTIFICATION_KINDS.readAll,
      entityId: ALL_ROW,
      method: 'PUT',
      path: '/notifications/read-all',
    }),
  );
}

export function queueNotificationDelete(notificationId: string, id: string, database?: PaddockDb) {
  return offlineWrite(database, (db) =>
    queueWrite(db, {
      id,
      kind: NOTIFICATION_KINDS.delete,
      entityId: rowOf(notificationId),
      method: 'DELETE',
      path: `/notifications/${encodeURIComponent(notificationId)}`,
    }),
  );
}

/** Opening an item marks its notifications read, on every device (the server tells the others). */
export function queueNotificationsReadRelated(
  relatedType: NotificationRelatedType,
  relatedId: string,
  id: string,
  database?: PaddockDb,
  /** The notifications it reads: it goes after their queued read marks, so its count is the last word. */
  notificationIds: string[] = [],
) {
  const body: NotificationsReadRelatedBody = { relatedType, relatedId };
  return offlineWrite(database, (db) =>
    queueWrite(db, {
      id,
      kind: NOTIFICATION_KINDS.readRelated,
      entityId: `notifications:related:${relatedType}:${relatedId}`,
      method: 'POST',
      path: '/notifications/read-related',
      body: { type: 'json', json: body },
      after: notificationIds.map(rowOf),
    }),
  );
}

export interface PendingNotificationWrites {
  read: Set<string>;
  deleted: Set<string>;
  /** When a "read all" was made: everything created before it is read. */
  allReadAt: number | null;
  /** The items opened (their notifications are read). */
  related: NotificationsReadRelatedBody[];
}

const idOf = (entry: OutboxEntry) => entry.entityId?.replace(/^notification:/, '') ?? '';

/** The queued read marks and deletes (a refused one changes nothing: the server's state shows). */
export async function pendingNotificationWrites(database?: PaddockDb): Promise<PendingNotificationWrites> {
  const pending: PendingNotificationWrites = {
    read: new Set(),
    deleted: new Set(),
    allReadAt: null,
    related: [],
  };
  try {
    const db = database ?? (await localDb());
    const entries = await db.outbox.where('kind').anyOf(Object.values(NOTIFICATION_KINDS)).toArray();
    for (const entry of entries) {
      if (entry.status === 'failed') continue;
      if (entry.kind === NOTIFICATION_KINDS.read) pending.read.add(idOf(entry));
      else if (entry.kind === NOTIFICATION_KINDS.delete) pending.deleted.add(idOf(entry));
      else if (entry.kind === NOTIFICATION_KINDS.readRelated) {
        if (entry.body?.type === 'json')
          pending.related.push(entry.body.json as NotificationsReadRelatedBody);
      } else pending.allReadAt = Math.max(pending.allReadAt ?? 0, entry.createdAt);
    }
  } catch {
    // The device's database cannot be read: the server's state shows.
  }
  return pending;
}

/** A page from the server, with the queued marks and deletes laid over it. */
export async function overNotificationPage(page: NotificationPage): Promise<NotificationPage> {
  const { read, deleted, allReadAt, related } = await pendingNotificationWrites();
  if (!read.size && !deleted.size && allReadAt === null && !related.length) return page;
  const opened = (item: NotificationPage['items'][number]) =>
    related.some(({ relatedType, relatedId }) => isAbout(item, relatedType, relatedId));
  const items = page.items
    .filter((item) => !deleted.has(item.id))
    .map((item) =>
      !item.isRead &&
      (read.has(item.id) || opened(item) || (allReadAt !== null && Date.parse(item.createdAt) <= allReadAt))
        ? { ...item, isRead: true }
        : item,
    );
  return { ...page, items, total: Math.max(0, page.total - (page.items.length - items.length)) };
}

/** The server's unread count, less the marks still queued. */
export async function overUnreadCount(count: number): Promise<number> {
  const { read, allReadAt } = await pendingNotificationWrites();
  if (allReadAt !== null) return 0;
  return Math.max(0, count - read.size);
}
