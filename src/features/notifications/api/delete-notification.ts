import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationDeleted } from '@/contract/notifications';
import { api } from '@/lib/api-client';
import { findNotification, removeFromPages } from '../cache';
import { notificationKeys } from './notification-keys';
import {
  isNotFound,
  reportFailure,
  restoreSnapshot,
  setUnreadCount,
  takeSnapshot,
  updateLists,
} from './optimistic';

export function deleteNotification(id: string): Promise<NotificationDeleted> {
  return api.delete<NotificationDeleted>(`/notifications/${encodeURIComponent(id)}`);
}

/** Optimistic: the row goes at once (and the bell drops when it was unread); the server's count wins. */
export function useDeleteNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onMutate: async (id: string) => {
      const snapshot = await takeSnapshot(client);
      const wasUnread = snapshot.lists.some(([, data]) => findNotification(data, id)?.isRead === false);
      updateLists(client, (data) => removeFromPages(data, id));
      if (wasUnread) setUnreadCount(client, (count) => count - 1);
      return snapshot;
    },
    onSuccess: ({ unreadCount }) => setUnreadCount(client, unreadCount),
    onError: (error, _id, snapshot) => {
      if (isNotFound(error)) {
        // Gone already: what the member wanted. Only the count may be off.
        void client.invalidateQueries({ queryKey: notificationKeys.unreadCount() });
        return;
      }
      restoreSnapshot(client, snapshot);
      reportFailure(error);
    },
  });
}
