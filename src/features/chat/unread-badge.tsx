// The navigation's unread-chat badge. Entry-safe: Dexie and the chat's data layer load only once
// the shell has settled (features/sync/shell-settled.ts), like the messages' badge; until then,
// and while the count is 0 or unknown, nothing shows.
import { useEffect, useState } from 'react';
import { shellSettled } from '@/features/sync/shell-settled';
import { useSession } from '@/lib/auth/session';
import { useT } from '@/lib/i18n';
import './unread-badge.css';

async function followChatUnread(listener: (count: number | null) => void): Promise<() => void> {
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
}

export function useChatUnreadCount(): number {
  const [count, setCount] = useState<number | null>(null);
  const memberId = useSession().user?.id;
  useEffect(() => {
    setCount(null);
    if (!memberId) return;
    let cancelled = false;
    let stop: (() => void) | null = null;
    void shellSettled()
      .then(() => (cancelled ? null : followChatUnread(setCount)))
      .then((unsubscribe) => {
        if (!unsubscribe) return;
        if (cancelled) unsubscribe();
        else stop = unsubscribe;
      })
      .catch((error: unknown) => console.error('chat unread count unavailable', error));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [memberId]);
  return count ?? 0;
}

/** My unread chat messages as a small badge beside the Chat link; nothing at 0. */
export function ChatUnreadBadge() {
  const t = useT();
  const count = useChatUnreadCount();
  if (count <= 0) return null;
  return (
    <span className="chat-unread-badge" data-testid="chat-unread-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{t('CHAT.UNREAD_BADGE', { count })}</span>
    </span>
  );
}
