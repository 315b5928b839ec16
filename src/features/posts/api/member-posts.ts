// GET /users/{id}/posts: a member's posts I may read, paged like the feed (the cursor of
// meta.nextCursor). Online only: the profile shows what this device has of them meanwhile.
import { infiniteQueryOptions } from '@tanstack/react-query';
import { FEED_PAGE_SIZE } from '@/contract/constants';
import type { FeedMeta, Post } from '@/contract/posts';
import { apiFetch, ApiError, isNetworkError } from '@/lib/http/api-client';

export interface MemberPostsPage {
  posts: Post[];
  /** Posts of theirs I may read, in all. */
  total: number;
  nextCursor: string | null;
}

export const memberPostsKey = (memberId: string) => ['posts', 'member', memberId] as const;

export async function getMemberPosts(
  memberId: string,
  before: string | null,
  signal?: AbortSignal,
): Promise<MemberPostsPage> {
  const query = before ? { limit: FEED_PAGE_SIZE, offset: 0, before } : { limit: FEED_PAGE_SIZE, offset: 0 };
  const answer = await apiFetch<Post[]>(`/users/${encodeURIComponent(memberId)}/posts`, { query, signal });
  const meta = answer.meta as Partial<FeedMeta> | undefined;
  return {
    posts: answer.data,
    total: typeof meta?.total === 'number' ? meta.total : answer.data.length,
    nextCursor: typeof meta?.nextCursor === 'string' ? meta.nextCursor : null,
  };
}

/** A 4xx is an answer; a network failure waits for the connection (the screen offers a retry). */
export const retryServerErrors = (count: number, error: unknown) =>
  count < 1 && !(error instanceof ApiError && error.status < 500) && !isNetworkError(error);

export const memberPostsQueryOptions = (memberId: string) =>
  infiniteQueryOptions({
    queryKey: memberPostsKey(memberId),
    queryFn: ({ pageParam, signal }) => getMemberPosts(memberId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryServerErrors,
  });
