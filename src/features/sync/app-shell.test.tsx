// The signed-in shell's wiring: the outbox starts once a member is in and stops on sign-out; the
// in-memory storage warning shows in the layout until dismissed for the session.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSignedIn } from '@/testing/session-mock';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import { signedIn } from '@/testing/api-client';
import { signOutLocally } from '@/lib/auth/sign-out';
import { startOutbox, stopOutbox } from '@/lib/outbox';
import { MEMORY_BANNER_DISMISSED_KEY, storageMode } from '@/lib/offline/storage-mode';
import type * as OutboxModule from '@/lib/outbox';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.mock(
  '@/lib/offline/shell-settled',
  async () => (await import('@/testing/shell-settled-at-once')).shellSettledAtOnce,
);
vi.mock('@/lib/outbox', async (importOriginal) => ({
  ...(await importOriginal<typeof OutboxModule>()),
  startOutbox: vi.fn(),
  stopOutbox: vi.fn(),
}));

beforeEach(() => {
  activateCatalog('en-US');
  signedIn(); // the feed at /feed calls the API: without tokens that call would sign out
  setSignedIn(true);
  sessionStorage.clear();
  storageMode.reset();
  vi.mocked(startOutbox).mockClear();
  vi.mocked(stopOutbox).mockClear();
});

describe('signed-in shell', () => {
  it('starts the outbox once a member is in, and stops it on sign-out', async () => {
    await renderApp('/feed');
    await waitFor(() => expect(startOutbox).toHaveBeenCalledTimes(1));
    expect(stopOutbox).not.toHaveBeenCalled();
    signOutLocally();
    await waitFor(() => expect(stopOutbox).toHaveBeenCalledTimes(1));
  });

  it('warns while data is kept in memory only, until dismissed for the session', async () => {
    await renderApp('/feed');
    expect(screen.queryByRole('alert')).toBeNull();
    storageMode.set('memory');
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain(
      "Your browser isn't keeping data on this device: changes made offline are lost when you close the app.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(sessionStorage.getItem(MEMORY_BANNER_DISMISSED_KEY)).toBe('1');
  });
});
