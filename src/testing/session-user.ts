// The screen tests' stand-in for '@/lib/auth/session' (the profile and account screens): the shared
// session mock, plus setUser and a current user each test may change (a member with an avatar, say).
//   vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-user')).peopleSessionModule);
import { vi } from 'vitest';
import { fakeSession, sessionModule, TEST_USER } from '@/testing/session-mock';
import type { CurrentUser } from '@/contract/user';

let user: CurrentUser = { ...TEST_USER };

export function setSessionUser(next: CurrentUser): void {
  user = next;
}

const withUser = <S extends { user: CurrentUser | null }>(state: S): S =>
  state.user ? { ...state, user } : state;

export const setUser = vi.fn((next: CurrentUser) => setSessionUser(next));

export const peopleSessionModule = {
  ...sessionModule,
  session: { ...fakeSession, getState: () => withUser(fakeSession.getState()), setUser },
  useSession: () => withUser(sessionModule.useSession()),
};
