import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, setSignedIn } from '@/testing/session-mock';
import { activateCatalog, renderApp } from '@/testing/test-utils';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);

describe('signed-in layout', () => {
  beforeEach(() => {
    activateCatalog('en-US');
    setSignedIn(true);
  });

  it('has the six destinations and marks the current one', async () => {
    await renderApp('/my-chat-groups');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Feed', '/feed'],
      ['Garage', '/my-cars'],
      ['Chat', '/my-chat-groups'],
      ['Messages', '/messages'],
      ['Friends', '/friends'],
      ['Profile', '/profile'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Chat' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat' })).toBeTruthy();
  });

  it('account menu: display name, language switch and sign out', async () => {
    await renderApp('/feed');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(screen.getByText('Jane Doe')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    // The outbox is counted first (nothing unsent here: no question asked).
    await vi.waitFor(() => expect(fakeSession.logout).toHaveBeenCalledTimes(1));
  });

  it('shows the offline indicator when the browser is offline', async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    await renderApp('/feed');
    expect(await screen.findByText('Offline')).toBeTruthy();
    onLine.mockRestore();
  });
});

describe('not found', () => {
  it('an unknown path or legal type shows a translated not-found screen', async () => {
    activateCatalog('en-US');
    setSignedIn(true);
    await renderApp('/legal/unknown');
    expect(await screen.findByRole('heading', { name: 'This page does not exist.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the feed' }).getAttribute('href')).toBe('/feed');
  });
});
