import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FriendSuggestion } from '@/contract/people';
import { api } from '@/lib/http/api-client';
import { friendsKeys } from './keys';
import { overSuggestions } from './pending-overlay';
import { retryOnline } from './retry';

/** GET /friends/suggestions: people I may know, with why (mutual friends, city, car makes). */
export function getFriendSuggestions(signal?: AbortSignal): Promise<FriendSuggestion[]> {
  return api.get<FriendSuggestion[]>('/friends/suggestions', { signal });
}

export const friendSuggestionsQueryOptions = () =>
  queryOptions({
    queryKey: friendsKeys.suggestions(),
    queryFn: async ({ signal }) => overSuggestions(await getFriendSuggestions(signal)),
    retry: retryOnline,
  });

export function useFriendSuggestions() {
  return useQuery(friendSuggestionsQueryOptions());
}
