// Small pure helpers of the chat's screens.
import { displayName } from '@/lib/text/display-name';
import { formatDate } from '@/lib/i18n';
import { otherParticipant, type ChatMember, type ChatMessageRow, type ChatRoomRow } from './data/types';

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

/** A conversation header names everyone up to this many; past it, "and N others". */
export const PARTICIPANTS_NAMED_MAX = 4;
/** When the names stop short, this many are written before "and N others". */
const PARTICIPANTS_NAMED_SHORT = 3;

/** A short name for a header line: the first name, else the display name. */
export const shortName = (person: ChatMember) => person.firstName?.trim() || displayName(person);

/**
 * Who is in a room, in one line: "You, Anna, Ben and 3 others" (me first, then the others as the
 * room lists them); everyone by name up to PARTICIPANTS_NAMED_MAX.
 */
export function participantsLine(
  participants: ChatMember[],
  meId: string | undefined,
  t: (id: string, values?: Record<string, unknown>) => string,
): string {
  const others = participants.filter((p) => p.id !== meId).map(shortName);
  const names = [t('CHAT.YOU'), ...others];
  if (names.length === 1) return t('CHAT.PARTICIPANTS_ONLY_YOU');
  if (names.length <= PARTICIPANTS_NAMED_MAX)
    return t('CHAT.PARTICIPANTS_AND', { names: names.slice(0, -1).join(', '), last: names.at(-1) });
  return t('CHAT.PARTICIPANTS_MORE', {
    names: names.slice(0, PARTICIPANTS_NAMED_SHORT).join(', '),
    count: names.length - PARTICIPANTS_NAMED_SHORT,
  });
}
