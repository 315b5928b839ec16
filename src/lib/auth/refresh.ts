// Token refresh (spec §4, §8): one at a time in this tab (in-progress flag) and, where the browser
// has Web Locks, one at a time across tabs. Refresh tokens rotate and a reused one revokes the
// whole family on the server, so a tab that waited for the lock re-reads localStorage and uses a
// token another tab just obtained instead of spending its (now stale) refresh token.
import { API_BASE } from '../http/api-base';
import { ApiError, NetworkError } from '../http/api-errors';
import { reportAnswerStatus, reportUnreachable } from '../network/reachability';
import { signOut } from './sign-out';
import { isTokenExpired, tokenStore } from './token';

export const REFRESH_LOCK_NAME = 'paddock-token-refresh';
export const NO_REFRESH_TOKEN_MESSAGE = 'No refresh token available';
export const REFRESH_FAILED_MESSAGE = 'Token refresh failed';

let inFlight: Promise<string> | null = null;
const refreshedListeners = new Set<(accessToken: string) => void>();

export function isRefreshing(): boolean {
  return inFlight !== null;
}

/** Called after every successful refresh (socket reconnect, refresh rescheduling). */
export function onTokensRefreshed(listener: (accessToken: string) => void): () => void {
  refreshedListeners.add(listener);
  return () => refreshedListeners.delete(listener);
}

/**
 * A new access token. Rejects with Error('No refresh token available') or
 * Error('Token refresh failed') after signing out; with NetworkError (or an ApiError for a 5xx,
 * 408 or 429) while keeping every token, because the server has not refused anything.
 */
export function refreshTokens(): Promise<string> {
  if (inFlight) return inFlight;
  const seen = tokenStore.getAccessToken();
  inFlight = withLock(() => runRefresh(seen)).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function withLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task();
  return await locks.request(REFRESH_LOCK_NAME, task);
}

function announce(accessToken: string): string {
  refreshedListeners.forEach((listener) => listener(accessToken));
  return accessToken;
}

function isTransient(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/** Spec §3: the answer is data.accessToken; one reading uses data.token. Both are accepted. */
export function readRefreshAnswer(body: unknown): { access: string; refresh: string } | null {
  if (typeof body !== 'object' || body === null) return null;
  const data = (body as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return null;
  const { accessToken, token, refreshToken } = data as Record<string, unknown>;
  const access = typeof accessToken === 'string' && accessToken ? accessToken : token;
  if (typeof access !== 'string' || !access) return null;
  if (typeof refreshToken !== 'string' || !refreshToken) return null;
  return { access, refresh: refreshToken };
}

async function runRefresh(seen: string | null): Promise<string> {
  const current = tokenStore.getAccessToken();
  if (current && current !== seen && !isTokenExpired(current, { missingExpIsExpired: true })) {
    return announce(current); // another tab refreshed while we waited for the lock
  }
  const refreshToken = tokenStore.getRefreshToken();
  if (!refreshToken) {
    void signOut();
    throw new Error(NO_REFRESH_TOKEN_MESSAGE);
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/auth/refresh`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
  } catch (cause) {
    reportUnreachable();
    throw new NetworkError('Token refresh could not reach the server', { cause });
  }
  reportAnswerStatus(response.status);
  if (isTransient(response.status)) {
    throw new ApiError(response.status, 'REFRESH_UNAVAILABLE', REFRESH_FAILED_MESSAGE);
  }
  const tokens = response.ok ? readRefreshAnswer(await response.json().catch(() => null)) : null;
  if (!tokens) {
    void signOut();
    throw new Error(REFRESH_FAILED_MESSAGE);
  }
  tokenStore.setTokens(tokens.access, tokens.refresh);
  return announce(tokens.access);
}
