import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeSession, setSignedIn, TEST_USER } from '@/testing/session-mock';
import { renderApp } from '@/testing/test-utils';
import { signedOutEachTest } from '@/testing/signed-out';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);

describe('auth callback', () => {
  signedOutEachTest(() => fakeSession.completeExternalSignIn.mockReset());

  it('hands the fragment tokens to the session, wipes them from the URL and goes home', async () => {
    fakeSession.completeExternalSignIn.mockImplementation(async () => {
      setSignedIn(true);
      return TEST_USER;
    });
    window.history.replaceState(null, '', '/auth/callback#token=acc.ess.tok&refreshToken=ref');
    const { router } = await renderApp('/auth/callback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    expect(fakeSession.completeExternalSignIn).toHaveBeenCalledWith('acc.ess.tok', 'ref');
    expect(window.location.hash).toBe('');
  });

  it('shows a translated error with a way back to login', async () => {
    window.history.replaceState(null, '', '/auth/callback#error=ACCESS_DENIED');
    await renderApp('/auth/callback');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You declined the sign-in with the provider.',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
    expect(fakeSession.completeExternalSignIn).not.toHaveBeenCalled();
  });
});
