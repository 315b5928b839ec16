import type { Notification } from '@/contract/notifications';
import { formatDate, useLocale, useT } from '@/lib/i18n';
import { useNotificationText } from '../notification-text';
import { formatRelativeTime } from '../relative-time';
import { TrashIcon } from '@/ui';
import { CarInviteActions } from './car-invite-actions';
import { NotificationIcon } from './notification-icon';

export interface NotificationItemProps {
  notification: Notification;
  now: number;
  /** Offline: delete waits for a connection (it is an online call). */
  canChange: boolean;
  onOpen: (notification: Notification) => void;
  onDelete: (notification: Notification) => void;
}

/** One row: a button that opens the related item (and marks it read), and a delete button. */
export function NotificationItem({ notification, now, canChange, onOpen, onDelete }: NotificationItemProps) {
  const t = useT();
  const locale = useLocale();
  const { content, text } = useNotificationText(notification);
  const unread = !notification.isRead;

  return (
    <li
      className={unread ? 'notification notification--unread' : 'notification'}
      data-testid="notification"
      data-unread={unread}
    >
      <button
        type="button"
        className="notification__main ui-flex ui-start ui-gap-3"
        onClick={() => onOpen(notification)}
      >
        <NotificationIcon kind={content.kind} />
        <span className="notification__body">
          <span className="notification__text">{text}</span>
          <time
            className="notification__time"
            dateTime={notification.createdAt}
            title={formatDate(notification.createdAt, { dateStyle: 'full', timeStyle: 'short' })}
          >
            {formatRelativeTime(notification.createdAt, now, locale)}
          </time>
        </span>
        {unread ? (
          <span className="notification__dot">
            <span className="visually-hidden">{t('NOTIFICATIONS.UNREAD')}</span>
          </span>
        ) : null}
      </button>
      {notification.type === 'car-invite' && canChange ? (
        <CarInviteActions notification={notification} />
      ) : null}
      <button
        type="button"
        className="notification__delete"
        aria-label={t('NOTIFICATIONS.DELETE', { text })}
        title={t('NOTIFICATIONS.DELETE_SHORT')}
        disabled={!canChange}
        onClick={() => onDelete(notification)}
      >
        <TrashIcon />
      </button>
    </li>
  );
}
