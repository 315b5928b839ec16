import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationsReadAll } from '@/contract/notifications';
import { queueAndAwait } from '@/lib/offline/outcome';
import { queueNotificationsReadAll } from '../data/writes';
import { markAllReadInPages } from '../cache';
import { notificationKeys } from './notification-keys';
import { reportFailure, restoreSnapshot, setUnreadCount, takeSnapshot, updateLists } from './optimistic';

/** PUT /notifications/read-all through the outbox (offline too). */
export function markAllNotificationsRead() {
  return queueAndAwait<NotificationsReadAll>((id) => queueNotificationsReadAll(id));
}

/** Optimistic: everything shown turns read and the bell shows none; the server's count then wins. */
export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: () => markAllNotificationsRead(),
    onMutate: async () => {
      const snapshot = await takeSnapshot(client);
      updateLists(client, markAllReadInPages);
      setUnreadCount(client, 0);
      return snapshot;
    },
    onSuccess: (outcome) => {
      if (!outcome.sent) return; // kept on this device: the optimistic change stays
      setUnreadCount(client, outcome.data.unreadCount);
      // The unread-only list is now empty on the server; the full list keeps its pages as shown.
      void client.invalidateQueries({ queryKey: notificationKeys.list(true) });
    },
    onError: (error, _vars, snapshot) => {
      restoreSnapshot(client, snapshot);
      reportFailure(error);
    },
  });
}
