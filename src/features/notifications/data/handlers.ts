// After the server confirms a read mark or a delete: the screen waiting gets the answer, and the
// cached lists and the bell take the server's figures (a replay from an earlier session too), the
// bell in order with the other notification writes' answers (answered-count.ts, the bell race).
import type { Notification } from '@/contract/notifications';
import { settleSent } from '@/lib/offline/outcome';
import { type OnSent, type OutboxHandlers, withKindLabels } from '@/lib/outbox';
import { queryClient } from '@/lib/query/query-client';
import { markReadInPages, replaceNotification } from '../cache';
import { notificationKeys } from '../api/notification-keys';
import { updateLists } from '../api/optimistic';
import { applyAnsweredCount } from './answered-count';
import { NOTIFICATION_KINDS } from './writes';

const applied: OnSent = async (entry, data) => {
  // A screen waiting for it (a tapped notification, a delete) sets the bell with its own client.
  const awaited = settleSent(entry, data);
  const answer = data as
    { unreadCount?: unknown; notification?: Notification; ids?: unknown } | null | undefined;
  if (answer?.notification) {
    const notification = answer.notification;
    updateLists(queryClient, (pages) => replaceNotification(pages, notification));
  }
  // read-related: the ids it marked read (some this device may not have shown as read yet).
  if (Array.isArray(answer?.ids))
    for (const id of answer.ids)
      if (typeof id === 'string') updateLists(queryClient, (pages) => markReadInPages(pages, id));
  if (entry.kind === NOTIFICATION_KINDS.readAll)
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list(true) });
  if (typeof answer?.unreadCount === 'number' && !awaited)
    await applyAnsweredCount(queryClient, answer.unreadCount);
};

/** The notifications' reconciliation handlers, by entry kind (the app registers them). */
// Each kind with its label in the sync panel (the feature names its own writes).
export const notificationHandlers: OutboxHandlers = withKindLabels(
  {
    [NOTIFICATION_KINDS.read]: applied,
    [NOTIFICATION_KINDS.readAll]: applied,
    [NOTIFICATION_KINDS.delete]: applied,
    [NOTIFICATION_KINDS.readRelated]: applied,
  },
  {
    [NOTIFICATION_KINDS.read]: 'SYNC.KIND_NOTIFICATION_READ',
    [NOTIFICATION_KINDS.readAll]: 'SYNC.KIND_NOTIFICATION_READ_ALL',
    [NOTIFICATION_KINDS.delete]: 'SYNC.KIND_NOTIFICATION_DELETE',
    [NOTIFICATION_KINDS.readRelated]: 'SYNC.KIND_NOTIFICATION_READ_RELATED',
  },
);
