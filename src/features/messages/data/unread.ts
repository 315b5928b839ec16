// My inbox's unread count on this device (a Dexie meta row, so the badge shows offline too).
// docs/DESIGN-NOTES.md "Where we depart from the specification": the spec lowers the count on every read mark,
// even of a read message. Here a read mark lowers it once, only for an unread message, and the
// figure is taken from the server when it answers: a list's meta.unreadCount, the unread-count
// call, or the answer of a read or a delete. Queued read marks and deletes keep older answers out.
import { serverCount } from '@/lib/offline/server-count';
import { COUNTING_KINDS, UNREAD_COUNT_KEY } from './types';

const unread = serverCount(UNREAD_COUNT_KEY, COUNTING_KINDS);

export const readUnreadCount = unread.read;
export const adjustUnreadCount = unread.adjust;
export const applyServerUnreadCount = unread.applyServer;
