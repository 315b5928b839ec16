import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '@/contract/notifications';
import { api } from '@/lib/api-client';
import { overUnreadCount } from '../data/writes';
import { notificationKeys } from './notification-keys';

export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const data = await api.get<UnreadCount>('/notifications/unread/count', { signal });
  return data.count;
}

/** The bell's figure. Live events and the server's answers to read/delete keep it current. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: async ({ signal }) => overUnreadCount(await getUnreadCount(signal)),
    meta: { persist: true },
  });

export function useUnreadCount(enabled = true) {
  return useQuery({ ...unreadCountQueryOptions(), enabled });
}
