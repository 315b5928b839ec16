// What the navigation's unread-messages badge follows (lib/offline/follow-server-count.ts).
import type { CountSource } from '@/lib/offline/follow-server-count';
import { startMessagesRealtime } from './realtime';
import { refreshUnreadCount } from './sync';
import { readUnreadCount } from './unread';

export const messagesUnreadSource: CountSource = {
  read: readUnreadCount,
  startRealtime: startMessagesRealtime,
  refresh: refreshUnreadCount,
};
