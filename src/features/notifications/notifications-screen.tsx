import type { Notification } from '@/contract/notifications';
import { isNetworkError } from '@/lib/http/api-client';
import { formatNumber, useT } from '@/lib/i18n';
import { useOnline } from '@/lib/network/online';
import {
  AlertIcon,
  BackButton,
  BellIcon,
  Button,
  CheckAllIcon,
  CloudOffIcon,
  EmptyState,
  Page,
  PullToRefresh,
  SkeletonRows,
} from '@/ui';
import { useDeleteNotification } from './api/delete-notification';
import { flattenPages, useNotifications } from './api/get-notifications';
import { useUnreadCount } from './api/get-unread-count';
import { useMarkAllNotificationsRead } from './api/mark-all-read';
import { useMarkNotificationRead } from './api/mark-notification-read';
import { NotificationList } from './components/notification-list';
import { useOpenTarget } from './hooks/use-open-target';
import { describeNotification } from './notification-content';
import './notifications.css';

/** Placeholder rows while the first page loads (the app's skeleton row count, spec §9). */
export const SKELETON_ROWS = 5;

export interface NotificationsScreenProps {
  unreadOnly: boolean;
  onUnreadOnlyChange: (unreadOnly: boolean) => void;
}

/**
 * The member's notifications, newest first, page by page. Read marks and deletes go through the
 * outbox (optimistic, the server's unread count wins once sent); offline the list comes from the
 * persisted query cache, and marks and deletes are kept on this device and sent once online.
 */
export function NotificationsScreen({ unreadOnly, onUnreadOnlyChange }: NotificationsScreenProps) {
  const t = useT();
  const online = useOnline();
  const list = useNotifications(unreadOnly);
  const unread = useUnreadCount();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();
  const openTarget = useOpenTarget();
  const items = flattenPages(list.data);
  const unreadCount = unread.data ?? 0;
  // Offline with nothing saved: the query waits for a connection ('paused') or failed to reach us.
  const offlineError = list.fetchStatus === 'paused' || isNetworkError(list.error);

  const open = (notification: Notification) => {
    if (!notification.isRead) markRead.mutate(notification.id);
    const { target } = describeNotification(notification);
    if (target) openTarget(target);
  };
  const refresh = () => Promise.all([list.refetch(), unread.refetch()]);
  const loadMore = () => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  };

  return (
    <Page
      back={<BackButton />}
      title={t('NOTIFICATIONS.TITLE')}
      actions={
        <Button
          variant="secondary"
          size="small"
          icon={<CheckAllIcon />}
          disabled={unreadCount === 0}
          onClick={() => markAll.mutate()}
        >
          {t('NOTIFICATIONS.MARK_ALL_READ')}
        </Button>
      }
    >
      <div className="notifications">
        <div className="notifications__filter" role="group" aria-label={t('NOTIFICATIONS.FILTER')}>
          <button type="button" aria-pressed={!unreadOnly} onClick={() => onUnreadOnlyChange(false)}>
            {t('NOTIFICATIONS.FILTER_ALL')}
          </button>
          <button type="button" aria-pressed={unreadOnly} onClick={() => onUnreadOnlyChange(true)}>
            {t('NOTIFICATIONS.FILTER_UNREAD')}
            {unreadCount > 0 ? (
              <span className="notifications__count">{formatNumber(unreadCount)}</span>
            ) : null}
          </button>
        </div>
        {!online ? (
          <p className="notifications__hint ui-flex ui-center ui-gap-2" role="status">
            <CloudOffIcon />
            {t('NOTIFICATIONS.OFFLINE_HINT')}
          </p>
        ) : list.isRefetchError ? (
          <p className="notifications__hint ui-flex ui-center ui-gap-2" role="status">
            {t(isNetworkError(list.error) ? 'NOTIFICATIONS.SAVED_COPY' : 'NOTIFICATIONS.REFRESH_FAILED')}
          </p>
        ) : null}
        <PullToRefresh onRefresh={refresh}>
          {list.data ? (
            items.length === 0 ? (
              <EmptyState
                icon={<BellIcon />}
                title={t('NOTIFICATIONS.EMPTY_TITLE')}
                text={t(unreadOnly ? 'NOTIFICATIONS.EMPTY_UNREAD_TEXT' : 'NOTIFICATIONS.EMPTY_TEXT')}
              />
            ) : (
              <NotificationList
                items={items}
                canChange
                hasMore={list.hasNextPage}
                loadingMore={list.isFetchingNextPage}
                onLoadMore={loadMore}
                onOpen={open}
                onDelete={(notification) => remove.mutate(notification.id)}
              />
            )
          ) : list.isError || list.fetchStatus === 'paused' ? (
            <EmptyState
              icon={offlineError ? <CloudOffIcon /> : <AlertIcon />}
              title={t('NOTIFICATIONS.ERROR_TITLE')}
              text={t(offlineError ? 'NOTIFICATIONS.ERROR_OFFLINE_TEXT' : 'NOTIFICATIONS.ERROR_TEXT')}
              action={
                <Button variant="secondary" onClick={() => void list.refetch()}>
                  {t('NOTIFICATIONS.RETRY')}
                </Button>
              }
            />
          ) : (
            <SkeletonRows count={SKELETON_ROWS} label={t('NOTIFICATIONS.LOADING')} />
          )}
        </PullToRefresh>
      </div>
    </Page>
  );
}
