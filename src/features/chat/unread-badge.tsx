// The navigation's unread-chat badge. Entry-safe: Dexie and the chat's data layer load only once
// the shell has settled (features/sync/use-followed-count.ts), like the messages' badge; until
// then, and while the count is 0 or unknown, nothing shows.
import { useFollowedCount, type FollowCount } from '@/lib/offline/followed-count';
import { useT } from '@/lib/i18n';
import { CountBadge } from '@/ui/count-badge';

const followChatUnread: FollowCount = async (listener) => {
  const [{ liveQuery }, { localDb }, data] = await Promise.all([
    import('dexie'),
    import('@/lib/db'),
    import('./data'),
  ]);
  const database = await localDb();
  const subscription = liveQuery(async () => (await data.readChatUnread(database))?.count ?? null).subscribe({
    next: listener,
    error: (error: unknown) => console.error('chat unread count unavailable', error),
  });
  const stopLive = data.startChatRealtime();
  void data.syncRooms({}, database).catch(() => undefined); // offline: the count kept here shows
  return () => {
    subscription.unsubscribe();
    stopLive();
  };
};

export function useChatUnreadCount(): number {
  return useFollowedCount(followChatUnread, 'chat unread count');
}

/** My unread chat messages as a small badge beside the Chat link; nothing at 0. */
export function ChatUnreadBadge() {
  const t = useT();
  const count = useChatUnreadCount();
  return <CountBadge count={count} label={t('CHAT.UNREAD_BADGE', { count })} testId="chat-unread-badge" />;
}
