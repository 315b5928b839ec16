// The friends the modal offers: page 1 of 50 (spec §7, §9), asked for only once a current user
// exists (spec §2). A failure ends loading and is logged, with no message to the member (spec §8).
// Kept by the query persister (docs/DESIGN-NOTES.md: small queries persist), so a message can be written offline.
import { useQuery } from '@tanstack/react-query';
import type { FriendList } from '@/contract/people';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';
import { RECIPIENT_FRIENDS_LIMIT, RECIPIENT_FRIENDS_PAGE } from './constants';

/** Under the people feature's ['friends'] root: a friendship change refreshes it too. */
export const recipientFriendsKey = (userId: string | undefined) => ['friends', 'recipients', userId] as const;

export async function loadRecipientFriends(signal?: AbortSignal) {
  try {
    const answer = await api.get<FriendList>('/friends', {
      query: {
        limit: RECIPIENT_FRIENDS_LIMIT,
        offset: (RECIPIENT_FRIENDS_PAGE - 1) * RECIPIENT_FRIENDS_LIMIT,
      },
      ...(signal ? { signal } : {}),
    });
    return answer.friends;
  } catch (error) {
    console.error('Error loading friends', error);
    throw error;
  }
}

export function useRecipientFriends() {
  const userId = useSession().user?.id;
  const query = useQuery({
    queryKey: recipientFriendsKey(userId),
    queryFn: ({ signal }) => loadRecipientFriends(signal),
    enabled: Boolean(userId),
    // One attempt: a failure ends loading at once (spec §8).
    retry: false,
    meta: { persist: true },
  });
  return {
    friends: query.data ?? [],
    // Before a current user exists nothing loads: the modal waits with its skeletons.
    loading: !userId || query.isPending,
    reload: () => query.refetch(),
  };
}
