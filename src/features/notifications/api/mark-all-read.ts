import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationsReadAll } from '@/contract/notifications';
import { api } from '@/lib/api-client';
import { markAllReadInPages } from '../cache';
import { notificationKeys } from './notification-keys';
import { reportFailure, restoreSnapshot, setUnreadCount, takeSnapshot, updateLists } from './optimistic';

export function markAllNotificationsRead(): Promise<NotificationsReadAll> {
  return api.put<NotificationsReadAll>('/notifications/read-all');
}

/** Optimistic: everything shown turns read and the bell shows none; the server's count then wins. */
export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      const snapshot = await takeSnapshot(client);
      updateLists(client, markAllReadInPages);
      setUnreadCount(client, 0);
      return snapshot;
    },
    onSuccess: ({ unreadCount }) => {
      setUnreadCount(client, unreadCount);
      // The unread-only list is now empty on the server; the full list keeps its pages as shown.
      void client.invalidateQueries({ queryKey: notificationKeys.list(true) });
    },
    onError: (error, _vars, snapshot) => {
      restoreSnapshot(client, snapshot);
      reportFailure(error);
    },
  });
}
