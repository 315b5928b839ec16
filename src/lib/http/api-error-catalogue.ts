// Spec §8 error catalogue: what the client does with an error answer before re-throwing it, and
// what a member reads about it. Every text comes from the catalogs, keyed by the error's code, then
// by its HTTP status; the server's own message is a last resort for an answer neither explains.
import type { ErrorCode } from '@/contract/envelope';
import { ApiError, NetworkError, type FieldError } from './api-errors';
import { signOutLocally } from '../auth/sign-out';
import { translate } from '../i18n/core';
import { goToLoginUnlessPublic } from '../navigation';
import { toast } from '../toast';

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
  const { error } = answer;
  const { method, path, sessionCall } = request;
  switch (error.status) {
    case 429:
      // Spec §8: the server's text when it sends one (it words it in the app's language, which every
      // request names in Accept-Language; a daily limit says which and until when), else the catalog's.
      toast.show({
        kind: 'warning',
        message: answer.serverMessage.trim() || translate(TOO_MANY_REQUESTS_KEY),
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

/** A text a member reads: a catalog key (with its values), or, as a last resort, the server's text. */
export type ErrorText = { key: string; values?: Record<string, unknown> } | { text: string };

/** The catalog key of each server error code (src/contract/envelope.ts). */
export const ERROR_CODE_KEYS: Record<ErrorCode, string> = {
  VALIDATION_ERROR: 'ERRORS.VALIDATION_ERROR',
  INVALID_JSON: 'ERRORS.INVALID_JSON',
  UNAUTHORIZED: 'ERRORS.UNAUTHORIZED',
  FORBIDDEN: 'ERRORS.FORBIDDEN',
  NOT_FOUND: 'ERRORS.NOT_FOUND',
  CONFLICT: 'ERRORS.CONFLICT',
  IDEMPOTENCY_CONFLICT: 'ERRORS.IDEMPOTENCY_CONFLICT',
  PAYLOAD_TOO_LARGE: 'ERRORS.PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'ERRORS.UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS: TOO_MANY_REQUESTS_KEY,
  INVALID_RESET_TOKEN: 'ERRORS.INVALID_RESET_TOKEN',
  FRIEND_REQUEST_PENDING: 'ERRORS.FRIEND_REQUEST_PENDING',
  ALREADY_FRIENDS: 'ERRORS.ALREADY_FRIENDS',
  FRIEND_REQUEST_NOT_PENDING: 'ERRORS.FRIEND_REQUEST_NOT_PENDING',
  SERVICE_UNAVAILABLE: 'ERRORS.SERVICE_UNAVAILABLE',
  // The media store is down: for the member, the service is briefly unavailable.
  MEDIA_STORE_UNAVAILABLE: 'ERRORS.SERVICE_UNAVAILABLE',
  INTERNAL_ERROR: 'ERRORS.INTERNAL_ERROR',
  INVALID_CURRENT_PASSWORD: 'ERRORS.INVALID_CURRENT_PASSWORD',
  INVALID_EMAIL_TOKEN: 'ERRORS.INVALID_EMAIL_TOKEN',
  REAUTHENTICATION_REQUIRED: 'ERRORS.REAUTHENTICATION_REQUIRED',
  ODOMETER_OUT_OF_ORDER: 'ERRORS.ODOMETER_OUT_OF_ORDER',
  ODOMETER_JUMP: 'ERRORS.ODOMETER_JUMP',
  IMPORT_FORMAT_UNKNOWN: 'ERRORS.IMPORT_FORMAT_UNKNOWN',
  CAR_MEMBER_NOT_FRIEND: 'ERRORS.CAR_MEMBER_NOT_FRIEND',
  CAR_MEMBER_EXISTS: 'ERRORS.CAR_MEMBER_EXISTS',
  CAR_INVITE_NOT_PENDING: 'ERRORS.CAR_INVITE_NOT_PENDING',
  CAR_TRANSFER_PENDING: 'ERRORS.CAR_TRANSFER_PENDING',
  CAR_TRANSFER_NOT_PENDING: 'ERRORS.CAR_TRANSFER_NOT_PENDING',
  IMPORT_TOO_MANY_ROWS: 'ERRORS.IMPORT_TOO_MANY_ROWS',
  IMPORT_FILE_NOT_TEXT: 'ERRORS.IMPORT_FILE_NOT_TEXT',
  IMPORT_FILE_UNREADABLE: 'ERRORS.IMPORT_FILE_UNREADABLE',
  CAR_LOG_LIMIT: 'ERRORS.CAR_LOG_LIMIT',
  WORK_LIMIT_REACHED: 'ERRORS.WORK_LIMIT_REACHED',
  CAR_TRANSFER_DAILY_LIMIT: 'ERRORS.CAR_TRANSFER_DAILY_LIMIT',
  CAR_TRANSFER_DECLINED_RECENTLY: 'ERRORS.CAR_TRANSFER_DECLINED_RECENTLY',
  MEMBER_SUSPENDED: 'ERRORS.MEMBER_SUSPENDED',
  REPORT_NOT_OPEN: 'ERRORS.REPORT_NOT_OPEN',
  TOO_MANY_IMAGES: 'ERRORS.TOO_MANY_IMAGES',
};

/** When the code is unknown (a proxy's answer, an older server): the key of the status. */
export const ERROR_STATUS_KEYS: Readonly<Record<number, string>> = {
  400: 'ERRORS.VALIDATION_ERROR',
  401: 'ERRORS.UNAUTHORIZED',
  403: 'ERRORS.FORBIDDEN',
  404: 'ERRORS.NOT_FOUND',
  408: 'ERRORS.NETWORK',
  409: 'ERRORS.CONFLICT',
  410: 'ERRORS.NOT_FOUND',
  413: 'ERRORS.PAYLOAD_TOO_LARGE',
  415: 'ERRORS.UNSUPPORTED_MEDIA_TYPE',
  422: 'ERRORS.UNPROCESSABLE',
  429: TOO_MANY_REQUESTS_KEY,
  502: 'ERRORS.SERVICE_UNAVAILABLE',
  503: 'ERRORS.SERVICE_UNAVAILABLE',
  504: 'ERRORS.SERVICE_UNAVAILABLE',
};

const isKnownCode = (code: string | undefined): code is ErrorCode =>
  code !== undefined && Object.prototype.hasOwnProperty.call(ERROR_CODE_KEYS, code);

/** The catalog key for a status and code, or undefined when neither is known. */
export function errorKeyFor(status: number | undefined, code?: string): string | undefined {
  // 422 with IDEMPOTENCY_CONFLICT is a key reused with another body: the change as it is was refused.
  if (isKnownCode(code) && !(code === 'IDEMPOTENCY_CONFLICT' && status === 422)) return ERROR_CODE_KEYS[code];
  if (status === undefined) return undefined;
  const byStatus = ERROR_STATUS_KEYS[status];
  if (byStatus) return byStatus;
  if (status >= 500) return 'ERRORS.INTERNAL_ERROR';
  return undefined;
}

/** What a member reads about a failed answer described by its status, code and server text. */
export function describeError(answer: { status?: number; code?: string; message?: string }): ErrorText {
  const key = errorKeyFor(answer.status, answer.code);
  if (key) return { key };
  const text = answer.message?.trim();
  return text ? { text } : { key: 'ERRORS.GENERIC' };
}

/** What a member reads about any error a call threw: network, API answer or a bug of ours. */
export function errorTextOf(error: unknown): ErrorText {
  if (error instanceof NetworkError) return { key: 'ERRORS.NETWORK' };
  if (error instanceof ApiError) return describeError(error);
  return { key: 'ERRORS.GENERIC' };
}

/** errorTextOf, translated now (for toasts and other texts built outside React). */
export function translateError(error: unknown): string {
  const text = errorTextOf(error);
  return 'text' in text ? text.text : translate(text.key, text.values);
}

/**
 * A field's message from the server (JSON-schema English, "must NOT have more than 80
 * characters"), in the catalog's words: the rule when it can be read, else "not valid".
 */
export function fieldErrorText(message: string): { key: string; values?: Record<string, unknown> } {
  const max = /more than (\d+) (characters|items)/i.exec(message);
  if (max) return { key: 'VALIDATION.MAX_LENGTH', values: { max: Number(max[1]) } };
  if (/required|fewer than 1 character|must not be empty|is empty/i.test(message))
    return { key: 'VALIDATION.REQUIRED' };
  return { key: 'VALIDATION.INVALID' };
}
