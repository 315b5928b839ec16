// Signing out is done once: a screen still closing after a sign-out asks the API, finds no token
// and signs out again. That second call must change nothing (no new state, no listener, no
// navigation): clearing the query cache again made the screen's queries fetch again, and sign out
// again, in a loop that froze the tab (React's maximum update depth, #185).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNavigator } from '../navigation';
import { onSignedOut, signedOutMemberId, signOut } from './sign-out';
import { sessionStore } from './session-store';
import { tokenStore } from './token';

const navigate = vi.fn();
const listener = vi.fn();
let off: () => void;

beforeEach(() => {
  sessionStore.reset();
  registerNavigator(navigate);
  navigate.mockClear();
  listener.mockClear();
  off = onSignedOut(listener);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 204 })),
  );
});
afterEach(() => {
  off();
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('signOut', () => {
  it('signs out once; a second call while signed out does nothing at all', async () => {
    tokenStore.setTokens('access', 'refresh');
    sessionStore.setState({
      status: 'signedIn',
      user: { id: 'member-1', email: 'a@b.c', username: 'a' } as never,
      isAuthReady: true,
    });
    await signOut();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(signedOutMemberId()).toBe('member-1');
    const state = sessionStore.getState();
    const notified = vi.fn();
    const unsubscribe = sessionStore.subscribe(notified);
    for (let i = 0; i < 100; i += 1) await signOut();
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(notified).not.toHaveBeenCalled();
    expect(sessionStore.getState()).toBe(state);
  });
});
