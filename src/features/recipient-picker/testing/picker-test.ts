// The set-up of the recipient picker's tests: English, signed in as the test member; real timers,
// globals, mocks and the session back after each test.
import { afterEach, beforeEach, vi } from 'vitest';
import { sessionStore } from '@/lib/auth/session-store';
import { signedIn } from '@/testing/api-client';
import { TEST_USER } from '@/testing/session-mock';
import { activateCatalog } from '@/testing/test-utils';

export function recipientPickerPerTest(): void {
  beforeEach(() => {
    activateCatalog('en-US');
    signedIn();
    sessionStore.setState({ status: 'signedIn', user: TEST_USER, isAuthReady: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    sessionStore.reset();
  });
}
