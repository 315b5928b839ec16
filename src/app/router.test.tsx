import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSignedIn } from '@/testing/session-mock';
import { navigateTo } from '@/lib/navigation';
import { navigationHistory } from '@/lib/navigation/history';
import { signedIn } from '@/testing/api-client';
import { connectRouter } from './router';
import { activateCatalog, renderApp } from '@/testing/test-utils';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);

describe('router wiring', () => {
  beforeEach(() => {
    activateCatalog('en-US');
    signedIn(); // the feed at /feed calls the API: without tokens that call would sign out
    setSignedIn(true);
    navigationHistory.reset();
  });

  it('lets lib code navigate and records every visited URL', async () => {
    const { router } = await renderApp('/feed');
    const disconnect = connectRouter(router);
    navigateTo('/my-chat-groups');
    await waitFor(() => expect(navigationHistory.entries()).toEqual(['/feed', '/my-chat-groups']));
    navigateTo('/message/m1?from=list', { replace: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/message/m1'));
    await waitFor(() =>
      expect(navigationHistory.entries()).toEqual(['/feed', '/my-chat-groups', '/message/m1?from=list']),
    );
    expect(navigationHistory.backTarget()).toBe('/my-chat-groups');
    disconnect();
  });

  it('sends the old home /my-posts to the feed at /feed, keeping its search and hash', async () => {
    const { router } = await renderApp('/my-posts?from=old#top');
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    expect(router.state.location.searchStr).toBe('?from=old');
    expect(router.state.location.hash).toBe('top');
  });

  it("a screen's Back control follows the back rule: the earlier top-level screen, else home", async () => {
    const { router } = await renderApp('/my-cars');
    const disconnect = connectRouter(router);
    navigateTo('/post/p1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/p1'));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cars'));
    // A deep link has nothing earlier: Back goes home, inside the app.
    navigationHistory.reset();
    navigateTo('/people/u2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/people/u2'));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    disconnect();
  });
});
