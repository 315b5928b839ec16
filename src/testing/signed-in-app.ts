// The setup the app-level screen tests share (with `@/testing/sync-lifecycle-off` mocked in): each
// test gets a local database of its own and a signed-in member with tokens, and
// the screens unmount before that database closes.
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { sessionStore } from '@/lib/auth/session-store';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { signedIn } from './api-client';
import { setSignedIn, TEST_USER } from './session-mock';
import { activateCatalog } from './test-utils';

/** Registers the beforeEach and afterEach of a signed-in app test; `name` prefixes its databases. */
export function signedInAppPerTest(name: string, settleMs = 100): void {
  let count = 0;
  beforeEach(() => {
    count += 1;
    resetLocalDatabaseForTests(`${name}-${count}-${Math.random().toString(36).slice(2)}`);
    signedIn();
    setSignedIn(true);
    sessionStore.setState({ status: 'signedIn', user: TEST_USER, isAuthReady: true });
    activateCatalog('en-US');
  });
  afterEach(async () => {
    cleanup();
    await act(async () => new Promise((resolve) => setTimeout(resolve, settleMs)));
    db.close();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    sessionStore.reset();
  });
}
