import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Notification } from '@/contract/notifications';
import type { NotificationEvent, NotificationsReadEvent } from '@/contract/socket-events';
import { realtime } from '@/lib/realtime/socket';
import { containsNotification, markAllReadInPages, markReadInPages, prependNotification } from '../cache';
import type { NotificationPages } from '../api/get-notifications';
import { notificationKeys } from '../api/notification-keys';

/** Spec §3: an id of dashes only (36 of them) is a realtime event with nothing stored. */
const isStored = (id: string) => !/^-+$/.test(id);

function toNotification(event: NotificationEvent): Notification {
  return {
    id: event.id,
    type: event.type,
    jsonPayload: event.jsonPayload,
    actor: event.actor ?? null,
    isRead: event.isRead ?? false,
    createdAt: event.createdAt,
  };
}

/** The stream listener that applies a stored notification to the cached lists and the count. */
function applyLiveNotification(client: QueryClient, event: NotificationEvent): void {
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
}

/**
 * Another device read some (or all) of my notifications, or opened their item: they turn read in
 * every cached list and the bell shows the server's count.
 */
export function applyNotificationsRead(client: QueryClient, event: NotificationsReadEvent): void {
  client.setQueriesData<NotificationPages>({ queryKey: notificationKeys.lists() }, (data) =>
    event.all ? markAllReadInPages(data) : event.ids.reduce((pages, id) => markReadInPages(pages, id), data),
  );
  client.setQueryData<number>(notificationKeys.unreadCount(), event.unreadCount);
}

/**
 * One subscription per query client, however many components keep the bell live (the header's
 * bell and the document title both do): a second listener would count each notification twice.
 */
const liveSubscriptions = new WeakMap<QueryClient, { users: number; stop: () => void }>();

function subscribeLive(client: QueryClient): () => void {
  let entry = liveSubscriptions.get(client);
  if (!entry) {
    // Every transition of the socket is heard here (a status read through React could batch
    // "away" and "back"), once per client however many components watch.
    let connected = realtime.getStatus() === 'connected';
    const stops = [
      realtime.on('notification', (event) => applyLiveNotification(client, event)),
      realtime.on('notificationsRead', (event) => applyNotificationsRead(client, event)),
      realtime.subscribeStatus(() => {
        const now = realtime.getStatus() === 'connected';
        if (now && !connected) {
          void client.invalidateQueries({ queryKey: notificationKeys.unreadCount() });
          void client.invalidateQueries({ queryKey: notificationKeys.lists() });
        }
        connected = now;
      }),
    ];
    entry = { users: 0, stop: () => stops.forEach((stop) => stop()) };
    liveSubscriptions.set(client, entry);
  }
  entry.users += 1;
  const held = entry;
  return () => {
    held.users -= 1;
    if (held.users > 0) return;
    held.stop();
    liveSubscriptions.delete(client);
  };
}

/**
 * Keeps the bell and the lists live while a member is signed in: a stored notification from the
 * socket's 'notification' stream goes first in every cached list it belongs to and raises the
 * unread count once, however many components call this. What the server stored while this device
 * had no socket (before its first connection, or while it was away) sent no event here: each new
 * connection asks the count and the lists again. A socket already connected at mount adds nothing
 * to the mount's own ask.
 */
export function useLiveNotifications(enabled: boolean): void {
  const client = useQueryClient();

  useEffect(() => {
    if (!enabled) return;
    return subscribeLive(client);
  }, [client, enabled]);
}
