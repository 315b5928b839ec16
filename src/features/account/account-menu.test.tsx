// The account menu leads to the account settings, the files, and the legal pages (once signed in
// they had no other way in).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import { setSessionUser } from '@/testing/session-user';
import { TEST_USER } from '@/testing/session-mock';
import { API, endAccountTest, startAccountTest } from './testing/setup';
import { ok } from '@/testing/fetch';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-user')).peopleSessionModule);
vi.setConfig({ testTimeout: 30_000 });

afterEach(endAccountTest);

describe('account menu', () => {
  it('links to account settings, files, terms and privacy', async () => {
    startAccountTest();
    await renderApp('/feed');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    const links = within(screen.getByRole('navigation', { name: 'Account menu' })).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Account settings', '/account'],
      ['Files', '/files'],
      ['Terms of use', '/legal/terms'],
      ['Privacy policy', '/legal/privacy'],
    ]);
  });

  it('in French too, and following a link closes the menu and opens the screen', async () => {
    startAccountTest();
    activateCatalog('fr-FR');
    const { router } = await renderApp('/feed');
    fireEvent.click(await screen.findByRole('button', { name: 'Menu du compte' }));
    fireEvent.click(screen.getByRole('link', { name: 'Paramètres du compte' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Paramètres du compte' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Menu du compte' })).toBeNull();
  });

  it('shows a moderator the Moderation entry, which opens the queue', async () => {
    startAccountTest({ [`GET ${API}/moderation/reports`]: () => ok([]) });
    setSessionUser({ ...TEST_USER, isModerator: true });
    const { router } = await renderApp('/feed');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    fireEvent.click(screen.getByRole('link', { name: 'Moderation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/moderation'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Nothing to review' })).toBeTruthy();
  });

  it('a member who is not a moderator has no such entry, and the address says not allowed', async () => {
    startAccountTest();
    await renderApp('/moderation');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(screen.queryByRole('link', { name: 'Moderation' })).toBeNull();
  });
});
