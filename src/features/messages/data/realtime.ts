// Live messages (spec §4 socket routing: a 'message' notification feeds the message stream).
// A message received: fetched into Dexie, the unread count up by one. The server also tells my
// other devices what one of them did (jsonPayload.action: sent, read, deleted), so every device
// of mine shows the same folders and badge.
import type { NotificationEvent } from '@/contract/socket-events';
import { realtime } from '@/lib/socket';
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

let users = 0;
let stop: (() => void) | null = null;

/**
 * Listens to the message stream while anything needs it (the header badge, the screens); returns
 * the release. On every socket (re)connection the count is asked again: events may have been missed.
 */
export function startMessagesRealtime(): () => void {
  users += 1;
  if (!stop) {
    const offStream = realtime.on('message', (event) => {
      void handleMessageEvent(event).catch((error: unknown) =>
        console.warn('live message not applied', error),
      );
    });
    let connected = realtime.getStatus() === 'connected';
    const offStatus = realtime.subscribeStatus(() => {
      const now = realtime.getStatus() === 'connected';
      if (now && !connected) {
        void refreshUnreadCount().catch((error: unknown) =>
          console.warn('unread count not refreshed', error),
        );
      }
      connected = now;
    });
    stop = () => {
      offStream();
      offStatus();
    };
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users -= 1;
    if (users === 0 && stop) {
      stop();
      stop = null;
    }
  };
}
