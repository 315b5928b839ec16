// The navigation's unread-chat badge. Entry-safe: Dexie and the chat's data layer load only once
// the shell has settled (features/sync/use-followed-count.ts), like the messages' badge; until
// then, and while the count is 0 or unknown, nothing shows.
import { useFollowedCount } from '@/lib/offline/followed-count';
import { followServerCount } from '@/lib/offline/follow-server-count';
import { useT } from '@/lib/i18n';
import { CountBadge } from '@/ui/count-badge';

const followChatUnread = followServerCount(async () => {
  const data = await import('./data');
  return {
    read: data.readChatUnread,
    startRealtime: data.startChatRealtime,
    refresh: (database) => data.syncRooms({}, database),
  };
}, 'chat unread count');

export function useChatUnreadCount(): number {
  return useFollowedCount(followChatUnread, 'chat unread count');
}

/** My unread chat messages as a small badge beside the Chat link; nothing at 0. */
export function ChatUnreadBadge() {
  const t = useT();
  const count = useChatUnreadCount();
  return <CountBadge count={count} label={t('CHAT.UNREAD_BADGE', { count })} testId="chat-unread-badge" />;
}
