// GET /tags/{tag}/posts: the posts carrying a tag that my feed would show, paged like the feed
// (the cursor of meta.nextCursor). Online only: a tag's page is a search of the server's posts.
import { infiniteQueryOptions } from '@tanstack/react-query';
import { FEED_PAGE_SIZE } from '@/contract/constants';
import { hashtagKey } from '@/contract/hashtags';
import type { FeedMeta, Post } from '@/contract/posts';
import { apiFetch } from '@/lib/http/api-client';
import { retryServerErrors, type MemberPostsPage } from './member-posts';

export type TagPostsPage = MemberPostsPage;

/** One cache entry per tag, however it is written (#Mégane and #megane are one tag). */
export const tagPostsKey = (tag: string) => ['posts', 'tag', hashtagKey(tag)] as const;

export async function getTagPosts(
  tag: string,
  before: string | null,
  signal?: AbortSignal,
): Promise<TagPostsPage> {
  const query = before ? { limit: FEED_PAGE_SIZE, offset: 0, before } : { limit: FEED_PAGE_SIZE, offset: 0 };
  const answer = await apiFetch<Post[]>(`/tags/${encodeURIComponent(tag)}/posts`, { query, signal });
  const meta = answer.meta as Partial<FeedMeta> | undefined;
  return {
    posts: answer.data,
    total: typeof meta?.total === 'number' ? meta.total : answer.data.length,
    nextCursor: typeof meta?.nextCursor === 'string' ? meta.nextCursor : null,
  };
}

export const tagPostsQueryOptions = (tag: string) =>
  infiniteQueryOptions({
    queryKey: tagPostsKey(tag),
    queryFn: ({ pageParam, signal }) => getTagPosts(tag, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryServerErrors,
  });
