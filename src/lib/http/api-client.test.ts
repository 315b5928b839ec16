import { describe, expect, it, vi } from 'vitest';
import { fakeClockPerTest } from '@/testing/fake-clock';
import { deferred, fail, installFetch, ok } from '@/testing/fetch';
import { API, loadApiClient as load, signedIn } from '@/testing/api-client';
import { makeJwt, tokenExpiringIn } from '@/testing/jwt';

describe('request interceptor (spec §7)', () => {
  fakeClockPerTest();

  it.each([
    '/auth/signup',
    '/auth/login',
    '/auth/refresh',
    '/auth/logout',
    '/auth/forgot-password',
    '/auth/reset-password',
    '/auth/validate-reset-token/abc',
    '/legal/terms',
    '/auth/providers',
    '/users/me/email/confirm',
  ])('sends %s without a bearer header', async (path) => {
    signedIn();
    const http = installFetch({ [`POST ${API}${path}`]: () => ok({}) });
    const lib = await load();
    await lib.api.post(path, {});
    expect(http.requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('adds the bearer header to any other call', async () => {
    const access = signedIn();
    const http = installFetch({ [`GET ${API}/posts/feed`]: () => ok([]) });
    const lib = await load();
    await lib.api.get('/posts/feed', { query: { limit: 20, offset: 0, skip: undefined } });
    expect(http.requests[0]?.headers.get('Authorization')).toBe(`Bearer ${access}`);
    expect(http.requests[0]?.url).toBe(`${API}/posts/feed?limit=20&offset=0`);
  });

  it('matches the skip list by prefix on whole segments only', async () => {
    const lib = await load();
    expect(lib.isPublicApiPath('/legal')).toBe(true);
    expect(lib.isPublicApiPath('/auth/login?next=1')).toBe(true);
    expect(lib.isPublicApiPath('/auth/me')).toBe(false);
    expect(lib.isPublicApiPath('/legalese')).toBe(false);
    // Confirming a new e-mail is public; asking for the change is not.
    expect(lib.isPublicApiPath('/users/me/email/confirm')).toBe(true);
    expect(lib.isPublicApiPath('/users/me/email')).toBe(false);
  });

  it('refreshes an expired access token first, then sends with the new one', async () => {
    signedIn(tokenExpiringIn(20));
    const fresh = tokenExpiringIn(3600);
    const http = installFetch({
      [`POST ${API}/auth/refresh`]: () => ok({ accessToken: fresh, refreshToken: 'r2' }),
      [`GET ${API}/cars/feed`]: () => ok([]),
    });
    const lib = await load();
    await lib.api.get('/cars/feed');
    expect(http.requests.map((r) => r.path)).toEqual([`${API}/auth/refresh`, `${API}/cars/feed`]);
    expect(http.requests[1]?.headers.get('Authorization')).toBe(`Bearer ${fresh}`);
  });

  it('treats an access token without exp as expired', async () => {
    signedIn(makeJwt({ sub: 'member-1' })); // decodable, no exp
    const http = installFetch({
      [`POST ${API}/auth/refresh`]: () => ok({ accessToken: tokenExpiringIn(3600), refreshToken: 'r2' }),
      [`GET ${API}/cars/feed`]: () => ok([]),
    });
    const lib = await load();
    await lib.api.get('/cars/feed');
    expect(http.to('POST', `${API}/auth/refresh`)).toHaveLength(1);
  });

  it('while a refresh runs, polls every 100 ms and sends once it is over', async () => {
    signedIn(tokenExpiringIn(20));
    const answer = deferred<Response>();
    const http = installFetch({
      [`POST ${API}/auth/refresh`]: () => answer.promise,
      [`GET ${API}/friends`]: () => ok({ friends: [] }),
    });
    const lib = await load();
    expect(lib.REFRESH_POLL_MS).toBe(100);
    const running = lib.refresh.refreshTokens();
    const call = lib.api.get('/friends');
    answer.resolve(ok({ accessToken: tokenExpiringIn(3600), refreshToken: 'r2' }));
    await running;
    await vi.advanceTimersByTimeAsync(99);
    expect(http.to('GET', `${API}/friends`)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(http.to('GET', `${API}/friends`)).toHaveLength(1);
    await call;
    expect(http.to('POST', `${API}/auth/refresh`)).toHaveLength(1);
  });

  it('with no refresh token goes to login with "No refresh token available"', async () => {
    localStorage.setItem('access_token', tokenExpiringIn(-5));
    const http = installFetch({ [`POST ${API}/auth/logout`]: () => ok({}) });
    const lib = await load();
    await expect(lib.api.get('/notifications')).rejects.toThrow('No refresh token available');
    expect(lib.navigate).toHaveBeenCalledWith('/login', undefined);
    expect(http.to('GET', `${API}/notifications`)).toHaveLength(0);
  });

  it('a refused refresh goes to login with "Token refresh failed"', async () => {
    signedIn(tokenExpiringIn(-5));
    const http = installFetch({
      [`POST ${API}/auth/refresh`]: () => fail(401, 'UNAUTHORIZED', 'refused'),
      [`POST ${API}/auth/logout`]: () => ok({}),
    });
    const lib = await load();
    await expect(lib.api.get('/notifications')).rejects.toThrow('Token refresh failed');
    expect(lib.navigate).toHaveBeenCalledWith('/login', undefined);
    expect(http.to('GET', `${API}/notifications`)).toHaveLength(0);
  });

  it('a network failure during the refresh is a NetworkError and keeps the session', async () => {
    const access = signedIn(tokenExpiringIn(-5));
    installFetch({});
    const lib = await load();
    const error: unknown = await lib.api.get('/notifications').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(lib.NetworkError);
    expect(lib.navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('access_token')).toBe(access);
  });

  it('sends FormData as is and JSON bodies with their content type', async () => {
    signedIn();
    const http = installFetch({
      [`POST ${API}/posts/with-image`]: () => ok({}),
      [`POST ${API}/posts`]: () => ok({}),
    });
    const lib = await load();
    const form = new FormData();
    form.append('content', 'hello');
    await lib.api.post('/posts/with-image', form);
    await lib.api.post('/posts', { content: 'hello' });
    expect(http.requests[0]?.body).toBe(form);
    expect(http.requests[0]?.headers.has('Content-Type')).toBe(false);
    expect(http.requests[1]?.body).toEqual({ content: 'hello' });
    expect(http.requests[1]?.headers.get('Content-Type')).toBe('application/json');
  });
});
