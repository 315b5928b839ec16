import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FriendRequests } from '@/contract/people';
import { api } from '@/lib/http/api-client';
import { friendsKeys } from './keys';
import { overRequests } from './pending-overlay';
import { retryOnline } from './retry';

/** GET /friends/requests: my pending requests, received (incoming) and sent (outgoing). */
export function getFriendRequests(signal?: AbortSignal): Promise<FriendRequests> {
  return api.get<FriendRequests>('/friends/requests', { signal });
}

export const friendRequestsQueryOptions = () =>
  queryOptions({
    queryKey: friendsKeys.requests(),
    queryFn: async ({ signal }) => overRequests(await getFriendRequests(signal)),
    retry: retryOnline,
    meta: { persist: true },
  });

export function useFriendRequests() {
  return useQuery(friendRequestsQueryOptions());
}
