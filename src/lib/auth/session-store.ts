// The session's observable state, apart from the code that changes it, so that sign-out, the
// interceptor and the session service can all update it without importing one another.
import type { CurrentUser } from '@/contract/user';

export type SessionStatus = 'unknown' | 'signedIn' | 'signedOut';
export interface SessionState {
  status: SessionStatus;
  user: CurrentUser | null;
  isAuthReady: boolean;
}

/** The last known current user, so that the app opens signed in while offline. */
export const CURRENT_USER_KEY = 'current_user';

let state: SessionState = { status: 'unknown', user: null, isAuthReady: false };
const listeners = new Set<() => void>();

export const sessionStore = {
  getState: (): SessionState => state,
  setState(patch: Partial<SessionState>): void {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Tests only: back to the state of a fresh page. */
  reset(): void {
    state = { status: 'unknown', user: null, isAuthReady: false };
  },
};

function isCurrentUser(value: unknown): value is CurrentUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.email === 'string' && typeof v.username === 'string';
}

export const cachedUser = {
  read(): CurrentUser | null {
    try {
      const raw = localStorage.getItem(CURRENT_USER_KEY);
      if (!raw) return null;
      const parsed: unknown = JSON.parse(raw);
      return isCurrentUser(parsed) ? parsed : null;
    } catch {
      return null;
    }
  },
  write(user: CurrentUser): void {
    localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(user));
  },
  clear(): void {
    try {
      localStorage.removeItem(CURRENT_USER_KEY);
    } catch {
      // storage unavailable: nothing was kept
    }
  },
};

/**
 * Whether this device has signed in before (kept through sign-outs): the login screen greets a
 * returning member ("Welcome back") and a newcomer ("Welcome") differently.
 */
export const RETURNING_DEVICE_KEY = 'paddock.hasSignedIn';

export const returningDevice = {
  read(): boolean {
    try {
      return localStorage.getItem(RETURNING_DEVICE_KEY) === '1';
    } catch {
      return false;
    }
  },
  mark(): void {
    try {
      localStorage.setItem(RETURNING_DEVICE_KEY, '1');
    } catch {
      // storage unavailable: the next visit greets a newcomer, which is harmless
    }
  },
};
