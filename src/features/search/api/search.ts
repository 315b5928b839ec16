import { infiniteQueryOptions, keepPreviousData, type InfiniteData } from '@tanstack/react-query';
import { SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX } from '@/contract/constants';
import type { SearchItem, SearchType } from '@/contract/search';
import { apiFetch } from '@/lib/http/api-client';

export interface SearchPage {
  items: SearchItem[];
  total: number;
  offset: number;
}
export type SearchPages = InfiniteData<SearchPage, number>;

/** The text as the server takes it: trimmed, at most SEARCH_QUERY_MAX characters. */
export const searchText = (q: string): string => q.trim().slice(0, SEARCH_QUERY_MAX);

/** GET /search?q&type&limit&offset: what I may see of one type, best first. */
export async function searchServer(
  type: SearchType,
  q: string,
  offset: number,
  signal?: AbortSignal,
): Promise<SearchPage> {
  const answer = await apiFetch<SearchItem[]>('/search', {
    query: { q: searchText(q), type, limit: SEARCH_PAGE_SIZE, offset },
    signal,
  });
  return { items: answer.data, total: answer.meta?.total ?? answer.data.length, offset };
}

export const searchKeys = {
  all: ['search'] as const,
  server: (type: SearchType, q: string) => ['search', 'server', type, q] as const,
  device: (type: SearchType, q: string) => ['search', 'device', type, q] as const,
};

export const serverSearchOptions = (type: SearchType, q: string, enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: searchKeys.server(type, searchText(q)),
    queryFn: ({ pageParam, signal }) => searchServer(type, q, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.items.length;
      return last.items.length === 0 || next >= last.total ? undefined : next;
    },
    enabled: enabled && searchText(q).length > 0,
    // While the next text is asked for, the last answer of the same tab stays on screen (no flash of
    // skeletons); another tab's items have another shape.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === type ? keepPreviousData(previous) : undefined,
  });
