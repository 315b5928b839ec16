// The one fetch wrapper of the client: spec §7 request interceptor and §8 error catalogue.
import type { ListMeta } from '@/contract/envelope';
import { API_BASE } from './api-base';
import { applyErrorCatalogue, readErrorAnswer } from './api-error-catalogue';
import { ApiError, NetworkError } from './api-errors';
import { isRefreshing, NO_REFRESH_TOKEN_MESSAGE, refreshTokens } from '../auth/refresh';
import { signOut } from '../auth/sign-out';
import { isTokenExpired, tokenStore } from '../auth/token';
import { currentLocale } from '../i18n/core';
import { reportAnswerStatus, reportUnreachable } from '../network/reachability';

export { ApiError, NetworkError, isNetworkError, type FieldError } from './api-errors';

/** Spec §7: calls that never carry the bearer header (prefix match on the path after API_BASE). */
export const PUBLIC_API_PATHS = [
  '/auth/signup',
  '/auth/login',
  '/auth/refresh',
  '/auth/logout',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/auth/validate-reset-token',
  '/legal',
  // Not in the spec's list: our addition, the login screen's provider buttons (public data).
  '/auth/providers',
  // Also ours: confirming a new e-mail from its mailed link, signed in or not (the token is the proof).
  '/users/me/email/confirm',
] as const;
/** Spec §9: while another refresh runs, the interceptor looks again every 100 ms. */
export const REFRESH_POLL_MS = 100;

export type QueryValue = string | number | boolean | undefined;
export interface ApiRequestInit {
  method?: string;
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}
export type ApiOk<T> = { success: true; data: T; meta?: ListMeta };

export function isPublicApiPath(path: string): boolean {
  const bare = path.split(/[?#]/)[0] ?? '';
  return PUBLIC_API_PATHS.some((p) => bare === p || bare.startsWith(`${p}/`) || bare.startsWith(`${p}?`));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const usable = (token: string | null): token is string =>
  !!token && !isTokenExpired(token, { missingExpIsExpired: true });

/** The access token to send, refreshing first when it is missing or expired (spec §7). */
async function bearerToken(): Promise<string> {
  while (isRefreshing()) await sleep(REFRESH_POLL_MS);
  const access = tokenStore.getAccessToken();
  if (usable(access)) return access;
  if (!tokenStore.getRefreshToken()) {
    void signOut();
    throw new Error(NO_REFRESH_TOKEN_MESSAGE);
  }
  return refreshTokens(); // a refusal signs out and rejects with 'Token refresh failed'
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? (path.includes('?') ? '&' : '?') + qs : ''}`;
}

export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<ApiOk<T>> {
  const method = (init.method ?? 'GET').toUpperCase();
  const sessionCall = !isPublicApiPath(path);
  // The server writes its last-resort messages and its mails in the app's language, not the browser's.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLocale(),
    ...init.headers,
  };
  if (sessionCall) headers.Authorization = `Bearer ${await bearerToken()}`;
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['Content-Type'] = 'application/json';
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, init.query), { method, headers, body, signal: init.signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    reportUnreachable();
    throw new NetworkError(`${method} ${path} could not reach the server`, { cause });
  }
  reportAnswerStatus(response.status);
  if (!response.ok) {
    const answer = await readErrorAnswer(response);
    applyErrorCatalogue(answer, { method, path, sessionCall });
    throw answer.error; // spec §8: every error is re-thrown after handling
  }
  if (response.status === 204) return { success: true, data: undefined as T };
  const parsed: unknown = await response.json().catch(() => null);
  if (typeof parsed !== 'object' || parsed === null || (parsed as { success?: unknown }).success !== true) {
    throw new ApiError(response.status, 'INVALID_RESPONSE', `${method} ${path} answered an unexpected body`);
  }
  return parsed as ApiOk<T>;
}

/** A file the server streamed (not the JSON envelope), with the name it suggested. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/**
 * GET of a file answer (the account's ZIP, a car's CSV export), read chunk by chunk as it streams: `onProgress` hears the bytes received so
 * far after each chunk (the total is unknown while the server still writes it). Errors go through
 * the same catalogue as apiFetch.
 */
export async function apiDownload(
  path: string,
  init: {
    query?: Record<string, QueryValue>;
    signal?: AbortSignal;
    onProgress?: (bytes: number) => void;
  } = {},
): Promise<DownloadedFile> {
  const headers: Record<string, string> = {
    Accept: '*/*',
    'Accept-Language': currentLocale(),
    Authorization: `Bearer ${await bearerToken()}`,
  };
  let response: Response;
  try {
    response = await fetch(buildUrl(path, init.query), { method: 'GET', headers, signal: init.signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    reportUnreachable();
    throw new NetworkError(`GET ${path} could not reach the server`, { cause });
  }
  reportAnswerStatus(response.status);
  if (!response.ok) {
    const answer = await readErrorAnswer(response);
    applyErrorCatalogue(answer, { method: 'GET', path, sessionCall: true });
    throw answer.error;
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  try {
    if (reader) {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        init.onProgress?.(received);
      }
    } else {
      const whole = new Uint8Array(await response.arrayBuffer());
      chunks.push(whole);
      init.onProgress?.(whole.byteLength);
    }
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    reportUnreachable();
    throw new NetworkError(`GET ${path} was cut off`, { cause });
  }
  return { blob: new Blob(chunks as BlobPart[], { type }), fileName };
}

type Init = Omit<ApiRequestInit, 'method' | 'body'>;
const data = async <T>(promise: Promise<ApiOk<T>>): Promise<T> => (await promise).data;

/** Shorthands that resolve to the envelope's `data`. */
export const api = {
  get: <T>(path: string, init?: Init) => data(apiFetch<T>(path, { ...init, method: 'GET' })),
  post: <T>(path: string, body?: unknown, init?: Init) =>
    data(apiFetch<T>(path, { ...init, method: 'POST', body })),
  put: <T>(path: string, body?: unknown, init?: Init) =>
    data(apiFetch<T>(path, { ...init, method: 'PUT', body })),
  patch: <T>(path: string, body?: unknown, init?: Init) =>
    data(apiFetch<T>(path, { ...init, method: 'PATCH', body })),
  delete: <T>(path: string, init?: Init) => data(apiFetch<T>(path, { ...init, method: 'DELETE' })),
};

/** The answer of an XMLHttpRequest as a Response, for the shared readers. */
function xhrResponse(xhr: XMLHttpRequest): Response {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return new Response(xhr.status === 204 ? null : (xhr.responseText as string), {
    status: xhr.status,
    statusText: xhr.statusText,
    headers,
  });
}

/**
 * A multipart POST sent now (not through the outbox), reporting its upload progress: fetch cannot
 * for a FormData body, so XMLHttpRequest. Answers and errors as apiFetch's.
 */
export async function apiUpload<T>(
  path: string,
  form: FormData,
  { query, onProgress }: { query?: Record<string, QueryValue>; onProgress?: (fraction: number) => void } = {},
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLocale(),
    Authorization: `Bearer ${await bearerToken()}`,
  };
  let response: Response;
  try {
    response = await new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', buildUrl(path, query));
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.responseType = 'text';
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
      };
      xhr.onload = () => resolve(xhrResponse(xhr));
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.onabort = () => reject(new TypeError('Network request aborted'));
      xhr.send(form);
    });
  } catch (cause) {
    reportUnreachable();
    throw new NetworkError(`POST ${path} could not reach the server`, { cause });
  }
  reportAnswerStatus(response.status);
  if (!response.ok) {
    const answer = await readErrorAnswer(response);
    applyErrorCatalogue(answer, { method: 'POST', path, sessionCall: true });
    throw answer.error;
  }
  const parsed: unknown = await response.json().catch(() => null);
  if (typeof parsed !== 'object' || parsed === null || (parsed as { success?: unknown }).success !== true)
    throw new ApiError(response.status, 'INVALID_RESPONSE', `POST ${path} answered an unexpected body`);
  return (parsed as ApiOk<T>).data;
}
