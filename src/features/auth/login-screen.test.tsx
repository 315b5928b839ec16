import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorOf, fill } from '@/testing/form-test-utils';
import { fakeSession, setSignedIn, TEST_USER } from '@/testing/session-mock';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import { signedOutEachTest } from '@/testing/signed-out';
import { ApiError } from '@/lib/http/api-client';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.mock('@/lib/http/api-client', async (importOriginal) =>
  (await import('@/testing/api-mock')).apiClientWith(importOriginal, (actual) => ({
    get: async (path: string) => {
      if (path === '/auth/providers') return [{ name: 'google', label: 'Google' }];
      throw new actual.NetworkError();
    },
  })),
);

describe('login screen', () => {
  signedOutEachTest(() => fakeSession.login.mockReset());

  it('requires both fields before calling the server', async () => {
    await renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(errorOf('E-mail')).toContain('This field is required.');
    expect(errorOf('Password')).toContain('This field is required.');
    expect(fakeSession.login).not.toHaveBeenCalled();
  });

  it('"Forgot your password?" takes the typed e-mail along, outside the URL', async () => {
    const { router } = await renderApp('/login');
    fill('E-mail', ' jane@example.com ');
    fireEvent.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    await screen.findByRole('button', { name: 'Send the link' });
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('jane@example.com');
    expect(router.state.location.href).toBe('/forgot-password');
  });

  it('shows and hides the password', async () => {
    await renderApp('/login');
    const password = await screen.findByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('is busy while signing in, then shows bad credentials in words', async () => {
    let reject!: (e: unknown) => void;
    fakeSession.login.mockReturnValue(new Promise((_, r) => (reject = r)));
    await renderApp('/login');
    fill('E-mail', ' jane@example.com ');
    fill('Password', 'secret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const busy = await screen.findByRole('button', { name: 'Signing in…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(fakeSession.login).toHaveBeenCalledWith({ email: 'jane@example.com', password: 'secret-pass' });
    reject(new ApiError(401, 'UNAUTHORIZED', 'Invalid credentials'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The e-mail or the password is incorrect.',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('shows other refusals in our words, keyed by the error code, never the server text', async () => {
    fakeSession.login.mockRejectedValue(new ApiError(429, 'TOO_MANY_REQUESTS', 'Slow down, please'));
    await renderApp('/login');
    fill('E-mail', 'jane@example.com');
    fill('Password', 'secret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many requests. Please wait a moment and try again.');
    expect(alert.textContent).not.toContain('Slow down');
  });

  it.each([
    [
      new ApiError(401, 'UNAUTHORIZED', 'Incorrect e-mail or password.'),
      "L'e-mail ou le mot de passe est incorrect.",
    ],
    [
      new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many requests.'),
      'Trop de requêtes. Patientez un instant puis réessayez.',
    ],
    [
      new ApiError(503, 'SERVICE_UNAVAILABLE', 'The service is briefly unavailable.'),
      'Paddock est brièvement indisponible. Réessayez dans un instant.',
    ],
  ])('in French, a %s on sign-in reads in French', async (error, french) => {
    activateCatalog('fr-FR');
    fakeSession.login.mockRejectedValue(error);
    await renderApp('/login');
    fill('E-mail', 'jane@example.com');
    fill('Mot de passe', 'secret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(french);
    expect(alert.textContent).not.toContain(error.message);
  });

  it('goes to /feed once signed in', async () => {
    fakeSession.login.mockImplementation(async () => {
      setSignedIn(true);
      return TEST_USER;
    });
    const { router } = await renderApp('/login');
    fill('E-mail', 'jane@example.com');
    fill('Password', 'secret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
  });

  it('links to signup and forgot-password and offers the outside providers', async () => {
    await renderApp('/login');
    expect((await screen.findByRole('link', { name: 'Create an account' })).getAttribute('href')).toBe(
      '/signup',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 }).textContent).toBe(
      'Welcome back',
    );
  });
});
