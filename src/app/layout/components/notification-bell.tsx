import { Link } from '@tanstack/react-router';
import { useNotificationBell } from '@/features/notifications/use-notification-bell';
import { useT } from '@/lib/i18n';
import { BellIcon } from '@/ui/icons';

/** Past this the badge says "99+" (the accessible name keeps the exact figure). */
const BADGE_MAX = 99;

/**
 * The header's notification slot: a link to the notifications screen whose name says how many are
 * unread ("Notifications, 3 unread"); the count stays live through the socket's notification stream.
 */
export function NotificationBell() {
  const t = useT();
  const { unreadCount } = useNotificationBell();
  const label =
    unreadCount > 0 ? t('COMMON.NOTIFICATIONS_UNREAD', { count: unreadCount }) : t('COMMON.NOTIFICATIONS');
  return (
    <Link
      to="/notifications"
      className="layout__icon-button"
      aria-label={label}
      activeProps={{ 'aria-current': 'page' }}
    >
      <BellIcon />
      {unreadCount > 0 ? (
        <span className="layout__badge" aria-hidden="true" data-testid="notification-badge">
          {unreadCount > BADGE_MAX ? `${BADGE_MAX}+` : unreadCount}
        </span>
      ) : null}
    </Link>
  );
}
