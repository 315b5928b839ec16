import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import { setSignedIn } from '@/testing/session-mock';
import { rootRedirectTarget } from './route-guards';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);

const GUARDED = [
  '/create-post',
  '/create-car',
  '/edit-car/c1',
  '/create-chat-group',
  '/edit-profile',
  '/my-cars',
  '/new-car-log/c1',
  '/edit-car-log/c1/l1',
  '/feed',
  '/my-chat-groups',
  '/files',
  '/profile',
  '/friends',
  '/messages',
  '/compose-message',
  '/message/m1',
];
const PUBLIC = [
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/auth/callback',
  '/legal/terms',
  '/legal/privacy',
  '/confirm-email',
];

describe('rootRedirectTarget (spec §2 root behaviour)', () => {
  it.each(['/', '/login', '/signup'])('sends a signed-in member on %s home', (path) => {
    expect(rootRedirectTarget(path, 'signedIn')).toBe('/feed');
  });
  it.each([...GUARDED, '/forgot-password', '/legal/terms'])('lets a signed-in member stay on %s', (path) => {
    expect(rootRedirectTarget(path, 'signedIn')).toBeNull();
  });
  it.each(PUBLIC)('lets a signed-out member stay on %s', (path) => {
    expect(rootRedirectTarget(path, 'signedOut')).toBeNull();
  });
  it.each([...GUARDED, '/', '/nowhere', '/legal'])('sends a signed-out member on %s to login', (path) => {
    expect(rootRedirectTarget(path, 'signedOut')).toBe('/login');
  });
});

describe('routes and guards', () => {
  beforeEach(() => {
    activateCatalog('en-US');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline in tests'))),
    );
  });

  it.each(['/friends', '/edit-car-log/c1/l1', '/feed'])('signed out on %s → /login', async (url) => {
    setSignedIn(false);
    const { router } = await renderApp(url);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it.each(['/', '/login', '/signup'])('signed in on %s → /feed', async (url) => {
    setSignedIn(true);
    const { router } = await renderApp(url);
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
  });

  it('signed out on /legal/terms stays there', async () => {
    setSignedIn(false);
    const { router } = await renderApp('/legal/terms');
    await waitFor(() => expect(router.state.status).toBe('idle'));
    expect(router.state.location.pathname).toBe('/legal/terms');
  });

  it('signed in on a guarded route renders the layout with its navigation', async () => {
    setSignedIn(true);
    const { router } = await renderApp('/my-cars');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cars'));
    const nav = await vi.waitFor(() => document.querySelector('nav[aria-label="Main navigation"]'));
    expect(nav?.textContent).toContain('Garage');
  });
});
