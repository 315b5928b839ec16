import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '@/contract/notifications';
import { api } from '@/lib/http/api-client';
import { sessionStore } from '@/lib/auth/session-store';
import { afterFirstContent } from '@/lib/first-paint/first-content';
import { isDeviceDataWanted } from '@/lib/offline/device-data-wanted';
import { writesWaiting } from '@/lib/offline/writes-waiting';
import { notificationKeys } from './notification-keys';

export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const data = await api.get<UnreadCount>('/notifications/unread/count', { signal });
  return data.count;
}

/** The bell's figure. Live events and the server's answers to read/delete keep it current. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: async ({ signal }) => {
      const count = await getUnreadCount(signal);
      // Read marks still queued on this device lower the server's figure. The data layer (Dexie)
      // is loaded here, after the first paint (and the feed's first post), so the bell keeps it out
      // of the first render; and only when writes wait or the device's data is already in use:
      // with an empty outbox the server's figure is the answer (lib/offline/shell-settled.ts).
      await afterFirstContent();
      if (!isDeviceDataWanted() && !(await writesWaiting(sessionStore.getState().user?.id))) return count;
      const { overUnreadCount } = await import('../data/writes');
      return overUnreadCount(count);
    },
    meta: { persist: true },
  });

export function useUnreadCount(enabled = true) {
  return useQuery({ ...unreadCountQueryOptions(), enabled });
}
