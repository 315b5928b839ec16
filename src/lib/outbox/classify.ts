// What to do with a failed send (docs/OFFLINE-FIRST.md property 4). Never drop an entry on 401 or 403:
// libraries that call them "non-retriable" lose the member's writes.
import { ApiError, isNetworkError } from '../http/api-errors';

/** The server's code for a key in use (409) or reused with another body (422). */
export const IDEMPOTENCY_CONFLICT = 'IDEMPOTENCY_CONFLICT';

export type Outcome = 'retry' | 'auth' | 'attention';

/** Statuses the server will answer the same way however often we ask: the member must act. */
export const ATTENTION_STATUSES = [400, 403, 404, 409, 410, 422] as const;
export const RETRY_STATUSES = [408, 429] as const;

export function classify(error: unknown): Outcome {
  if (isNetworkError(error)) return 'retry';
  if (error instanceof ApiError) {
    if (error.status === 401) return 'auth';
    // The server is still working on the same key (a send that timed out on our side): ask again.
    if (error.status === 409 && error.code === IDEMPOTENCY_CONFLICT) return 'retry';
    if (error.status >= 500 || (RETRY_STATUSES as readonly number[]).includes(error.status)) return 'retry';
    if ((ATTENTION_STATUSES as readonly number[]).includes(error.status)) return 'attention';
    // Any other 4xx (413 too large, 415, …) will not change by waiting either.
    if (error.status >= 400) return 'attention';
  }
  // A bug of ours (unreadable answer, thrown handler): keep the entry and try again later.
  return 'retry';
}
