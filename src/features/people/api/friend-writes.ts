// What every friendship write shares: the outbox (offline too, sent once online), the
// member's name for the messages, and one way to word a failure.
import { ApiError, isNetworkError } from '@/lib/http/api-client';
import { displayName } from '@/lib/text/display-name';
import { i18n } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import type { Outcome } from '@/lib/offline/outcome';

/** The member a write is about, as any list shows them. */
export type PersonRef = {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
};

/** The server's 409 on answering or cancelling a request: it was answered or cancelled already. */
export const requestConflictCode = (status: number) =>
  status === 409 ? 'FRIEND_REQUEST_NOT_PENDING' : `HTTP_${status}`;

/** The catalog key telling what went wrong, or null when a toast was shown already (429). */
export function friendErrorKey(error: unknown): string | null {
  if (isNetworkError(error)) return 'FRIENDS.NEEDS_CONNECTION';
  if (error instanceof ApiError) {
    if (error.status === 429) return null; // the api client's warning toast says it (spec §8)
    if (error.code === 'ALREADY_FRIENDS') return 'FRIENDS.ERROR_ALREADY_FRIENDS';
    if (error.code === 'FRIEND_REQUEST_PENDING') return 'FRIENDS.ERROR_REQUEST_PENDING';
    if (error.code === 'FRIEND_REQUEST_NOT_PENDING') return 'FRIENDS.ERROR_NOT_PENDING';
    if (error.status === 404) return 'FRIENDS.ERROR_NOT_FOUND';
  }
  return 'FRIENDS.ERROR_GENERIC';
}

export function toastFailure(error: unknown, person: PersonRef): void {
  const key = friendErrorKey(error);
  if (key) toast.show({ kind: 'error', message: i18n._(key, { name: displayName(person) }) });
}

export function toastSuccess(key: string, person: PersonRef): void {
  toast.show({ kind: 'success', message: i18n._(key, { name: displayName(person) }) });
}

/** Sent: what the server did; kept on this device for later: says so. */
export function toastOutcome(outcome: Outcome<unknown>, key: string, person: PersonRef): void {
  if (outcome.sent) toastSuccess(key, person);
  else toast.show({ kind: 'info', message: i18n._('FRIENDS.QUEUED', { name: displayName(person) }) });
}
