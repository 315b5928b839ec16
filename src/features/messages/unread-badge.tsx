// The header navigation's unread-messages badge. Entry-safe: Dexie and the messages' data layer
// load only once the shell has settled (features/sync/use-followed-count.ts); until then, and
// while the count is 0 or unknown, nothing shows.
import { useFollowedCount, type FollowCount } from '@/lib/offline/followed-count';
import { useT } from '@/lib/i18n';
import { CountBadge } from '@/ui/count-badge';

/** Subscribes to the count kept in Dexie; refreshes it and follows live messages meanwhile. */
const followUnreadCount: FollowCount = async (listener) => {
  const [{ liveQuery }, { localDb }, data] = await Promise.all([
    import('dexie'),
    import('@/lib/db'),
    import('./data'),
  ]);
  const database = await localDb();
  const subscription = liveQuery(async () => (await data.readUnreadCount(database))?.count ?? null).subscribe(
    {
      next: listener,
      error: (error: unknown) => console.error('unread count unavailable', error),
    },
  );
  const stopLive = data.startMessagesRealtime();
  void data.refreshUnreadCount(database).catch(() => undefined); // offline: the count kept here shows
  return () => {
    subscription.unsubscribe();
    stopLive();
  };
};

/** My inbox's unread count, once known; 0 until then. */
export function useMessagesUnreadCount(): number {
  return useFollowedCount(followUnreadCount, 'unread count');
}

/** The count as a small badge beside the Messages link. Nothing when there is nothing unread. */
export function MessagesUnreadBadge() {
  const t = useT();
  const count = useMessagesUnreadCount();
  return (
    <CountBadge count={count} label={t('MESSAGES.UNREAD_BADGE', { count })} testId="messages-unread-badge" />
  );
}
