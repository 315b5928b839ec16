// The account settings screen through the real router: password change (and a wrong current
// password, in French), the e-mail change request and its neutral answer, the notification
// switches saved at once and rolled back when refused.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, fail, json, ok } from '@/testing/fetch';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import { ALL_ON, API, endAccountTest, startAccountTest } from './testing/setup';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-user')).peopleSessionModule);
vi.setConfig({ testTimeout: 30_000 });

afterEach(endAccountTest);

const section = (name: string | RegExp) => screen.getByRole('region', { name });
// The e-mail and password forms both have a "Current password": each helper stays in one section.
const input = (region: string, label: string) =>
  within(section(region)).getByLabelText(label) as HTMLInputElement;
const fill = (region: string, label: string, value: string) =>
  fireEvent.change(input(region, label), { target: { value } });
/** The error text wired to a field through aria-invalid + aria-describedby, or null. */
function errorOf(region: string, label: string): string | null {
  const field = input(region, label);
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('account settings', () => {
  it('shows its sections under one heading, with the current e-mail and the language switch', async () => {
    startAccountTest();
    await renderApp('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeTruthy();
    expect(within(section('E-mail')).getByText('jane@example.com')).toBeTruthy();
    expect(section('Password')).toBeTruthy();
    expect(section('Notifications')).toBeTruthy();
    expect(within(section('Language')).getByRole('combobox', { name: 'Language' })).toBeTruthy();
  });
});

describe('password', () => {
  it('changes the password, says how many other devices were signed out and empties the form', async () => {
    const http = startAccountTest({
      [`PUT ${API}/users/me/password`]: () => ok({ message: 'Password changed.', sessionsEnded: 2 }),
    });
    await renderApp('/account');
    const form = within(await screen.findByRole('region', { name: 'Password' }));
    fill('Password', 'Current password', 'old-secret-1');
    fill('Password', 'New password', 'a-brand-new-one');
    fill('Password', 'Confirm the new password', 'a-brand-new-one');
    fireEvent.click(form.getByRole('button', { name: 'Change password' }));

    const done = await form.findByText(/Your password is changed\./);
    expect(done.closest('[role="status"]')?.textContent).toContain('2 other devices were signed out.');
    expect(http.to('PUT', `${API}/users/me/password`).map((r) => r.body)).toEqual([
      { currentPassword: 'old-secret-1', newPassword: 'a-brand-new-one' },
    ]);
    expect(input('Password', 'Current password').value).toBe('');
    expect(input('Password', 'New password').value).toBe('');
  });

  it('checks the fields before sending: a short new password, two that differ', async () => {
    const http = startAccountTest();
    await renderApp('/account');
    const form = within(await screen.findByRole('region', { name: 'Password' }));
    fill('Password', 'Current password', 'old-secret-1');
    fill('Password', 'New password', 'short');
    fireEvent.click(form.getByRole('button', { name: 'Change password' }));
    expect(errorOf('Password', 'New password')).toContain('8 and 128 characters');
    await waitFor(() => expect(document.activeElement).toBe(input('Password', 'New password')));
    fill('Password', 'New password', 'a-brand-new-one');
    fill('Password', 'Confirm the new password', 'a-brand-new-two');
    fireEvent.click(form.getByRole('button', { name: 'Change password' }));
    expect(errorOf('Password', 'Confirm the new password')).toBe('The two passwords do not match.');
    expect(http.to('PUT', `${API}/users/me/password`)).toHaveLength(0);
  });

  it('a wrong current password is said in French, on the field that gets the focus', async () => {
    startAccountTest({
      [`PUT ${API}/users/me/password`]: () =>
        json(400, {
          success: false,
          error: {
            code: 'INVALID_CURRENT_PASSWORD',
            message: 'Your current password is not correct.',
            fields: [{ field: 'currentPassword', message: 'is not your current password' }],
          },
        }),
    });
    activateCatalog('fr-FR');
    await renderApp('/account');
    const form = within(await screen.findByRole('region', { name: 'Mot de passe' }));
    fill('Mot de passe', 'Mot de passe actuel', 'not-the-one');
    fill('Mot de passe', 'Nouveau mot de passe', 'a-brand-new-one');
    fill('Mot de passe', 'Confirmez le nouveau mot de passe', 'a-brand-new-one');
    fireEvent.click(form.getByRole('button', { name: 'Changer le mot de passe' }));

    const alert = await form.findByRole('alert');
    expect(alert.textContent).toBe("Ce n'est pas votre mot de passe actuel.");
    expect(errorOf('Mot de passe', 'Mot de passe actuel')).toBe("Ce n'est pas votre mot de passe actuel.");
    await waitFor(() => expect(document.activeElement).toBe(input('Mot de passe', 'Mot de passe actuel')));
    // What was typed stays, so that only the wrong field needs typing again.
    expect(input('Mot de passe', 'Nouveau mot de passe').value).toBe('a-brand-new-one');
  });
});

describe('e-mail', () => {
  it('asks for the change with the password and shows the same neutral answer whatever the address', async () => {
    const http = startAccountTest({
      [`POST ${API}/users/me/email`]: () => ok({ message: 'If this address can be used, a link was sent.' }),
    });
    await renderApp('/account');
    const email = within(await screen.findByRole('region', { name: 'E-mail' }));
    fireEvent.click(email.getByRole('button', { name: 'Change e-mail' }));
    expect(document.activeElement).toBe(input('E-mail', 'New e-mail'));
    fill('E-mail', 'New e-mail', ' jane.new@example.com ');
    fill('E-mail', 'Current password', 'my-secret-1');
    fireEvent.click(email.getByRole('button', { name: 'Send the link' }));

    const sent = await email.findByRole('status');
    expect(sent.textContent).toBe(
      'If jane.new@example.com can be used, a confirmation link is on its way to it. Your e-mail changes when you open that link, within 24 hours.',
    );
    expect(http.to('POST', `${API}/users/me/email`).map((r) => r.body)).toEqual([
      { newEmail: 'jane.new@example.com', password: 'my-secret-1' },
    ]);
    // Nothing changed yet: the address shown is still the current one; the form is closed.
    expect(email.getByText('jane@example.com')).toBeTruthy();
    expect(screen.queryByLabelText('New e-mail')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(email.getByRole('button', { name: 'Change e-mail' })),
    );
  });

  it('refuses my own address before sending, and a wrong password after', async () => {
    const http = startAccountTest({
      [`POST ${API}/users/me/email`]: () =>
        json(400, {
          success: false,
          error: {
            code: 'INVALID_CURRENT_PASSWORD',
            message: 'Your current password is not correct.',
            fields: [{ field: 'password', message: 'is not your current password' }],
          },
        }),
    });
    await renderApp('/account');
    const email = within(await screen.findByRole('region', { name: 'E-mail' }));
    fireEvent.click(email.getByRole('button', { name: 'Change e-mail' }));
    fill('E-mail', 'New e-mail', 'JANE@example.com');
    fill('E-mail', 'Current password', 'my-secret-1');
    fireEvent.click(email.getByRole('button', { name: 'Send the link' }));
    expect(errorOf('E-mail', 'New e-mail')).toBe('This is already your e-mail.');
    expect(http.to('POST', `${API}/users/me/email`)).toHaveLength(0);

    fill('E-mail', 'New e-mail', 'jane.new@example.com');
    fireEvent.click(email.getByRole('button', { name: 'Send the link' }));
    expect((await email.findByRole('alert')).textContent).toBe('Your current password is not this one.');
    expect(errorOf('E-mail', 'Current password')).toContain('Your current password is not this one.');
  });
});

describe('notification preferences', () => {
  const switchFor = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;

  it('shows each switch from the server and saves a change at once', async () => {
    const answer = deferred<Response>();
    const http = startAccountTest({
      [`GET ${API}/users/me/preferences`]: () => ok({ ...ALL_ON, notifyChat: false }),
      [`PUT ${API}/users/me/preferences`]: () => answer.promise,
    });
    await renderApp('/account');
    await screen.findByRole('switch', { name: 'Likes on my posts' });
    expect(switchFor('Being added to a chat group').checked).toBe(false);
    expect(switchFor('Private messages').checked).toBe(true);

    fireEvent.click(switchFor('Likes on my posts'));
    // Shown off before the server answers.
    await waitFor(() => expect(switchFor('Likes on my posts').checked).toBe(false));
    await waitFor(() => expect(http.to('PUT', `${API}/users/me/preferences`)).toHaveLength(1));
    expect(http.to('PUT', `${API}/users/me/preferences`)[0]?.body).toEqual({ notifyLikes: false });
    answer.resolve(ok({ ...ALL_ON, notifyChat: false, notifyLikes: false }));
    await waitFor(() => expect(switchFor('Likes on my posts').checked).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('goes back when the server refuses, and says so', async () => {
    const answer = deferred<Response>();
    startAccountTest({ [`PUT ${API}/users/me/preferences`]: () => answer.promise });
    await renderApp('/account');
    await screen.findByRole('switch', { name: 'Private messages' });
    fireEvent.click(switchFor('Private messages'));
    await waitFor(() => expect(switchFor('Private messages').checked).toBe(false));
    answer.resolve(fail(500, 'INTERNAL_ERROR', 'boom'));

    const alert = await within(section('Notifications')).findByRole('alert');
    expect(alert.textContent).toContain('Your choice was not saved.');
    expect(switchFor('Private messages').checked).toBe(true);
    expect(switchFor('Likes on my posts').checked).toBe(true);
  });

  it('shows a switch per kind of push, likes off, and saves one at once', async () => {
    const http = startAccountTest({
      [`GET ${API}/users/me/preferences`]: () => ok({ ...ALL_ON, pushLikes: false }),
      [`PUT ${API}/users/me/preferences`]: () => ok({ ...ALL_ON }),
    });
    await renderApp('/account');
    await screen.findByRole('switch', { name: 'A like on my post' });
    expect(switchFor('A like on my post').checked).toBe(false);
    for (const label of [
      'A private message',
      "Show a message's first line",
      'A chat message in my groups and conversations',
      'A friend request received or accepted',
      'A comment on my post, a reply to my comment',
      'Shared cars: an invitation, a sale offer or its answer, a new log',
      'A maintenance reminder due',
    ])
      expect(switchFor(label).checked).toBe(true);
    fireEvent.click(switchFor('A like on my post'));
    await waitFor(() => expect(http.to('PUT', `${API}/users/me/preferences`)).toHaveLength(1));
    expect(http.to('PUT', `${API}/users/me/preferences`)[0]?.body).toEqual({ pushLikes: true });
  });

  it('has the mentions push switch, beside the others, and saves it', async () => {
    const http = startAccountTest({
      [`GET ${API}/users/me/preferences`]: () => ok({ ...ALL_ON }),
      [`PUT ${API}/users/me/preferences`]: () => ok({ ...ALL_ON, pushMentions: false }),
    });
    await renderApp('/account');
    const mentions = await screen.findByRole('switch', {
      name: 'A member mentioned me in a post or a comment',
    });
    expect(mentions.closest('ul, fieldset, section')).toBe(
      switchFor('A like on my post').closest('ul, fieldset, section'),
    );
    expect(switchFor('A member mentioned me in a post or a comment').checked).toBe(true);
    fireEvent.click(switchFor('A member mentioned me in a post or a comment'));
    await waitFor(() => expect(http.to('PUT', `${API}/users/me/preferences`)).toHaveLength(1));
    expect(http.to('PUT', `${API}/users/me/preferences`)[0]?.body).toEqual({ pushMentions: false });
  });
});
