// Small pure helpers of the chat's screens.
import { displayName } from '@/lib/display-name';
import { formatDate } from '@/lib/i18n';
import { otherParticipant, type ChatMessageRow, type ChatRoomRow } from './data/types';

/** Characters of text a room row shows of its last message. */
export const CHAT_EXCERPT_LENGTH = 80;

export function excerpt(text: string, max = CHAT_EXCERPT_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : line;
}

/** The local calendar day of a time: messages are grouped by it. */
export function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
}

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** A day heading: today and yesterday by name (catalog keys), else the date in the locale. */
export function dayHeading(iso: string, now = new Date()): { key: string } | { text: string } {
  const date = new Date(iso);
  if (sameDay(date, now)) return { key: 'CHAT.TODAY' };
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(date, yesterday)) return { key: 'CHAT.YESTERDAY' };
  return { text: formatDate(date, { dateStyle: 'full' }) };
}

/** A message's time of day, in the locale. */
export const timeOf = (iso: string) => formatDate(iso, { timeStyle: 'short' });

/** A room row's time: today the time, otherwise the date. */
export function roomTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  return sameDay(date, now)
    ? formatDate(date, { timeStyle: 'short' })
    : formatDate(date, { dateStyle: 'medium' });
}

/** Consecutive messages grouped by day, oldest first. */
export function groupByDay<T extends Pick<ChatMessageRow, 'createdAt'>>(
  messages: T[],
): Array<{ day: string; first: string; messages: T[] }> {
  const days: Array<{ day: string; first: string; messages: T[] }> = [];
  for (const message of messages) {
    const day = dayKey(message.createdAt);
    const last = days.at(-1);
    if (last?.day === day) last.messages.push(message);
    else days.push({ day, first: message.createdAt, messages: [message] });
  }
  return days;
}

/** A room's name: the group's, or the other participant's for a direct room. */
export function roomName(room: ChatRoomRow, meId: string | undefined): string {
  if (room.chatGroupId) return room.name ?? '';
  return displayName(otherParticipant(room, meId));
}
