// The notifications table (migration 0008), added to the shared Kysely `Database` type from here so
// that the feature keeps its table beside its code.
import type { Selectable } from 'kysely';

export interface NotificationsTable {
  id: string;
  member_id: string;
  type: string;
  /** JSON text: NotificationPayload */
  json_payload: string;
  /** 0 or 1 */
  is_read: number;
  created_at: string;
}

export type NotificationRow = Selectable<NotificationsTable>;

declare module '../db/schema' {
  interface Database {
    notifications: NotificationsTable;
  }
}
