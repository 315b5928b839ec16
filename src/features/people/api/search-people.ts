import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT, PEOPLE_SEARCH_MIN_LENGTH } from '@/contract/constants';
import type { PersonCard } from '@/contract/people';
import { apiFetch } from '@/lib/http/api-client';
import { peopleKeys } from './keys';
import { overCards } from './pending-overlay';
import { retryOnline } from './retry';

export const PEOPLE_SEARCH_PAGE_SIZE = PAGE_SIZE_DEFAULT;

export interface SearchPage {
  items: PersonCard[];
  total: number;
  offset: number;
}
export type SearchPages = InfiniteData<SearchPage, number>;

/** The server refuses shorter texts; the screen does not ask. */
export const isSearchable = (q: string): boolean => q.trim().length >= PEOPLE_SEARCH_MIN_LENGTH;

/** GET /users/search?q&limit&offset: members by name, username or city, with our friendship. */
export async function searchPeople(q: string, offset: number, signal?: AbortSignal): Promise<SearchPage> {
  const answer = await apiFetch<PersonCard[]>('/users/search', {
    query: { q: q.trim(), limit: PEOPLE_SEARCH_PAGE_SIZE, offset },
    signal,
  });
  return { items: await overCards(answer.data), total: answer.meta?.total ?? answer.data.length, offset };
}

export const peopleSearchQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: peopleKeys.search(q.trim()),
    queryFn: ({ pageParam, signal }) => searchPeople(q, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.items.length;
      return last.items.length === 0 || next >= last.total ? undefined : next;
    },
    retry: retryOnline,
    enabled: isSearchable(q),
    // While the next text is asked for, the last answer stays on screen (no flash of skeletons).
    placeholderData: (previous) => (isSearchable(q) ? keepPreviousData(previous) : undefined),
  });

export function usePeopleSearch(q: string) {
  return useInfiniteQuery(peopleSearchQueryOptions(q));
}

export const searchResultsOf = (data: InfiniteData<SearchPage, unknown> | undefined): PersonCard[] =>
  data ? data.pages.flatMap((page) => page.items) : [];
