// The tab title of every screen: its name, the app's name and the unread count once signed in.
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSignedIn } from '@/testing/session-mock';
import { activateCatalog, renderApp } from '@/testing/test-utils';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
const counts = vi.hoisted(() => ({ notifications: 0, messages: 0, chat: 0 }));
vi.mock('@/features/notifications/use-notification-bell', () => ({
  useNotificationBell: () => ({ unreadCount: counts.notifications }),
}));
vi.mock('@/features/messages/unread-badge', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useMessagesUnreadCount: () => counts.messages,
}));
vi.mock('@/features/chat/unread-badge', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useChatUnreadCount: () => counts.chat,
}));

describe('document.title', () => {
  beforeEach(() => {
    activateCatalog('en-US');
    Object.assign(counts, { notifications: 0, messages: 0, chat: 0 });
    document.title = 'Paddock';
  });

  it('signed out: the screen and the app, no count', async () => {
    setSignedIn(false);
    await renderApp('/login');
    await waitFor(() => expect(document.title).toBe('Sign in · Paddock'));
  });

  it('signed in: notifications + messages + chat unread first, and it follows navigation', async () => {
    setSignedIn(true);
    Object.assign(counts, { notifications: 1, messages: 2, chat: 0 });
    const { router } = await renderApp('/messages');
    await waitFor(() => expect(document.title).toBe('(3) Messages · Paddock'));
    await act(() => router.navigate({ to: '/my-cars' }));
    await waitFor(() => expect(document.title).toBe('(3) Garage · Paddock'));
  });

  it('no unread: no count; French names the screen in French', async () => {
    setSignedIn(true);
    await renderApp('/friends');
    await waitFor(() => expect(document.title).toBe('Friends · Paddock'));
    await act(async () => {
      activateCatalog('fr-FR');
    });
    await screen.findAllByText('Amis');
    await waitFor(() => expect(document.title).toBe('Amis · Paddock'));
  });

  it("the installed app's icon shows notifications + private messages (as each push's app_badge), cleared at 0", async () => {
    const calls: unknown[] = [];
    Object.assign(navigator, {
      setAppBadge: (n?: number) => (calls.push(n), Promise.resolve()),
      clearAppBadge: () => (calls.push('clear'), Promise.resolve()),
    });
    try {
      setSignedIn(true);
      Object.assign(counts, { notifications: 2, messages: 1, chat: 4 });
      const { router } = await renderApp('/messages');
      await waitFor(() => expect(calls.at(-1)).toBe(3));
      // Read: the counts fall to 0 and the badge goes.
      Object.assign(counts, { notifications: 0, messages: 0, chat: 0 });
      await act(() => router.navigate({ to: '/my-cars' }));
      await waitFor(() => expect(calls.at(-1)).toBe('clear'));
      expect(calls.filter((c) => typeof c === 'number')).toEqual([3]);
    } finally {
      delete (navigator as { setAppBadge?: unknown }).setAppBadge;
      delete (navigator as { clearAppBadge?: unknown }).clearAppBadge;
    }
  });
});
