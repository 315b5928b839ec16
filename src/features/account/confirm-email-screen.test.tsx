// The page of the link mailed to a new address: public (signed in or out), one call per link,
// the new address on success, a clear message for a link that does not work.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '@/testing/session-mock';
import { fail, ok } from '@/testing/fetch';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import { setUser } from '@/testing/session-user';
import { API, endAccountTest, startAccountTest } from './testing/setup';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-user')).peopleSessionModule);
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  setUser.mockClear();
  return endAccountTest();
});

const CONFIRM = `${API}/users/me/email/confirm`;

describe('confirm e-mail page', () => {
  it('signed out: confirms the token once, without a session, and says which address is now used', async () => {
    const http = startAccountTest(
      { [`POST ${CONFIRM}`]: () => ok({ email: 'jane.new@example.com', message: 'E-mail changed.' }) },
      { signedInNow: false },
    );
    const { router } = await renderApp('/confirm-email?token=tok-123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your e-mail is changed' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('You now sign in with jane.new@example.com.');
    expect(router.state.location.pathname).toBe('/confirm-email');
    const calls = http.to('POST', CONFIRM);
    expect(calls.map((c) => c.body)).toEqual([{ token: 'tok-123' }]);
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });

  it('signed in: the session takes the new address and the way on is the settings', async () => {
    startAccountTest({
      [`POST ${CONFIRM}`]: () => ok({ email: 'jane.new@example.com', message: 'E-mail changed.' }),
    });
    await renderApp('/confirm-email?token=tok-123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your e-mail is changed' })).toBeTruthy();
    await waitFor(() =>
      expect(setUser).toHaveBeenCalledWith({ ...TEST_USER, email: 'jane.new@example.com' }),
    );
    expect(screen.getByRole('link', { name: 'Back to account settings' }).getAttribute('href')).toBe(
      '/account',
    );
  });

  it('an invalid or used link says so clearly, in the app language', async () => {
    startAccountTest(
      {
        [`POST ${CONFIRM}`]: () =>
          fail(400, 'INVALID_EMAIL_TOKEN', 'This confirmation link is invalid or has expired.'),
      },
      { signedInNow: false },
    );
    activateCatalog('fr-FR');
    await renderApp('/confirm-email?token=used');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ce lien ne fonctionne pas' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      "Ce lien de confirmation n'est plus valide. Demandez-en un nouveau depuis les paramètres de votre compte.",
    );
  });

  it('a link without a token does not call the server', async () => {
    const http = startAccountTest({}, { signedInNow: false });
    await renderApp('/confirm-email');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeTruthy();
    expect(http.to('POST', CONFIRM)).toHaveLength(0);
  });
});
