import { isNetworkError } from '@/lib/api-client';
import { shouldRetry } from '@/lib/query-client';

/** Offline, asking again only delays the "needs a connection" state. */
export const retryOnline = (count: number, error: unknown): boolean =>
  !isNetworkError(error) && shouldRetry(count, error);
