import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationRead } from '@/contract/notifications';
import { api } from '@/lib/api-client';
import { findNotification, markReadInPages, removeFromPages, replaceNotification } from '../cache';
import { notificationKeys } from './notification-keys';
import {
  isNotFound,
  reportFailure,
  restoreSnapshot,
  setUnreadCount,
  takeSnapshot,
  updateLists,
} from './optimistic';

export function markNotificationRead(id: string): Promise<NotificationRead> {
  return api.put<NotificationRead>(`/notifications/${encodeURIComponent(id)}/read`);
}

/**
 * Optimistic: the item turns read and the bell drops by one at once (only when it was unread:
 * the spec's double decrement is not repeated here); the server's unreadCount then wins.
 * The callbacks live on the hook, so they still run after the tap navigated away.
 */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (id: string) => {
      const snapshot = await takeSnapshot(client);
      const wasUnread = snapshot.lists.some(([, data]) => findNotification(data, id)?.isRead === false);
      updateLists(client, (data) => markReadInPages(data, id));
      if (wasUnread) setUnreadCount(client, (count) => count - 1);
      return snapshot;
    },
    onSuccess: ({ notification, unreadCount }) => {
      updateLists(client, (data) => replaceNotification(data, notification));
      setUnreadCount(client, unreadCount);
    },
    onError: (error, id, snapshot) => {
      restoreSnapshot(client, snapshot);
      if (isNotFound(error)) {
        // Deleted meanwhile (another device): it goes, and the count is asked again.
        updateLists(client, (data) => removeFromPages(data, id));
        void client.invalidateQueries({ queryKey: notificationKeys.unreadCount() });
        return;
      }
      reportFailure(error);
    },
  });
}
