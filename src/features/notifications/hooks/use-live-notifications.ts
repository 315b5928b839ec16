import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Notification } from '@/contract/notifications';
import type { NotificationEvent } from '@/contract/socket-events';
import { realtime, useRealtimeStatus } from '@/lib/socket';
import { containsNotification, prependNotification } from '../cache';
import type { NotificationPages } from '../api/get-notifications';
import { notificationKeys } from '../api/notification-keys';

/** Spec §3: an id of dashes only (36 of them) is a realtime event with nothing stored. */
const isStored = (id: string) => !/^-+$/.test(id);

function toNotification(event: NotificationEvent): Notification {
  return {
    id: event.id,
    type: event.type,
    jsonPayload: event.jsonPayload,
    isRead: event.isRead ?? false,
    createdAt: event.createdAt,
  };
}

/**
 * Keeps the bell and the lists live while a member is signed in (mounted once, by the bell):
 * a stored notification from the socket's 'notification' stream goes first in every cached list
 * it belongs to and raises the unread count; after a reconnect, what was missed is asked again.
 */
export function useLiveNotifications(enabled: boolean): void {
  const client = useQueryClient();
  const status = useRealtimeStatus();
  const wasConnected = useRef(false);

  useEffect(() => {
    if (!enabled) return;
    return realtime.on('notification', (event) => {
      if (!isStored(event.id)) return; // routeNotification filters these; a second guard is cheap
      const notification = toNotification(event);
      const lists = client.getQueriesData<NotificationPages>({ queryKey: notificationKeys.lists() });
      // Already listed (a page fetched just after it was stored): counted already.
      if (lists.some(([, data]) => containsNotification(data, notification.id))) return;
      client.setQueryData<NotificationPages>(notificationKeys.list(false), (data) =>
        prependNotification(data, notification),
      );
      if (!notification.isRead) {
        client.setQueryData<NotificationPages>(notificationKeys.list(true), (data) =>
          prependNotification(data, notification),
        );
        client.setQueryData<number>(notificationKeys.unreadCount(), (count) =>
          count === undefined ? count : count + 1,
        );
      }
    });
  }, [client, enabled]);

  useEffect(() => {
    if (!enabled || status !== 'connected') return;
    if (wasConnected.current) {
      void client.invalidateQueries({ queryKey: notificationKeys.unreadCount() });
      void client.invalidateQueries({ queryKey: notificationKeys.lists() });
    }
    wasConnected.current = true;
  }, [client, enabled, status]);
}
