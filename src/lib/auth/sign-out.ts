import { API_BASE } from '../http/api-base';
import { navigateTo } from '../navigation';
import { forgetPersistedQueryCache } from '../query/query-cache-storage';
import { cachedUser, sessionStore } from './session-store';
import { tokenStore } from './token';

export const LOGIN_PATH = '/login';

const signedOutListeners = new Set<() => void>();

/** Modules with their own signed-in resources (socket, refresh timer) release them here. */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

let lastMemberId: string | null = null;
let deviceBeingCleared = false;

/**
 * A real logout is about to clear this device (set before the session ends, so no screen still
 * closing opens a database meanwhile: src/lib/db/index.ts), or `false` once a member signs in again.
 */
export function setDeviceBeingCleared(value: boolean): void {
  deviceBeingCleared = value;
}

export function isDeviceBeingCleared(): boolean {
  return deviceBeingCleared;
}

/** The member whose session ended last on this page: whose data a clear after it removes. */
export function signedOutMemberId(): string | null {
  return lastMemberId;
}

/**
 * Forget the session on this device: tokens, cached user, the query cache's persisted copy; then the
 * listeners drop what they hold (the query client its in-memory cache, src/lib/query/query-client.ts).
 */
export function signOutLocally(): void {
  lastMemberId = sessionStore.getState().user?.id ?? lastMemberId;
  tokenStore.clear();
  cachedUser.clear();
  forgetPersistedQueryCache();
  sessionStore.setState({ status: 'signedOut', user: null, isAuthReady: true });
  signedOutListeners.forEach((listener) => listener());
}

/**
 * Spec §7: local state is cleared first and the user goes to login whether or not the server call
 * succeeds. The interceptor never adds a bearer header to /auth/logout, so the call carries the
 * access token it had itself: that is how the server knows which session to revoke.
 */
export async function signOut(): Promise<void> {
  const access = tokenStore.getAccessToken();
  const hadSession = access !== null || tokenStore.getRefreshToken() !== null;
  // Already signed out, by this call's first run or another: a screen still closing asked the API
  // and found no token. Signing out again would clear the query cache under that screen, whose
  // queries fetch again at once and come back here: a loop that froze the tab (React's maximum
  // update depth). The first sign-out already went to the login page.
  if (!hadSession && sessionStore.getState().status === 'signedOut') return;
  signOutLocally();
  navigateTo(LOGIN_PATH);
  if (!hadSession) return; // nothing for the server to revoke
  try {
    await fetch(`${API_BASE}/auth/logout`, {
      method: 'POST',
      headers: access ? { Authorization: `Bearer ${access}` } : {},
    });
  } catch {
    // Offline or unreachable: the refresh token is gone from this device, which is what matters.
  }
}
