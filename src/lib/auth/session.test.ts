import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeSocket } from '@/testing/fake-socket';
import { deferred, fail, installFetch, ok } from '@/testing/fetch';
import { tokenExpiringIn } from '@/testing/jwt';

const sockets = vi.hoisted(() => [] as FakeSocket[]);
vi.mock('socket.io-client', async () => (await import('@/testing/fake-socket')).fakeSocketIo(sockets));

const API = '/api/v1.0';
const user = {
  id: '9b1f0c1e-6a4c-4c38-9d7a-1c7f3b0a0001',
  email: 'ada@example.com',
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  avatar: null,
  bio: null,
  city: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

async function load() {
  vi.resetModules();
  const { session } = await import('./session');
  const navigation = await import('../navigation');
  const { queryClient } = await import('../query/query-client');
  const navigate = vi.fn();
  navigation.registerNavigator(navigate);
  return { session, navigate, queryClient };
}

function storeTokens(access = tokenExpiringIn(3600)) {
  localStorage.setItem('access_token', access);
  localStorage.setItem('refresh_token', 'r1');
  return access;
}

describe('session', () => {
  beforeEach(() => {
    sockets.length = 0;
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('with no stored token, the check ends signed out and auth is ready', async () => {
    const http = installFetch({});
    const { session } = await load();
    expect(session.getState().isAuthReady).toBe(false);
    await session.init();
    expect(session.getState()).toMatchObject({ status: 'signedOut', isAuthReady: true });
    expect(http.requests).toHaveLength(0);
  });

  it('a stored token that validates through /auth/me signs in, caches the user and connects the socket', async () => {
    const access = storeTokens();
    const me = deferred<Response>();
    installFetch({ [`GET ${API}/auth/me`]: () => me.promise });
    const { session } = await load();
    const done = session.init();
    expect(session.getState().isAuthReady).toBe(false); // not before the check ends
    me.resolve(ok(user));
    await done;
    expect(session.getState()).toEqual({ status: 'signedIn', user, isAuthReady: true });
    expect(JSON.parse(localStorage.getItem('current_user') ?? 'null')).toEqual(user);
    await vi.dynamicImportSettled();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.opts).toMatchObject({ auth: { token: access }, path: '/socket.io' });
  });

  it('a refused token removes both stored tokens, signs out and still ends the check', async () => {
    storeTokens();
    localStorage.setItem('current_user', JSON.stringify(user));
    installFetch({ [`GET ${API}/auth/me`]: () => fail(401, 'UNAUTHORIZED', 'expired') });
    const { session } = await load();
    await session.init();
    expect(session.getState()).toMatchObject({ status: 'signedOut', user: null, isAuthReady: true });
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('current_user')).toBeNull();
  });

  it('offline, the check keeps the tokens and the cached user and counts as signed in', async () => {
    const access = storeTokens();
    localStorage.setItem('current_user', JSON.stringify(user));
    installFetch({}); // fetch rejects like a browser with no network
    const { session, navigate } = await load();
    await session.init();
    expect(session.getState()).toEqual({ status: 'signedIn', user, isAuthReady: true });
    expect(localStorage.getItem('access_token')).toBe(access);
    expect(localStorage.getItem('refresh_token')).toBe('r1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('offline with an expired access token also stays signed in (the refresh could not reach the server)', async () => {
    storeTokens(tokenExpiringIn(-600));
    localStorage.setItem('current_user', JSON.stringify(user));
    installFetch({});
    const { session } = await load();
    await session.init();
    expect(session.getState()).toMatchObject({ status: 'signedIn', user });
    expect(localStorage.getItem('refresh_token')).toBe('r1');
  });

  it('whenReady polls the auth-ready flag every 100 ms', async () => {
    storeTokens();
    const me = deferred<Response>();
    installFetch({ [`GET ${API}/auth/me`]: () => me.promise });
    const { session } = await load();
    const init = session.init();
    const ready = vi.fn();
    void session.whenReady().then(ready);
    me.resolve(ok(user));
    await init;
    await vi.advanceTimersByTimeAsync(99);
    expect(ready).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toHaveBeenCalledWith(expect.objectContaining({ status: 'signedIn', isAuthReady: true }));
  });

  it('login stores the tokens and the user, and plans the refresh 60 s before expiry', async () => {
    const access = tokenExpiringIn(900);
    const http = installFetch({
      [`POST ${API}/auth/login`]: () => ok({ token: access, refreshToken: 'r1', user }),
      [`POST ${API}/auth/refresh`]: () => ok({ accessToken: tokenExpiringIn(1800), refreshToken: 'r2' }),
    });
    const { session } = await load();
    await expect(session.login({ email: 'ada@example.com', password: 'correct horse' })).resolves.toEqual(
      user,
    );
    expect(localStorage.getItem('access_token')).toBe(access);
    expect(session.getState()).toMatchObject({ status: 'signedIn', user });
    await vi.advanceTimersByTimeAsync(840_000 - 1);
    expect(http.to('POST', `${API}/auth/refresh`)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(http.to('POST', `${API}/auth/refresh`)).toHaveLength(1);
    expect(localStorage.getItem('refresh_token')).toBe('r2');
  });

  it('signing in loads the settings labels of the six domains, once each', async () => {
    const http = installFetch({
      [`POST ${API}/auth/login`]: () => ok({ token: tokenExpiringIn(900), refreshToken: 'r1', user }),
      [`GET ${API}/settings`]: () => ok([]),
    });
    const { session } = await load();
    await session.login({ email: 'ada@example.com', password: 'correct horse' });
    await vi.advanceTimersByTimeAsync(0);
    const domains = http
      .to('GET', `${API}/settings`)
      .map((r) => new URL(r.url, 'http://x').searchParams.get('domainId'));
    expect(domains.sort()).toEqual([
      'carLogType',
      'currencyCode',
      'energyType',
      'gearboxType',
      'mileageUnit',
      'upholsteryMaterial',
    ]);
  });

  it("a cold start that waits for the feed's first post asks for the settings labels after it", async () => {
    const http = installFetch({
      [`POST ${API}/auth/login`]: () => ok({ token: tokenExpiringIn(900), refreshToken: 'r1', user }),
      [`GET ${API}/settings`]: () => ok([]),
    });
    const { session } = await load();
    const firstContent = await import('../first-paint/first-content');
    firstContent.expectFirstContent();
    try {
      await session.login({ email: 'ada@example.com', password: 'correct horse' });
      await vi.advanceTimersByTimeAsync(0);
      expect(http.to('GET', `${API}/settings`)).toHaveLength(0);
      firstContent.markFirstContent();
      await vi.advanceTimersByTimeAsync(0);
      expect(http.to('GET', `${API}/settings`)).toHaveLength(6);
    } finally {
      firstContent.resetFirstContentForTests();
    }
  });

  it('logout clears local state, then goes to login, then tells the server with the old bearer', async () => {
    const access = storeTokens();
    localStorage.setItem('current_user', JSON.stringify(user));
    const order: string[] = [];
    const seenAtServerCall: Record<string, string | null> = {};
    const { session, navigate, queryClient } = await load();
    queryClient.setQueryData(['friends'], { friends: [] });
    navigate.mockImplementation(() => {
      order.push(
        localStorage.getItem('access_token') === null ? 'navigate (cleared)' : 'navigate (not cleared)',
      );
    });
    const http = installFetch({
      [`POST ${API}/auth/logout`]: (req) => {
        order.push('server');
        seenAtServerCall.access = localStorage.getItem('access_token');
        seenAtServerCall.user = localStorage.getItem('current_user');
        seenAtServerCall.auth = req.headers.get('Authorization');
        seenAtServerCall.cache = queryClient.getQueryData(['friends']) === undefined ? 'cleared' : 'kept';
        return ok({});
      },
    });
    await session.logout();
    expect(order).toEqual(['navigate (cleared)', 'server']);
    expect(navigate).toHaveBeenCalledWith('/login', undefined);
    expect(seenAtServerCall).toEqual({
      access: null,
      user: null,
      auth: `Bearer ${access}`,
      cache: 'cleared',
    });
    expect(http.requests).toHaveLength(1);
    expect(session.getState().status).toBe('signedOut');
  });

  it('logout goes to login even when the server call fails', async () => {
    storeTokens();
    installFetch({}); // the logout call rejects
    const { session, navigate } = await load();
    await expect(session.logout()).resolves.toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/login', undefined);
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('completeExternalSignIn stores the provider tokens and loads the user', async () => {
    const access = tokenExpiringIn(900);
    const http = installFetch({ [`GET ${API}/auth/me`]: () => ok(user) });
    const { session } = await load();
    await expect(session.completeExternalSignIn(access, 'r9')).resolves.toEqual(user);
    expect(http.requests[0]?.headers.get('Authorization')).toBe(`Bearer ${access}`);
    expect(localStorage.getItem('refresh_token')).toBe('r9');
    expect(session.getState().status).toBe('signedIn');
  });

  it('follows a sign-out made in another tab', async () => {
    storeTokens();
    installFetch({ [`GET ${API}/auth/me`]: () => ok(user) });
    const { session, navigate } = await load();
    await session.init();
    localStorage.removeItem('access_token');
    localStorage.removeItem('refresh_token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'refresh_token', newValue: null }));
    expect(session.getState().status).toBe('signedOut');
    expect(navigate).toHaveBeenCalledWith('/login', undefined);
  });

  it('back online, a refresh that failed offline is tried again', async () => {
    storeTokens(tokenExpiringIn(-600));
    localStorage.setItem('current_user', JSON.stringify(user));
    const routes: Record<string, () => Response> = {};
    const http = installFetch(routes);
    const { session } = await load();
    await session.init(); // offline: the refresh fails, the session stays
    await vi.advanceTimersByTimeAsync(0); // let the failed attempts settle
    const failedAttempts = http.requests.length;
    routes[`POST ${API}/auth/refresh`] = () => ok({ accessToken: tokenExpiringIn(3600), refreshToken: 'r2' });
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(http.requests.length).toBeGreaterThan(failedAttempts);
    expect(localStorage.getItem('refresh_token')).toBe('r2');
  });
});
