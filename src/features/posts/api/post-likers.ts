// GET /posts/{id}/likes: who liked a post, most recent first, 20 at a time (offset paging).
import { infiniteQueryOptions } from '@tanstack/react-query';
import { POST_LIKERS_PAGE_SIZE } from '@/contract/constants';
import type { LikersMeta, PostLiker } from '@/contract/posts';
import { apiFetch } from '@/lib/http/api-client';
import { retryServerErrors } from './member-posts';

export interface LikersPage {
  likers: PostLiker[];
  total: number;
  offset: number;
}

export const postLikersKey = (postId: string) => ['posts', 'likers', postId] as const;

export async function getPostLikers(
  postId: string,
  offset: number,
  signal?: AbortSignal,
): Promise<LikersPage> {
  const answer = await apiFetch<PostLiker[]>(`/posts/${encodeURIComponent(postId)}/likes`, {
    query: { limit: POST_LIKERS_PAGE_SIZE, offset },
    signal,
  });
  const meta = answer.meta as Partial<LikersMeta> | undefined;
  return {
    likers: answer.data,
    total: typeof meta?.total === 'number' ? meta.total : answer.data.length,
    offset,
  };
}

export const postLikersQueryOptions = (postId: string) =>
  infiniteQueryOptions({
    queryKey: postLikersKey(postId),
    queryFn: ({ pageParam, signal }) => getPostLikers(postId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.likers.length;
      return last.likers.length === 0 || next >= last.total ? undefined : next;
    },
    retry: retryServerErrors,
  });
