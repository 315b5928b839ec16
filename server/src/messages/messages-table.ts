// The messages tables (migration 0008), added to the shared Kysely `Database` type from here so that
// the feature keeps its tables beside its code.
import type { Selectable } from 'kysely';

/** A private message; each participant deletes it for themself (the row goes when both have). */
export interface MessagesTable {
  id: string;
  sender_id: string;
  recipient_id: string;
  /** Plain text. */
  subject: string;
  /** Sanitised Quill HTML. */
  content: string;
  /** 0 or 1: whether the recipient has read it. */
  is_read: number;
  read_at: string | null;
  sender_deleted: number;
  recipient_deleted: number;
  created_at: string;
}

/** Per member: what a COUNT over their folders would answer, kept with every change. */
export interface MessageCountersTable {
  member_id: string;
  inbox_total: number;
  inbox_unread: number;
  sent_total: number;
  /** Grows with every change of the member's folders (migration 0025). */
  version: number;
}

/** A photo of a private message (migration 0038), in its place. */
export interface MessageImagesTable {
  message_id: string;
  media_id: string;
  position: number;
  width: number | null;
  height: number | null;
}

export type MessageRow = Selectable<MessagesTable>;

declare module '../db/schema' {
  interface Database {
    messages: MessagesTable;
    message_counters: MessageCountersTable;
    message_images: MessageImagesTable;
  }
}
