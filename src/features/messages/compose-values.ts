// The compose form's rules: a recipient, a subject of at most 200 characters (spec-less, the
// server's limit), and a content of 1 to 20000 characters of text. Pure: no React, no Dexie.
import { MESSAGE_CONTENT_MAX_TEXT, MESSAGE_SUBJECT_MAX } from '@/contract/constants';
import type { Friend } from '@/contract/people';
import { isRichTextEmpty, richTextLength } from '@/ui/rich-text-editor';
import type { MessageParticipant } from './data/types';

export type ComposeField = 'recipient' | 'subject' | 'content';
export type ComposeErrors = Partial<Record<ComposeField, { key: string; values?: Record<string, unknown> }>>;

export interface ComposeValues {
  recipient: MessageParticipant | null;
  subject: string;
  content: string;
  /** Photos to send with it (up to MESSAGE_IMAGES_MAX): then the content may be empty. */
  images?: File[];
}

export function validateCompose(values: ComposeValues): ComposeErrors {
  const errors: ComposeErrors = {};
  if (!values.recipient) errors.recipient = { key: 'MESSAGES.RECIPIENT_REQUIRED' };
  if (Array.from(values.subject.trim()).length > MESSAGE_SUBJECT_MAX) {
    errors.subject = { key: 'MESSAGES.SUBJECT_TOO_LONG', values: { max: MESSAGE_SUBJECT_MAX } };
  }
  if (isRichTextEmpty(values.content) && !values.images?.length)
    errors.content = { key: 'MESSAGES.CONTENT_REQUIRED' };
  else if (richTextLength(values.content) > MESSAGE_CONTENT_MAX_TEXT) {
    errors.content = { key: 'MESSAGES.CONTENT_TOO_LONG', values: { max: MESSAGE_CONTENT_MAX_TEXT } };
  }
  return errors;
}

/** A friend as a message names them (the fields the server's participant has). */
export function participantOf(friend: Friend | MessageParticipant): MessageParticipant {
  return {
    id: friend.id,
    username: friend.username,
    firstName: friend.firstName,
    lastName: friend.lastName,
    avatar: friend.avatar,
  };
}
