import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatGroup } from '@/contract/chat';
import { api, isNetworkError } from '@/lib/http/api-client';
import { chatGroupKeys } from './keys';

/** GET /chat-groups/{id}: the group with its members (404 when I am not in it). */
export function getChatGroup(id: string, signal?: AbortSignal): Promise<ChatGroup> {
  return api.get<ChatGroup>(`/chat-groups/${encodeURIComponent(id)}`, { signal });
}

export const chatGroupQueryOptions = (id: string) =>
  queryOptions({
    queryKey: chatGroupKeys.one(id),
    queryFn: ({ signal }) => getChatGroup(id, signal),
    retry: (count, error) =>
      !isNetworkError(error) && (error as { status?: number }).status !== 404 && count < 2,
  });

export function useChatGroup(id: string) {
  return useQuery(chatGroupQueryOptions(id));
}
