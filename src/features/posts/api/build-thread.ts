// GET /cars/{id}/build-thread: the posts about a car that I may read, oldest first, paged by
// offset. Online only: the car page says so when the network is not there.
import { infiniteQueryOptions } from '@tanstack/react-query';
import { FEED_PAGE_SIZE } from '@/contract/constants';
import type { BuildThreadMeta, Post } from '@/contract/posts';
import { apiFetch } from '@/lib/http/api-client';
import { retryServerErrors } from './member-posts';

export interface BuildThreadPage {
  posts: Post[];
  /** Posts about the car I may read, in all. */
  total: number;
  offset: number;
}

export const buildThreadKey = (carId: string) => ['posts', 'build-thread', carId] as const;

export async function getBuildThread(
  carId: string,
  offset: number,
  signal?: AbortSignal,
): Promise<BuildThreadPage> {
  const answer = await apiFetch<Post[]>(`/cars/${encodeURIComponent(carId)}/build-thread`, {
    query: { limit: FEED_PAGE_SIZE, offset },
    signal,
  });
  const meta = answer.meta as Partial<BuildThreadMeta> | undefined;
  return {
    posts: answer.data,
    total: typeof meta?.total === 'number' ? meta.total : answer.data.length,
    offset,
  };
}

export const buildThreadQueryOptions = (carId: string) =>
  infiniteQueryOptions({
    queryKey: buildThreadKey(carId),
    queryFn: ({ pageParam, signal }) => getBuildThread(carId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.posts.length;
      return last.posts.length > 0 && next < last.total ? next : undefined;
    },
    retry: retryServerErrors,
  });
