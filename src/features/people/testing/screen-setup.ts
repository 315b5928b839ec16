// Before and after each people screen test: a fresh device database, a signed-in member with
// tokens, the English catalog, the people API double, object URLs; afterwards nothing left running.
import { configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setSignedIn, TEST_USER } from '@/testing/session-mock';
import { ListFormData } from '@/testing/list-form-data';
import { activateCatalog } from '@/testing/test-utils';
import { endLiveShellTest } from '@/testing/live-shell-teardown';
import { resetLocalDatabaseForTests } from '@/lib/db';
import { signedIn } from '@/testing/api-client';
import { toast } from '@/lib/toast';
import { clearAvatarCache } from '@/lib/media/avatar-url';
import { installPeopleServer, type PeopleServer } from './people-server';
import { setSessionUser, setUser } from '@/testing/session-user';

// A shared, loaded machine: the first render compiles the route chunks.
configure({ asyncUtilTimeout: 10_000 });

const { createObjectURL, revokeObjectURL } = URL;
let count = 0;

export function startPeopleTest() {
  count += 1;
  resetLocalDatabaseForTests(`people-${count}-${Math.random().toString(36).slice(2)}`);
  signedIn(); // tokens, so that a request never signs the member out
  setSignedIn(true);
  activateCatalog('en-US');
  let blobs = 0;
  URL.createObjectURL = () => `blob:test/${++blobs}`;
  URL.revokeObjectURL = () => undefined;
  return installPeopleServer();
}

export async function endPeopleTest() {
  vi.useRealTimers(); // a test that faked the clock must not stall what follows
  await endLiveShellTest();
  clearAvatarCache();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
}

/** Registers a people screen test's setup: each test gets `startPeopleTest`'s API double, then ends. */
export function peopleScreensPerTest(onServer: (server: PeopleServer) => void): void {
  vi.setConfig({ testTimeout: 30_000 });
  beforeEach(() => onServer(startPeopleTest()));
  afterEach(endPeopleTest);
}

/**
 * Registers a profile screen test's setup (the file mocks '@/lib/auth/session' with ./session):
 * each test starts signed in as TEST_USER with `setUser` cleared; with `forms`, FormData is the
 * listing double (so a test reads what a form sent) until the test ends.
 */
export function profileScreensPerTest(
  onServer: (server: PeopleServer) => void,
  options: { forms?: boolean } = {},
): void {
  vi.setConfig({ testTimeout: 30_000 });
  beforeEach(() => {
    if (options.forms) vi.stubGlobal('FormData', ListFormData);
    onServer(startPeopleTest());
    setSessionUser({ ...TEST_USER });
    setUser.mockClear();
  });
  afterEach(async () => {
    if (options.forms) vi.unstubAllGlobals();
    await endPeopleTest();
  });
}

/** The messages of the toasts on screen now. */
export const toasts = () => toast.list().map((t) => t.message);
