import { useT } from '@/lib/i18n';
import { BellIcon } from '@/ui';

/**
 * The header's notification slot. The notifications issue passes the real unread count (and may
 * swap the whole slot through AppLayout's `slots.notifications`); until then it shows none.
 */
export function NotificationBell({ unreadCount = 0, onOpen }: { unreadCount?: number; onOpen?: () => void }) {
  const t = useT();
  const label =
    unreadCount > 0 ? t('COMMON.NOTIFICATIONS_UNREAD', { count: unreadCount }) : t('COMMON.NOTIFICATIONS');
  return (
    <button type="button" className="layout__icon-button" aria-label={label} onClick={onOpen}>
      <BellIcon />
      {unreadCount > 0 ? (
        <span className="layout__badge" aria-hidden="true">
          {unreadCount > 99 ? '99+' : unreadCount}
        </span>
      ) : null}
    </button>
  );
}
