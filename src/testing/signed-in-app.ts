// The setup the app-level screen tests share (with `@/testing/sync-lifecycle-off` mocked in): the
// app's outbox handlers registered as the app does before its first replay, each test gets a local
// database of its own and a signed-in member with tokens, and the screens unmount (and any outbox
// pass stops) before that database closes. A test file's own afterEach runs before this one's (hooks run as a stack).
import { configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { appOutboxHandlers } from '@/app/outbox-handlers';
import type { CurrentUser } from '@/contract/user';
import { sessionStore } from '@/lib/auth/session-store';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { registerOutboxHandlers } from '@/lib/outbox';
import { signedIn } from './api-client';
import { setSignedIn, TEST_USER } from './session-mock';
import { activateCatalog } from './test-utils';
import { stopShellWork } from './live-shell-teardown';

export interface SignedInAppOptions {
  /** The test timeout of the file (the async queries wait up to 10 s). */
  testTimeout?: number;
}

/** Registers the beforeEach and afterEach of a signed-in app test; `name` prefixes its databases. */
export function signedInAppPerTest(name: string, { testTimeout = 30_000 }: SignedInAppOptions = {}): void {
  configure({ asyncUtilTimeout: 10_000 });
  vi.setConfig({ testTimeout });
  beforeAll(() => registerOutboxHandlers(...appOutboxHandlers));
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
    await stopShellWork();
    db.close();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    sessionStore.reset();
  });
}

/**
 * Registers the beforeEach and afterEach of a data test without screens: a local database of its
 * own and `user` signed in with tokens. A test file's own afterEach runs before this one's.
 */
export function signedInDataPerTest(name: string, user: CurrentUser = TEST_USER): void {
  let count = 0;
  beforeEach(() => {
    count += 1;
    resetLocalDatabaseForTests(`${name}-${count}-${Math.random().toString(36).slice(2)}`);
    signedIn();
    sessionStore.setState({ status: 'signedIn', user, isAuthReady: true });
  });
  afterEach(() => {
    db.close();
    vi.unstubAllGlobals();
    sessionStore.reset();
  });
}
