// Spec §8 error catalogue: what the client does with an error answer before re-throwing it.
import { ApiError, type FieldError } from './api-errors';
import { signOutLocally } from './auth/sign-out';
import { translate } from './i18n-core';
import { goToLoginUnlessPublic } from './navigation';
import { toast } from './toast';

/** Spec §8/§9: the rate-limit warning stays 10 000 ms. */
export const TOO_MANY_REQUESTS_TOAST_MS = 10_000;
export const TOO_MANY_REQUESTS_KEY = 'ERRORS.TOO_MANY_REQUESTS';

/** Retry-After is seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function readFields(value: unknown): FieldError[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const fields = value.filter(
    (f): f is FieldError =>
      typeof f === 'object' && f !== null && typeof f.field === 'string' && typeof f.message === 'string',
  );
  return fields.length ? fields : undefined;
}

/** Builds the ApiError from an error answer, whatever its body holds; serverMessage is '' when none. */
export async function readErrorAnswer(
  response: Response,
): Promise<{ error: ApiError; serverMessage: string }> {
  const body: unknown = await response.json().catch(() => null);
  const raw = (body as { error?: Record<string, unknown> } | null)?.error;
  const code = typeof raw?.code === 'string' ? raw.code : `HTTP_${response.status}`;
  const message = typeof raw?.message === 'string' ? raw.message : '';
  const fields = readFields(raw?.fields);
  const retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'));
  const error = new ApiError(response.status, code, message || response.statusText || code, {
    ...(fields ? { fields } : {}),
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
  });
  return { error, serverMessage: message };
}

/**
 * Applies the catalogue. `sessionCall` is false for the public auth calls (login, signup, …),
 * where a 401 means wrong credentials in the body, not an expired session to leave.
 */
export function applyErrorCatalogue(
  answer: { error: ApiError; serverMessage: string },
  request: { method: string; path: string; sessionCall: boolean },
): void {
  const { error, serverMessage } = answer;
  const { method, path, sessionCall } = request;
  switch (error.status) {
    case 429:
      toast.show({
        kind: 'warning',
        message: serverMessage || translate(TOO_MANY_REQUESTS_KEY),
        durationMs: TOO_MANY_REQUESTS_TOAST_MS,
      });
      return;
    case 401:
      if (!sessionCall) return;
      signOutLocally();
      goToLoginUnlessPublic();
      return;
    case 403:
      console.warn(`access denied: ${method} ${path}`);
      return;
    default:
      if (error.status >= 500)
        console.error(`server error ${error.status}: ${method} ${path} (${error.code})`);
  }
}
