import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '@/contract/notifications';
import { api } from '@/lib/http/api-client';
import { afterFirstContent } from '@/lib/first-paint/first-content';
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
      // of the first render.
      await afterFirstContent();
      const { overUnreadCount } = await import('../data/writes');
      return overUnreadCount(count);
    },
    meta: { persist: true },
  });

export function useUnreadCount(enabled = true) {
  return useQuery({ ...unreadCountQueryOptions(), enabled });
}
