// What the navigation's unread-chat badge follows (lib/offline/follow-server-count.ts).
import type { CountSource } from '@/lib/offline/follow-server-count';
import { startChatRealtime } from './realtime';
import { syncRooms } from './sync';
import { readChatUnread } from './unread';

export const chatUnreadSource: CountSource = {
  read: readChatUnread,
  startRealtime: startChatRealtime,
  refresh: (database) => syncRooms({}, database),
};
