import { useEffect, useRef } from 'react';
import type { Notification } from '@/contract/notifications';
import { useT } from '@/lib/i18n';
import { Button } from '@/ui';
import { useNow } from '../hooks/use-now';
import { NotificationItem } from './notification-item';

export interface NotificationListProps {
  items: Notification[];
  canChange: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onOpen: (notification: Notification) => void;
  onDelete: (notification: Notification) => void;
}

/** The rows, then "load more": a button for keyboards, and automatic when its end scrolls into view. */
export function NotificationList({
  items,
  canChange,
  hasMore,
  loadingMore,
  onLoadMore,
  onOpen,
  onDelete,
}: NotificationListProps) {
  const t = useT();
  const now = useNow();
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(onLoadMore);
  useEffect(() => {
    loadMore.current = onLoadMore;
  }, [onLoadMore]);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore.current();
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore]);

  return (
    <>
      <ul className="notifications__list" aria-label={t('NOTIFICATIONS.LIST_LABEL')}>
        {items.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            now={now}
            canChange={canChange}
            onOpen={onOpen}
            onDelete={onDelete}
          />
        ))}
      </ul>
      {hasMore ? (
        <div className="notifications__more" ref={sentinel}>
          <Button variant="ghost" size="small" busy={loadingMore} onClick={onLoadMore}>
            {t(loadingMore ? 'NOTIFICATIONS.LOADING_MORE' : 'NOTIFICATIONS.LOAD_MORE')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
