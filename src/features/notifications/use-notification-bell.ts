// The header bell's data (the layout draws it): the unread count, kept live by the socket.
import { useSession } from '@/lib/auth/session';
import { useUnreadCount } from './api/get-unread-count';
import { useLiveNotifications } from './hooks/use-live-notifications';

export function useNotificationBell(): { unreadCount: number } {
  const { status } = useSession();
  const signedIn = status === 'signedIn';
  useLiveNotifications(signedIn);
  const { data } = useUnreadCount(signedIn);
  return { unreadCount: signedIn ? (data ?? 0) : 0 };
}
