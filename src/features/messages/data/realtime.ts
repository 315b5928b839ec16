// Live messages (spec §4 socket routing: a 'message' notification feeds the message stream).
// A message received: fetched into Dexie, the unread count up by one. The server also tells my
// other devices what one of them did (jsonPayload.action: sent, read, deleted), so every device
// of mine shows the same folders and badge.
import type { NotificationEvent } from '@/contract/socket-events';
import { realtime } from '@/lib/realtime/socket';
import { onReconnect, sharedListener } from '@/lib/realtime/shared-listener';
import { dropMessage, refreshUnreadCount, syncMessage } from './sync';
import { readUnreadCount } from './unread';
import { localDb } from '@/lib/db';

export async function handleMessageEvent(event: NotificationEvent): Promise<void> {
  const id = event.jsonPayload.relatedMessageId;
  if (typeof id !== 'string' || !id) return;
  switch (event.jsonPayload.action) {
    case 'deleted':
      await dropMessage(id);
      await refreshUnreadCount();
      return;
    case 'read':
      await syncMessage(id);
      await refreshUnreadCount();
      return;
    case 'sent':
      await syncMessage(id);
      return;
    default: {
      const { added } = await syncMessage(id, { countArrival: true });
      // Never counted on this device yet: the server's figure, which includes this message.
      if (added && !(await readUnreadCount(await localDb()))) await refreshUnreadCount();
    }
  }
}

/**
 * Listens to the message stream while anything needs it (the header badge, the screens); returns
 * the release. On every socket (re)connection the count is asked again: events may have been missed.
 */
export const startMessagesRealtime: () => () => void = sharedListener(() => {
  const offStream = realtime.on('message', (event) => {
    void handleMessageEvent(event).catch((error: unknown) => console.warn('live message not applied', error));
  });
  const offStatus = onReconnect(() => {
    void refreshUnreadCount().catch((error: unknown) => console.warn('unread count not refreshed', error));
  });
  return () => {
    offStream();
    offStatus();
  };
});
