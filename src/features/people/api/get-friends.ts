import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { FRIENDS_PAGE_SIZE } from '@/contract/constants';
import type { Friend, FriendList } from '@/contract/people';
import { apiFetch } from '@/lib/http/api-client';
import type { FriendsPage } from './friends-page';
import { friendsKeys } from './keys';
import { retryOnline } from './retry';

export type { FriendsPage, FriendsPages } from './friends-page';

/**
 * GET /friends?limit&offset[&search]: `data.friends` (spec §3), `meta.total`. With `search`, only
 * the friends whose username or name holds it (case and accents ignored; `total` counts them).
 */
export async function getFriends(
  { limit, offset, search }: { limit: number; offset: number; search?: string },
  signal?: AbortSignal,
): Promise<FriendsPage> {
  const text = search?.trim();
  const query = text ? { limit, offset, search: text } : { limit, offset };
  const answer = await apiFetch<FriendList>('/friends', { query, signal });
  return { friends: answer.data.friends, total: answer.meta?.total ?? answer.data.friends.length, offset };
}

/** My friends, 20 per page (spec §9), by first name then last name. */
export const friendsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: friendsKeys.list(),
    queryFn: async ({ pageParam, signal }) => {
      const page = await getFriends({ limit: FRIENDS_PAGE_SIZE, offset: pageParam }, signal);
      // The overlay reads the outbox (Dexie): imported here, so a post card's "liked by" line,
      // which only reads this cache, keeps Dexie out of the feed's first paint.
      const { overFriendsPage } = await import('./pending-overlay');
      return overFriendsPage(page);
    },
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.friends.length;
      return last.friends.length === 0 || next >= last.total ? undefined : next;
    },
    retry: retryOnline,
    // Small and wanted offline (docs/DESIGN-NOTES.md): kept in localStorage by the query persister.
    meta: { persist: true },
  });

export function useFriends() {
  return useInfiniteQuery(friendsQueryOptions());
}

/** How many friends I have (the first page's `meta.total`), from the same cached list. */
export function useFriendsCount() {
  return useInfiniteQuery({ ...friendsQueryOptions(), select: (data) => data.pages[0]?.total ?? 0 });
}

export const friendsOf = (data: InfiniteData<FriendsPage, unknown> | undefined): Friend[] =>
  data ? data.pages.flatMap((page) => page.friends) : [];
