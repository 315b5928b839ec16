// The set-up of the screens a visitor sees before signing in (login, sign-up, legal pages…).
import { beforeEach } from 'vitest';
import { setSignedIn } from './session-mock';
import { activateCatalog } from './test-utils';

/** Before each test of the file: English, signed out, and `reset` clears what its fakes recorded. */
export function signedOutEachTest(reset: () => void): void {
  beforeEach(() => {
    activateCatalog('en-US');
    setSignedIn(false);
    reset();
  });
}
