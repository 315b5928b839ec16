import { isNetworkError } from '@/lib/http/api-client';

/** The catalog key of a failed group change: offline needs a connection, else the server refused. */
export function groupErrorKey(error: unknown): string {
  if (isNetworkError(error)) return 'CHAT.GROUP_NEEDS_CONNECTION';
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 404) return 'CHAT.GROUP_NOT_AVAILABLE';
  return 'CHAT.GROUP_SAVE_FAILED';
}
