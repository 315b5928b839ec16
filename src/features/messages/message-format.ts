// Small pure helpers of the messages' screens.
import { formatDate } from '@/lib/i18n';
import { richTextOf } from '@/ui/rich-text-editor';
import type { MessageParticipant, MessageRow } from './data/types';

/** Characters of text a list row shows of a message's content. */
export const EXCERPT_LENGTH = 120;

/** The content's text on one line, cut at EXCERPT_LENGTH characters with an ellipsis. */
export function excerptOf(html: string): string {
  const text = richTextOf(html).replace(/\s+/g, ' ').trim();
  const chars = Array.from(text);
  return chars.length > EXCERPT_LENGTH ? `${chars.slice(0, EXCERPT_LENGTH).join('').trimEnd()}…` : text;
}

/** The participant who is not me: the sender of what I received, the recipient of what I sent. */
export function otherParticipant(
  message: Pick<MessageRow, 'folder' | 'sender' | 'recipient'>,
): MessageParticipant {
  return message.folder === 'inbox' ? message.sender : message.recipient;
}

/** Spec §4: dates follow the locale. Today: the time; otherwise the date. */
export function listDate(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const today =
    date.getFullYear() === now.getFullYear() &&
    date.getMonth() === now.getMonth() &&
    date.getDate() === now.getDate();
  return today ? formatDate(date, { timeStyle: 'short' }) : formatDate(date, { dateStyle: 'medium' });
}

/** The full date and time of one message. */
export const fullDate = (iso: string) => formatDate(iso, { dateStyle: 'full', timeStyle: 'short' });

/**
 * A reply's subject: the prefix (translated, e.g. "Re: ") before the original, once; within
 * the subject limit.
 */
export function replySubject(subject: string, prefix: string, max: number): string {
  const trimmed = subject.trim();
  const already = trimmed.toLocaleLowerCase().startsWith(prefix.trim().toLocaleLowerCase());
  return Array.from(already ? trimmed : `${prefix}${trimmed}`)
    .slice(0, max)
    .join('');
}
