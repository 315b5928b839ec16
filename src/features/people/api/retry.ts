import { isNetworkError } from '@/lib/http/api-client';
import { shouldRetry } from '@/lib/query/query-client';

/** Offline, asking again only delays the "needs a connection" state. */
export const retryOnline = (count: number, error: unknown): boolean =>
  !isNetworkError(error) && shouldRetry(count, error);
