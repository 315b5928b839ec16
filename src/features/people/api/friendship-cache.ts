// Optimistic edits of the cached people lists when a friendship changes, and their undo. Every
// list that shows a member's friendship state is patched, so a button never contradicts another.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Friendship, FriendRequests, FriendSuggestion, Profile } from '@/contract/people';
import type { FriendsPages } from './get-friends';
import { friendsKeys, peopleKeys } from './keys';
import type { SearchPages } from './search-people';

export type CacheSnapshot = Array<[QueryKey, unknown]>;

/** Stops refetches that would overwrite the optimistic state, and keeps what to restore. */
export async function takeSnapshot(queryClient: QueryClient): Promise<CacheSnapshot> {
  await Promise.all([
    queryClient.cancelQueries({ queryKey: friendsKeys.all }),
    queryClient.cancelQueries({ queryKey: peopleKeys.all }),
  ]);
  return [
    ...queryClient.getQueriesData({ queryKey: friendsKeys.all }),
    ...queryClient.getQueriesData({ queryKey: peopleKeys.all }),
  ];
}

export function restoreSnapshot(queryClient: QueryClient, snapshot: CacheSnapshot | undefined): void {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}

/** Where I stand with `userId`, in the search results, the suggestions and their profile. */
export function setFriendship(queryClient: QueryClient, userId: string, friendship: Friendship): void {
  queryClient.setQueriesData<SearchPages>({ queryKey: peopleKeys.searches() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((card) => (card.id === userId ? { ...card, friendship } : card)),
          })),
        }
      : data,
  );
  // Only friends see the bio and the e-mail (spec §7): they go with the friendship.
  const sees = friendship.status === 'friends' || friendship.status === 'self';
  queryClient.setQueryData<Profile>(peopleKeys.person(userId), (profile) =>
    profile ? { ...profile, friendship, ...(sees ? {} : { bio: null, email: null }) } : profile,
  );
  queryClient.setQueryData<FriendSuggestion[]>(friendsKeys.suggestions(), (list) =>
    list?.map((s) => (s.user.id === userId ? { ...s, user: { ...s.user, friendship } } : s)),
  );
}

/** The request leaves my pending lists (answered or cancelled). */
export function dropRequest(queryClient: QueryClient, requestId: string): void {
  queryClient.setQueryData<FriendRequests>(friendsKeys.requests(), (data) => {
    if (!data) return data;
    const incoming = data.incoming.filter((r) => r.id !== requestId);
    const outgoing = data.outgoing.filter((r) => r.id !== requestId);
    return {
      incoming,
      outgoing,
      incomingTotal: data.incomingTotal - (data.incoming.length - incoming.length),
      outgoingTotal: data.outgoingTotal - (data.outgoing.length - outgoing.length),
    };
  });
}

/** The friend leaves my friends list (and its count). */
export function dropFriend(queryClient: QueryClient, userId: string): void {
  queryClient.setQueryData<FriendsPages>(friendsKeys.list(), (data) => {
    if (!data) return data;
    const present = data.pages.some((page) => page.friends.some((f) => f.id === userId));
    if (!present) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        friends: page.friends.filter((f) => f.id !== userId),
        total: Math.max(0, page.total - 1),
      })),
    };
  });
}

/**
 * Answering or taking back a request, before the server has it: the request leaves the lists and
 * our friendship with the person follows. Answers what to restore should the write fail.
 */
export async function settleRequest(
  queryClient: QueryClient,
  requestId: string,
  userId: string,
  friendship: Friendship,
): Promise<CacheSnapshot> {
  const snapshot = await takeSnapshot(queryClient);
  dropRequest(queryClient, requestId);
  setFriendship(queryClient, userId, friendship);
  return snapshot;
}

/**
 * After a friendship write: ask the server again for what it changed. The suggestions keep the
 * card just acted on (its button says what happened) until the screen is opened again.
 */
export function refreshAfterWrite(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: friendsKeys.list() }),
    queryClient.invalidateQueries({ queryKey: friendsKeys.requests() }),
    queryClient.invalidateQueries({ queryKey: friendsKeys.suggestions(), refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
  ]);
}

/** Someone else changed our friendship (a live 'friend' notification): refresh everything. */
export function refreshAll(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: friendsKeys.all }),
    queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
  ]);
}
