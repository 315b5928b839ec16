// Opening an item (a post, a message, a chat room, a car, a friend request) marks its
// notifications read on every device: the bell and the list change here at once, and
// POST /notifications/read-related goes through the outbox (offline too, sent exactly once); the
// server then tells the member's other devices (`notificationsRead`).
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NotificationRelatedType } from '@/contract/notifications';
import { markReadInPages } from '../cache';
import { isAbout } from '../related';
import type { NotificationPages } from './get-notifications';
import { notificationKeys } from './notification-keys';
import { setUnreadCount, updateLists } from './optimistic';

/** A change of a cached notification list (not another feature's list). */
const isListEvent = (event: { type: string; query: { queryKey: readonly unknown[] } }) =>
  event.type === 'updated' &&
  event.query.queryKey[0] === notificationKeys.all[0] &&
  event.query.queryKey[1] === notificationKeys.lists()[1];

/** The unread notifications this device lists about the item. */
function unreadAbout(
  client: QueryClient,
  relatedType: NotificationRelatedType,
  relatedId: string,
): Set<string> {
  const ids = new Set<string>();
  for (const [, data] of client.getQueriesData<NotificationPages>({ queryKey: notificationKeys.lists() }))
    for (const page of data?.pages ?? [])
      for (const item of page.items)
        if (!item.isRead && isAbout(item, relatedType, relatedId)) ids.add(item.id);
  return ids;
}

/**
 * Marks the item's notifications read when this device lists an unread one (no outbox entry per
 * page view otherwise); answers whether it queued the mark. A queued mark of the same item shows
 * its notifications read already, so a second visit queues nothing.
 */
export async function markRelatedRead(
  client: QueryClient,
  relatedType: NotificationRelatedType,
  relatedId: string,
): Promise<boolean> {
  const ids = unreadAbout(client, relatedType, relatedId);
  if (!ids.size) return false;
  updateLists(client, (data) => [...ids].reduce((pages, id) => markReadInPages(pages, id), data));
  setUnreadCount(client, (count) => count - ids.size);
  // The data layer (Dexie) loads with the first item opened, not with the first screen.
  const { queueNotificationsReadRelated } = await import('../data/writes');
  try {
    await queueNotificationsReadRelated(relatedType, relatedId, crypto.randomUUID(), undefined, [...ids]);
  } catch (error) {
    // Not kept (a full disk): the next refresh shows the server's state again.
    console.warn('related notifications not marked read', error);
    void client.invalidateQueries({ queryKey: notificationKeys.all });
    return false;
  }
  return true;
}

/** While a screen shows an item: its notifications are read (again when one arrives meanwhile). */
export function useMarkRelatedRead(
  relatedType: NotificationRelatedType,
  relatedId: string | null | undefined,
) {
  const client = useQueryClient();
  useEffect(() => {
    if (!relatedId) return;
    void markRelatedRead(client, relatedType, relatedId);
    // A notification about it that arrives while it is open is read at once too.
    const cache = client.getQueryCache();
    return cache.subscribe((event) => {
      if (!isListEvent(event)) return;
      if (unreadAbout(client, relatedType, relatedId).size)
        void markRelatedRead(client, relatedType, relatedId);
    });
  }, [client, relatedType, relatedId]);
}

/**
 * The friends screen's requests tab is open: the friend requests this device lists unread are
 * read (each by its request, as answering it would).
 */
export function useMarkFriendRequestsRead(open: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!open) return;
    const markShown = () => {
      const requests = new Set<string>();
      for (const [, data] of client.getQueriesData<NotificationPages>({ queryKey: notificationKeys.lists() }))
        for (const page of data?.pages ?? [])
          for (const item of page.items) {
            const requestId = (item.jsonPayload as Record<string, unknown>).relatedFriendRequestId;
            if (!item.isRead && item.type === 'friend' && typeof requestId === 'string')
              requests.add(requestId);
          }
      for (const requestId of requests) void markRelatedRead(client, 'friend-request', requestId);
    };
    markShown();
    return client.getQueryCache().subscribe((event) => {
      if (isListEvent(event)) markShown();
    });
  }, [client, open]);
}
