// The session service (spec §4): stored-token check, login/signup, refresh scheduling, logout.
// Offline rule (docs/OFFLINE-FIRST.md): a check or refresh that fails because the NETWORK failed keeps the
// tokens and the cached user and counts as signed in; only the server refusing signs out.
import { useSyncExternalStore } from 'react';
import type { AuthSession, LoginBody, SignupBody } from '@/contract/auth';
import type { CurrentUser } from '@/contract/user';
import { api, ApiError } from '../http/api-client';
import { navigateTo } from '../navigation';
import { afterFirstContent } from '../first-paint/first-content';
import { loadSettingsLabels } from '../i18n/settings-labels';
import { realtime } from '../realtime/socket';
import {
  NO_REFRESH_TOKEN_MESSAGE,
  onTokensRefreshed,
  REFRESH_FAILED_MESSAGE,
  refreshTokens,
} from './refresh';
import { cancelScheduledRefresh, scheduleRefresh } from './refresh-schedule';
import { cachedUser, sessionStore, type SessionState } from './session-store';
import { LOGIN_PATH, onSignedOut, signOut, signOutLocally } from './sign-out';
import { REFRESH_TOKEN_KEY, tokenStore } from './token';

export type { SessionState, SessionStatus } from './session-store';

/** Spec §9: whenReady looks at the auth-ready flag every 100 ms. */
export const AUTH_READY_POLL_MS = 100;

onTokensRefreshed((access) => scheduleRefresh(access));
onSignedOut(() => cancelScheduledRefresh());

// Another tab signed out (its logout removed the shared tokens): follow it instead of finding out
// at the next call.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    const tokensGone = event.key === null || (event.key === REFRESH_TOKEN_KEY && event.newValue === null);
    if (tokensGone && sessionStore.getState().status === 'signedIn' && !tokenStore.getRefreshToken()) {
      signOutLocally();
      navigateTo(LOGIN_PATH);
    }
  });
  // A refresh that failed offline is not retried on a timer; coming back online plans it again
  // (at once when the token is already inside the 60 s margin).
  window.addEventListener('online', () => {
    if (sessionStore.getState().status === 'signedIn') scheduleRefresh();
  });
}

function enterSignedIn(user: CurrentUser | null): void {
  if (user) cachedUser.write(user);
  sessionStore.setState({ status: 'signedIn', user, isAuthReady: true });
  scheduleRefresh();
  void realtime.connect();
  // Once per domain; a domain that failed (offline, say) is tried again at the next sign-in. After
  // the feed's first post when a cold start waits for it (first-content.ts): six requests that the
  // first screen does not need must not compete with it for the wire.
  void afterFirstContent().then(loadSettingsLabels);
}

/** Only an answer from the server saying no (401/403, or a refused refresh) ends the session. */
function isRefusal(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 401 || error.status === 403;
  return (
    error instanceof Error &&
    (error.message === REFRESH_FAILED_MESSAGE || error.message === NO_REFRESH_TOKEN_MESSAGE)
  );
}

async function startSession(answer: Promise<AuthSession>): Promise<CurrentUser> {
  const { token, refreshToken, user } = await answer;
  tokenStore.setTokens(token, refreshToken);
  enterSignedIn(user);
  return user;
}

async function init(): Promise<void> {
  try {
    if (!tokenStore.getAccessToken() && !tokenStore.getRefreshToken()) {
      sessionStore.setState({ status: 'signedOut', user: null });
      return;
    }
    try {
      enterSignedIn(await api.get<CurrentUser>('/auth/me'));
    } catch (error) {
      if (isRefusal(error)) {
        if (sessionStore.getState().status !== 'signedOut') signOutLocally();
      } else {
        // Network down or server unavailable: keep the session we had (the app opens offline).
        enterSignedIn(cachedUser.read());
      }
    }
  } finally {
    sessionStore.setState({ isAuthReady: true });
  }
}

async function whenReady(): Promise<SessionState> {
  while (!sessionStore.getState().isAuthReady) {
    await new Promise((resolve) => setTimeout(resolve, AUTH_READY_POLL_MS));
  }
  return sessionStore.getState();
}

async function completeExternalSignIn(token: string, refreshToken: string): Promise<CurrentUser> {
  tokenStore.setTokens(token, refreshToken);
  try {
    const user = await api.get<CurrentUser>('/auth/me');
    enterSignedIn(user);
    return user;
  } catch (error) {
    tokenStore.clear();
    throw error;
  }
}

export const session = {
  getState: sessionStore.getState,
  subscribe: sessionStore.subscribe,
  init,
  whenReady,
  login: (body: LoginBody) => startSession(api.post<AuthSession>('/auth/login', body)),
  signup: (body: SignupBody) => startSession(api.post<AuthSession>('/auth/signup', body)),
  completeExternalSignIn,
  logout: (): Promise<void> => signOut(),
  /** A new access token; a refusal or a missing refresh token signs out (spec §4). */
  refresh: (): Promise<string> => refreshTokens(),
  /** Replace the current user after a profile edit. */
  setUser(user: CurrentUser): void {
    cachedUser.write(user);
    sessionStore.setState({ user });
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
}
