import { act, fireEvent, screen, within } from '@testing-library/react';
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

  it('account menu: an install entry once the browser offers to install, which opens its prompt', async () => {
    await renderApp('/feed');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();
    const prompt = vi.fn(async () => undefined);
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => void window.dispatchEvent(offer));
    expect(offer.defaultPrevented).toBe(true); // kept for the menu, not the browser's own bar
    fireEvent.click(await screen.findByRole('button', { name: 'Install the app' }));
    await vi.waitFor(() => expect(prompt).toHaveBeenCalledTimes(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull(); // the offer is spent
  });

  it('account menu on iPhone Safari: says how to add to the Home Screen and why (notifications)', async () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    const agent = vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(iphone);
    try {
      await renderApp('/feed');
      fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
      expect(screen.getByText(/add Paddock to your Home Screen/).textContent).toContain('notifications');
    } finally {
      agent.mockRestore();
    }
  });

  it('account menu elsewhere (a desktop browser that offers nothing): no install entry, no iPhone hint', async () => {
    await renderApp('/feed');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(screen.queryByText(/Home Screen/)).toBeNull();
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
