import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationDeleted } from '@/contract/notifications';
import { queueAndAwait } from '@/lib/offline/outcome';
import { applyAnsweredCount } from '../data/answered-count';
import { queueNotificationDelete } from '../data/writes';
import { removeFromPages } from '../cache';
import { notificationKeys } from './notification-keys';
import { changeOne, isNotFound, reportFailure, restoreSnapshot } from './optimistic';

/** DELETE /notifications/{id} through the outbox (offline too; a 404 is done: gone already). */
export function deleteNotification(id: string) {
  return queueAndAwait<NotificationDeleted | undefined>((key) => queueNotificationDelete(id, key));
}

/** Optimistic: the row goes at once (and the bell drops when it was unread); the server's count wins. */
export function useDeleteNotification() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (id: string) => deleteNotification(id),
    onMutate: (id: string) => changeOne(client, id, (data) => removeFromPages(data, id)),
    onSuccess: async (outcome) => {
      // Kept on this device, or gone already (404, no answer): the optimistic change stays.
      if (!outcome.sent || !outcome.data) {
        if (outcome.sent) void client.invalidateQueries({ queryKey: notificationKeys.unreadCount() });
        return;
      }
      // In order with the other notification writes' answers (the bell race).
      await applyAnsweredCount(client, outcome.data.unreadCount);
    },
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
