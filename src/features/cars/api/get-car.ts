import { useQuery } from '@tanstack/react-query';
import type { Car } from '@/contract/garage';
import { api, ApiError, isNetworkError } from '@/lib/http/api-client';

/** GET /cars/{id}: one of my cars or a friend's (anyone else's answers 404). */
export function getCar(id: string, signal?: AbortSignal): Promise<Car> {
  return api.get<Car>(`/cars/${encodeURIComponent(id)}`, { signal });
}

/**
 * A car that is not on this device (a friend's): asked to the server once `enabled`. Offline it
 * stays unknown, and the screen says what it can without it.
 */
export function useRemoteCar(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['garage', 'car', id],
    queryFn: ({ signal }) => getCar(id, signal),
    enabled,
    staleTime: 5 * 60_000,
    // A 404 (a stranger's car, a deleted one) is an answer; a network failure waits for the connection.
    retry: (count, error: unknown) =>
      count < 1 && !(error instanceof ApiError && error.status < 500) && !isNetworkError(error),
  });
}
