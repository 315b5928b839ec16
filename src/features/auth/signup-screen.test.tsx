import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorOf, fill } from '@/testing/form-test-utils';
import { fakeSession, setSignedIn, TEST_USER } from '@/testing/session-mock';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import { signedOutEachTest } from '@/testing/signed-out';
import { ApiError } from '@/lib/http/api-client';
import { TERMS_VERSION } from '@/contract/constants';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);

async function fillValidForm() {
  await screen.findByLabelText('E-mail');
  fill('First name', 'Jane');
  fill('Last name', 'Doe');
  fill('Username', 'jane_doe');
  fill('E-mail', 'jane@example.com');
  fill('Password', 'long-enough');
  fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms of use/ }));
}

describe('signup screen', () => {
  it('asks to accept the terms of use, and sends their version', async () => {
    fakeSession.signup.mockResolvedValue(undefined);
    await renderApp('/signup');
    await screen.findByLabelText('E-mail');
    fill('First name', 'Jane');
    fill('Last name', 'Doe');
    fill('Username', 'jane_doe');
    fill('E-mail', 'jane@example.com');
    fill('Password', 'long-enough');
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('Accept the terms of use to create your account.')).toBeTruthy();
    expect(fakeSession.signup).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms of use/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() =>
      expect(fakeSession.signup).toHaveBeenCalledWith(
        expect.objectContaining({ acceptedTermsVersion: TERMS_VERSION }),
      ),
    );
  });

  signedOutEachTest(() => fakeSession.signup.mockReset());

  it('shows the password rule (8 to 128 characters) up front', async () => {
    await renderApp('/signup');
    const password = await screen.findByLabelText('Password');
    const hint = document.getElementById(password.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Between 8 and 128 characters.');
  });

  it('checks the fields like the server before sending', async () => {
    await renderApp('/signup');
    await fillValidForm();
    fill('E-mail', 'not-an-email');
    fill('Password', 'x'.repeat(7));
    fill('Username', 'ab');
    fill('First name', ' ');
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(errorOf('E-mail')).toContain('Enter a valid e-mail address.');
    expect(errorOf('Password')).toContain('Too short (7 characters): a password needs at least 8.');
    expect(errorOf('Username')).toContain('Too short (2 characters): a username needs at least 3.');
    expect(errorOf('First name')).toContain('This field is required.');
    expect(errorOf('Last name')).toBeNull();
    expect(errorOf('City (optional)')).toBeNull();
    expect(fakeSession.signup).not.toHaveBeenCalled();

    fill('Password', 'x'.repeat(129));
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(errorOf('Password')).toContain('Too long (129 characters): a password has at most 128.');
    fill('Password', 'x'.repeat(128));
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(errorOf('Password')).toBeNull();
  });

  it('the hint gives the rule, the error what is wrong with this value: never the same sentence', async () => {
    await renderApp('/signup');
    await fillValidForm();
    fill('Password', 'short');
    fill('Username', 'rené dupont');
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    const described = (label: string) =>
      (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '');
    const password = described('Password');
    expect(password).toContain('Between 8 and 128 characters.');
    expect(password).toContain('Too short (5 characters): a password needs at least 8.');
    const username = described('Username');
    expect(username).toContain('3 to 30 letters, digits, dots, dashes or underscores.');
    expect(username).toContain('A username cannot contain spaces.');
    fill('Username', 'rené');
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(errorOf('Username')).toContain('Not allowed in a username: é');
  });

  it('maps the server conflict onto the e-mail and username fields', async () => {
    fakeSession.signup.mockRejectedValue(
      new ApiError(409, 'CONFLICT', 'Already taken', {
        fields: [
          { field: 'email', message: 'taken' },
          { field: 'body.username', message: 'taken' },
        ],
      }),
    );
    await renderApp('/signup');
    await fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(errorOf('E-mail')).toContain('An account already uses this e-mail.'));
    expect(errorOf('Username')).toContain('This username is already taken.');
    expect(screen.getByRole('alert').textContent).toContain('Please correct the highlighted fields.');
  });

  it('maps server validation errors (body.password) to the field', async () => {
    fakeSession.signup.mockRejectedValue(
      new ApiError(400, 'VALIDATION_ERROR', 'Invalid body', {
        fields: [{ field: 'body.password', message: 'too short' }],
      }),
    );
    await renderApp('/signup');
    await fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(errorOf('Password')).toContain('Use between 8 and 128 characters.'));
  });

  describe('in French', () => {
    async function submitFrench(error: ApiError) {
      activateCatalog('fr-FR');
      fakeSession.signup.mockRejectedValue(error);
      await renderApp('/signup');
      await screen.findByLabelText('E-mail');
      fill('Prénom', 'Jane');
      fill('Nom', 'Doe');
      fill("Nom d'utilisateur", 'jane_doe');
      fill('E-mail', 'jane@example.com');
      fill('Mot de passe', 'long-enough');
      fireEvent.click(screen.getByRole('checkbox', { name: /J’accepte les conditions d’utilisation/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
      return screen.findByRole('alert');
    }

    it('a 409 with the taken fields reads in French on each field', async () => {
      const alert = await submitFrench(
        new ApiError(409, 'CONFLICT', 'This account already exists.', {
          fields: [
            { field: 'email', message: 'This e-mail is already used.' },
            { field: 'username', message: 'This username is already taken.' },
          ],
        }),
      );
      expect(alert.textContent).toContain('Veuillez corriger les champs signalés.');
      expect(errorOf('E-mail')).toContain('Un compte utilise déjà cet e-mail.');
      expect(errorOf("Nom d'utilisateur")).toContain("Ce nom d'utilisateur est déjà pris.");
      expect(document.body.textContent).not.toContain('already');
    });

    it('a 409 without fields (a race) reads in French', async () => {
      const alert = await submitFrench(new ApiError(409, 'CONFLICT', 'This account already exists.'));
      expect(alert.textContent).toContain("Un compte utilise déjà cet e-mail ou ce nom d'utilisateur.");
      expect(alert.textContent).not.toContain('This account');
    });

    it('a 400 with fields reads in French, the form and each field', async () => {
      const alert = await submitFrench(
        new ApiError(400, 'VALIDATION_ERROR', 'Some fields are missing or invalid.', {
          fields: [
            { field: 'body.password', message: 'must NOT have fewer than 8 characters' },
            { field: 'body.city', message: 'must NOT have more than 100 characters' },
          ],
        }),
      );
      expect(alert.textContent).toContain('Veuillez corriger les champs signalés.');
      expect(errorOf('Mot de passe')).toContain('Utilisez entre 8 et 128 caractères.');
      expect(document.body.textContent).not.toContain('must NOT');
    });
  });

  it('sends the trimmed body without an empty city and goes to /feed', async () => {
    fakeSession.signup.mockImplementation(async () => {
      setSignedIn(true);
      return TEST_USER;
    });
    const { router } = await renderApp('/signup');
    await fillValidForm();
    fill('Username', '  jane_doe ');
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    expect(fakeSession.signup).toHaveBeenCalledWith({
      email: 'jane@example.com',
      password: 'long-enough',
      username: 'jane_doe',
      firstName: 'Jane',
      lastName: 'Doe',
      acceptedTermsVersion: TERMS_VERSION,
    });
  });
});
