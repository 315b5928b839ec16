// Private messages as this device keeps them (spec §3 "Message"; docs/OFFLINE-FIRST.md): the
// server's shape, the folder the row belongs to, and the row's sync state from the outbox.
import { PAGE_SIZE_DEFAULT } from '@/contract/constants';
import type { Message, MessageParticipant } from '@/contract/messages';

import type { SyncState } from '@/lib/offline/types';

export type { SyncState };

import type { MessageRow } from '@/lib/db';

/** A Dexie row: a message of one of my folders (the mirror's type, src/lib/db.ts). */
export type { MessageRow };
export type LocalMessage = MessageRow & { syncState?: SyncState };

export type { Message, MessageParticipant };

/** What compose sends: the recipient as the modal chose them, the subject and Quill's HTML. */
export interface MessageDraft {
  recipient: MessageParticipant;
  subject: string;
  content: string;
  /** Up to MESSAGE_IMAGES_MAX photos (then the content may be empty). */
  images?: Blob[];
}

/** Spec §9: general page size 20; the folder lists are read and fetched 20 at a time. */
export const MESSAGES_PAGE_SIZE = PAGE_SIZE_DEFAULT;

/** The outbox kinds of this feature (labelled with its handlers, for the sync panel). */
export const MESSAGE_KINDS = {
  send: 'message.send',
  read: 'message.read',
  delete: 'message.delete',
} as const;

/** Kinds whose server answer carries my unread count. */
export const COUNTING_KINDS: readonly string[] = [MESSAGE_KINDS.read, MESSAGE_KINDS.delete];

/** The Dexie meta row holding my inbox's unread count. */
export const UNREAD_COUNT_KEY = 'messages.unreadCount';

export function isMessage(value: unknown): value is Message {
  const v = value as Partial<Message> | null;
  return (
    typeof v?.id === 'string' &&
    typeof v.subject === 'string' &&
    typeof v.content === 'string' &&
    typeof v.isRead === 'boolean' &&
    typeof v.sender?.id === 'string' &&
    typeof v.recipient?.id === 'string'
  );
}
