import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSignedIn } from '@/testing/session-mock';
import { navigateTo } from '@/lib/navigation';
import { navigationHistory } from '@/lib/navigation-history';
import { signedIn } from '@/testing/api-client';
import { connectRouter } from './router';
import { activateCatalog, renderApp } from '@/testing/test-utils';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);

describe('router wiring', () => {
  beforeEach(() => {
    activateCatalog('en-US');
    signedIn(); // the feed at /my-posts calls the API: without tokens that call would sign out
    setSignedIn(true);
    navigationHistory.reset();
  });

  it('lets lib code navigate and records every visited URL', async () => {
    const { router } = await renderApp('/my-posts');
    const disconnect = connectRouter(router);
    navigateTo('/my-chat-groups');
    await waitFor(() => expect(navigationHistory.entries()).toEqual(['/my-posts', '/my-chat-groups']));
    navigateTo('/message/m1?from=list', { replace: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/message/m1'));
    await waitFor(() =>
      expect(navigationHistory.entries()).toEqual(['/my-posts', '/my-chat-groups', '/message/m1?from=list']),
    );
    expect(navigationHistory.backTarget()).toBe('/my-chat-groups');
    disconnect();
  });
});
