// GET /cars/feed?ownerId={id}: a friend's cars (friends may read each other's cars; anyone else's
// answers 404), newest first, 20 at a time.
import { infiniteQueryOptions } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@/contract/constants';
import type { Car } from '@/contract/garage';
import { apiFetch, ApiError, isNetworkError } from '@/lib/http/api-client';

export interface MemberCarsPage {
  cars: Car[];
  total: number;
  offset: number;
}

export const memberCarsKey = (ownerId: string) => ['garage', 'member-cars', ownerId] as const;

export async function getMemberCars(
  ownerId: string,
  offset: number,
  signal?: AbortSignal,
): Promise<MemberCarsPage> {
  const answer = await apiFetch<Car[]>('/cars/feed', {
    query: { ownerId, limit: PAGE_SIZE_DEFAULT, offset },
    signal,
  });
  const total = (answer.meta as { total?: unknown } | undefined)?.total;
  return { cars: answer.data, total: typeof total === 'number' ? total : answer.data.length, offset };
}

export const memberCarsQueryOptions = (ownerId: string) =>
  infiniteQueryOptions({
    queryKey: memberCarsKey(ownerId),
    queryFn: ({ pageParam, signal }) => getMemberCars(ownerId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.cars.length;
      return last.cars.length === 0 || next >= last.total ? undefined : next;
    },
    staleTime: 60_000,
    // A 404 (no longer friends) is an answer; a network failure waits for the connection.
    retry: (count, error: unknown) =>
      count < 1 && !(error instanceof ApiError && error.status < 500) && !isNetworkError(error),
  });
