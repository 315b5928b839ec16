// Shared by the read, read-all and delete mutations: snapshot the caches an optimistic change
// touches, put them back when the server refuses, and say why in one toast.
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, isNetworkError } from '@/lib/http/api-client';
import { i18n } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import type { NotificationPages } from './get-notifications';
import { notificationKeys } from './notification-keys';
import { findNotification } from '../cache';

export interface Snapshot {
  lists: [readonly unknown[], NotificationPages | undefined][];
  count: number | undefined;
}

/** Stops refetches that would overwrite the optimistic change, then remembers the caches. */
export async function takeSnapshot(client: QueryClient): Promise<Snapshot> {
  await client.cancelQueries({ queryKey: notificationKeys.all });
  return {
    lists: client.getQueriesData<NotificationPages>({ queryKey: notificationKeys.lists() }),
    count: client.getQueryData<number>(notificationKeys.unreadCount()),
  };
}

export function restoreSnapshot(client: QueryClient, snapshot: Snapshot | undefined): void {
  if (!snapshot) return;
  for (const [key, data] of snapshot.lists) client.setQueryData(key, data);
  client.setQueryData(notificationKeys.unreadCount(), snapshot.count);
}

export function updateLists(
  client: QueryClient,
  update: (data: NotificationPages | undefined) => NotificationPages | undefined,
): void {
  client.setQueriesData<NotificationPages>({ queryKey: notificationKeys.lists() }, update);
}

export function setUnreadCount(client: QueryClient, update: number | ((count: number) => number)): void {
  client.setQueryData<number>(notificationKeys.unreadCount(), (count) => {
    if (typeof update === 'number') return update;
    return count === undefined ? count : Math.max(0, update(count));
  });
}

/**
 * The optimistic change of one notification: snapshot the caches, apply `update` to every list, and
 * drop the bell by one when that notification was unread. Returns the snapshot to restore on refusal.
 */
export async function changeOne(
  client: QueryClient,
  id: string,
  update: (data: NotificationPages | undefined) => NotificationPages | undefined,
): Promise<Snapshot> {
  const snapshot = await takeSnapshot(client);
  const wasUnread = snapshot.lists.some(([, data]) => findNotification(data, id)?.isRead === false);
  updateLists(client, update);
  if (wasUnread) setUnreadCount(client, (count) => count - 1);
  return snapshot;
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * 429 and 401 were told already by the api client's error catalogue (a toast, the login page);
 * anything else gets one toast here.
 */
export function reportFailure(error: unknown): void {
  if (error instanceof ApiError && (error.status === 429 || error.status === 401)) return;
  toast.show({
    kind: 'error',
    message: i18n._(isNetworkError(error) ? 'NOTIFICATIONS.ACTION_OFFLINE' : 'NOTIFICATIONS.ACTION_FAILED'),
  });
}
