import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationRead } from '@/contract/notifications';
import { localDb } from '@/lib/db';
import { queueAndAwait } from '@/lib/offline/outcome';
import { discardEntry } from '@/lib/outbox';
import { applyAnsweredCount } from '../data/answered-count';
import { queueNotificationRead } from '../data/writes';
import { markReadInPages, removeFromPages, replaceNotification } from '../cache';
import { notificationKeys } from './notification-keys';
import { changeOne, isNotFound, reportFailure, restoreSnapshot, updateLists } from './optimistic';

/** PUT /notifications/{id}/read through the outbox (offline too); `entryId` names the entry. */
export function markNotificationRead(id: string, entryId: string = crypto.randomUUID()) {
  return queueAndAwait<NotificationRead>((key) => queueNotificationRead(id, key), { id: entryId });
}

/**
 * Optimistic: the item turns read and the bell drops by one at once (only when it was unread:
 * the spec's double decrement is not repeated here); the server's unreadCount then wins (set by
 * the outbox handler).
 * The callbacks live on the hook, so they still run after the tap navigated away. Offline the mark
 * is kept on this device and sent once online.
 */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (id: string) => markNotificationRead(id),
    onMutate: (id: string) => changeOne(client, id, (data) => markReadInPages(data, id)),
    onSuccess: async (outcome) => {
      if (!outcome.sent) return; // kept on this device: the optimistic change stays
      const { notification, unreadCount } = outcome.data;
      updateLists(client, (data) => replaceNotification(data, notification));
      // Its count may be older than the read-related answer that flew with it (the bell race).
      await applyAnsweredCount(client, unreadCount);
    },
    onError: (error, id, snapshot) => {
      restoreSnapshot(client, snapshot);
      if (isNotFound(error)) {
        // Deleted meanwhile (another device): it goes, and the count is asked again. The mark
        // has nothing left to do: it does not wait under "needs attention".
        void discardNotFound(id);
        updateLists(client, (data) => removeFromPages(data, id));
        void client.invalidateQueries({ queryKey: notificationKeys.unreadCount() });
        return;
      }
      reportFailure(error);
    },
  });
}

/** The refused read mark of a notification gone from the server: dropped from the outbox. */
async function discardNotFound(notificationId: string): Promise<void> {
  const database = await localDb();
  const entries = await database.outbox.where('entityId').equals(`notification:${notificationId}`).toArray();
  for (const entry of entries) if (entry.status === 'failed') await discardEntry(entry.id, database);
}
