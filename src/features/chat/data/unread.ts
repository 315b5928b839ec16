// My unread chat messages over all rooms on this device (a Dexie meta row, so the badge shows
// offline). The figure comes from the server (GET /chat-rooms meta.unreadCount) unless read marks
// are still queued here: they already lowered it, and the answer to the last of them tells.
import { serverCount } from '@/lib/offline/server-count';
import { CHAT_KINDS, CHAT_UNREAD_KEY } from './types';

const unread = serverCount(CHAT_UNREAD_KEY, [CHAT_KINDS.read]);

export const readChatUnread = unread.read;
/** A local change (a room read here, a message that arrived): call inside the write's transaction. */
export const adjustChatUnread = unread.adjust;
/** Takes the server's figure asked for at `askedAt`, unless it is out of date. */
export const applyServerChatUnread = unread.applyServer;
