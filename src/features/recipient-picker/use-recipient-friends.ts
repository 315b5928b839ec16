// The friends the modal offers: page 1 of 50 first (spec §7, §9), then the next 50 on demand,
// asked for only once a current user exists (spec §2). A search filters what is loaded at once
// (spec §4) and, while some friends are not loaded yet, also asks the server (GET /friends?search,
// case and accents ignored), so a member with hundreds of friends can reach every one.
// A failure ends loading and is logged (spec §8); the modal says the list could not be loaded.
// The first pages are kept by the query persister (docs/DESIGN-NOTES.md: small queries persist),
// so a message can be written offline.
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { Friend } from '@/contract/people';
import { getFriends, type FriendsPage } from '@/features/people';
import { useSession } from '@/lib/auth/session';
import { RECIPIENT_FRIENDS_LIMIT, RECIPIENT_FRIENDS_PAGE } from './constants';
import { filterFriends } from './filter-friends';

/** Under the people feature's ['friends'] root: a friendship change refreshes it too. */
export const recipientFriendsKey = (userId: string | undefined) =>
  ['friends', 'recipient-pages', userId] as const;
const recipientSearchKey = (userId: string | undefined, text: string) =>
  [...recipientFriendsKey(userId), 'search', text.toLocaleLowerCase()] as const;

/** One page of 50 from `offset` (the first is page 1: offset 0), matching `search` when given. */
export async function loadRecipientFriends(
  offset = (RECIPIENT_FRIENDS_PAGE - 1) * RECIPIENT_FRIENDS_LIMIT,
  search?: string,
  signal?: AbortSignal,
): Promise<FriendsPage> {
  try {
    return await getFriends(
      { limit: RECIPIENT_FRIENDS_LIMIT, offset, ...(search ? { search } : {}) },
      signal,
    );
  } catch (error) {
    console.error('Error loading friends', error);
    throw error;
  }
}

const nextOffset = (last: FriendsPage): number | undefined => {
  const next = last.offset + last.friends.length;
  return last.friends.length === 0 || next >= last.total ? undefined : next;
};

const flatten = (data: InfiniteData<FriendsPage, unknown> | undefined): Friend[] => {
  const seen = new Set<string>();
  const friends: Friend[] = [];
  for (const friend of data?.pages.flatMap((page) => page.friends) ?? []) {
    if (seen.has(friend.id)) continue;
    seen.add(friend.id);
    friends.push(friend);
  }
  return friends;
};

const byName = (a: Friend, b: Friend): number =>
  a.firstName.localeCompare(b.firstName, undefined, { sensitivity: 'base' }) ||
  a.lastName.localeCompare(b.lastName, undefined, { sensitivity: 'base' }) ||
  a.username.localeCompare(b.username);

/** `search` is the settled (debounced) text of the search box. */
export function useRecipientFriends(search = '') {
  const userId = useSession().user?.id;
  const text = search.trim();
  const list = useInfiniteQuery({
    queryKey: recipientFriendsKey(userId),
    queryFn: ({ pageParam, signal }) => loadRecipientFriends(pageParam, undefined, signal),
    initialPageParam: (RECIPIENT_FRIENDS_PAGE - 1) * RECIPIENT_FRIENDS_LIMIT,
    getNextPageParam: nextOffset,
    enabled: Boolean(userId),
    // One attempt: a failure ends loading at once (spec §8).
    retry: false,
    meta: { persist: true },
  });
  // Every friend loaded already: the filter of the loaded ones is the whole answer.
  const askServer = Boolean(userId) && text !== '' && list.isSuccess && list.hasNextPage;
  const found = useInfiniteQuery({
    queryKey: recipientSearchKey(userId, text),
    queryFn: ({ pageParam, signal }) => loadRecipientFriends(pageParam, text, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    enabled: askServer,
    retry: false,
  });

  const friends = flatten(list.data);
  let shown = filterFriends(friends, text);
  if (askServer && found.data) {
    const ids = new Set(shown.map((friend) => friend.id));
    shown = [...shown, ...flatten(found.data).filter((friend) => !ids.has(friend.id))].sort(byName);
  }
  const paging = askServer ? found : list;

  return {
    /** Every friend loaded so far. */
    friends,
    /** The loaded friends that match the search, and the server's matches beyond them. */
    shown,
    // Before a current user exists nothing loads: the modal waits with its skeletons.
    loading: !userId || list.isPending,
    /** The first page could not be loaded (nothing to show). */
    failed: !list.data && list.isError,
    /** The search or a later page could not be loaded. */
    moreFailed: Boolean(list.data) && (list.isFetchNextPageError || (askServer && found.isError)),
    searching: askServer && found.isFetching && !found.isFetchingNextPage,
    hasMore: Boolean(list.data) && (paging.hasNextPage || (askServer && found.isPending)),
    loadingMore: paging.isFetchingNextPage,
    loadMore: () => {
      if (paging.hasNextPage && !paging.isFetching) void paging.fetchNextPage();
    },
    reload: () => Promise.all([list.refetch(), ...(askServer ? [found.refetch()] : [])]),
  };
}
