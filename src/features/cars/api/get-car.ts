import { useQuery } from '@tanstack/react-query';
import type { Car } from '@/contract/garage';
import { api, ApiError, isNetworkError } from '@/lib/http/api-client';

/** GET /cars/{id}: one of my cars or a friend's (anyone else's answers 404). */
export function getCar(id: string, signal?: AbortSignal): Promise<Car> {
  return api.get<Car>(`/cars/${encodeURIComponent(id)}`, { signal });
}

/**
 * A car that is not on this device (a friend's, or mine on a new device): asked to the server once
 * `enabled`, unless `initial` is its answer already. Offline it stays unknown, and the screen says
 * what it can without it.
 */
export function useRemoteCar(id: string, enabled: boolean, initial?: Car) {
  return useQuery({
    queryKey: ['garage', 'car', id],
    queryFn: ({ signal }) => getCar(id, signal),
    enabled,
    // The answer the entry's first paint showed (a cold start of the car's home): not asked twice.
    initialData: initial,
    staleTime: 5 * 60_000,
    // A 404 (a stranger's car, a deleted one) is an answer; a network failure waits for the connection.
    retry: (count, error: unknown) =>
      count < 1 && !(error instanceof ApiError && error.status < 500) && !isNetworkError(error),
  });
}
