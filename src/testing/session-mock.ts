// A stand-in for '@/lib/auth/session' in screen tests:
//   vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
import { vi } from 'vitest';
import type { CurrentUser } from '@/contract/user';
import type { SessionState } from '@/lib/auth/session';

export const TEST_USER: CurrentUser = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'jane@example.com',
  username: 'jane',
  firstName: 'Jane',
  lastName: 'Doe',
  avatar: null,
  bio: null,
  city: 'Lyon',
  createdAt: '2026-01-01T00:00:00.000Z',
};

let state: SessionState = { status: 'signedOut', user: null, isAuthReady: true };
const listeners = new Set<() => void>();

export function setSignedIn(signedIn: boolean): void {
  state = signedIn
    ? { status: 'signedIn', user: TEST_USER, isAuthReady: true }
    : { status: 'signedOut', user: null, isAuthReady: true };
  listeners.forEach((l) => l());
}

export const fakeSession = {
  getState: () => state,
  subscribe: (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  init: vi.fn(async () => undefined),
  whenReady: vi.fn(async () => state),
  login: vi.fn(),
  signup: vi.fn(),
  completeExternalSignIn: vi.fn(),
  logout: vi.fn(async () => undefined),
  refresh: vi.fn(),
};

export const sessionModule = { session: fakeSession, useSession: () => state, AUTH_READY_POLL_MS: 100 };
