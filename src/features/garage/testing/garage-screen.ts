// The setup every screen test over the garage's local rows shares (the garage's forms and views, the
// files screen): an English catalog, a signed-in member holding tokens (so a request never signs
// them out), fake object URLs, a fresh local database with the settings the selects list, and the
// toasts and stubs cleared after each test.
import { afterEach, beforeEach, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { signedIn } from '@/testing/api-client';
import { installFetch } from '@/testing/fetch';
import { setSignedIn } from '@/testing/session-mock';
import { activateCatalog } from '@/testing/test-utils';
import { freshGarage, stubObjectUrls } from './garage-fixtures';

export interface GarageScreenSetup {
  /** Every request fails like an offline fetch until a test installs its own server (default). */
  offline?: boolean;
  /** The rows the tests start from, written after the fresh database. */
  seed?: () => Promise<unknown>;
}

/** Registers the shared beforeEach and afterEach of a garage screen test (call inside describe). */
export function garageScreenHooks({ offline = true, seed }: GarageScreenSetup = {}): void {
  beforeEach(async () => {
    activateCatalog('en-US');
    setSignedIn(true);
    signedIn();
    if (offline) installFetch({});
    stubObjectUrls();
    await freshGarage();
    await seed?.();
  });
  afterEach(() => {
    toast.list().forEach((t) => toast.dismiss(t.id));
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
