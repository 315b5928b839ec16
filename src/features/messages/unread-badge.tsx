// The header navigation's unread-messages badge. Entry-safe: Dexie and the messages' data layer
// load only once the shell has settled (features/sync/shell-settled.ts), the way the sync
// indicator does it; until then, and while the count is 0 or unknown, nothing shows.
import { useEffect, useState } from 'react';
import { shellSettled } from '@/features/sync/shell-settled';
import { useSession } from '@/lib/auth/session';
import { useT } from '@/lib/i18n';
import './unread-badge.css';

type Unsubscribe = () => void;

/** Subscribes to the count kept in Dexie; refreshes it and follows live messages meanwhile. */
async function followUnreadCount(listener: (count: number | null) => void): Promise<Unsubscribe> {
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
}

/** My inbox's unread count, once known; 0 until then. */
export function useMessagesUnreadCount(): number {
  const [count, setCount] = useState<number | null>(null);
  // Each member has a database of their own: another member signing in follows theirs.
  const memberId = useSession().user?.id;
  useEffect(() => {
    setCount(null);
    if (!memberId) return;
    let cancelled = false;
    let stop: Unsubscribe | null = null;
    void shellSettled()
      .then(() => (cancelled ? null : followUnreadCount(setCount)))
      .then((unsubscribe) => {
        if (!unsubscribe) return;
        if (cancelled) unsubscribe();
        else stop = unsubscribe;
      })
      .catch((error: unknown) => console.error('unread count unavailable', error));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [memberId]);
  return count ?? 0;
}

/**
 * The count as a small badge beside the Messages link (a link's name gets the spoken count from
 * the visually hidden text). Nothing when there is nothing unread.
 */
export function MessagesUnreadBadge() {
  const t = useT();
  const count = useMessagesUnreadCount();
  if (count <= 0) return null;
  return (
    <span className="messages-unread-badge" data-testid="messages-unread-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{t('MESSAGES.UNREAD_BADGE', { count })}</span>
    </span>
  );
}
