import { describe, expect, it, vi } from 'vitest';
import { fakeClockPerTest } from '@/testing/fake-clock';
import { deferred, fail, installFetch, ok } from '@/testing/fetch';
import { tokenExpiringIn } from '@/testing/jwt';

const API = '/api/v1.0';

async function load() {
  vi.resetModules();
  const refresh = await import('./refresh');
  const schedule = await import('./refresh-schedule');
  const navigation = await import('../navigation');
  const navigate = vi.fn();
  navigation.registerNavigator(navigate);
  return { ...refresh, ...schedule, navigate };
}

const flush = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

describe('token refresh', () => {
  fakeClockPerTest();

  it('stores both tokens and announces the new access token', async () => {
    const fresh = tokenExpiringIn(900);
    const http = installFetch({
      [`POST ${API}/auth/refresh`]: () => ok({ accessToken: fresh, token: fresh, refreshToken: 'r2' }),
    });
    localStorage.setItem('refresh_token', 'r1');
    const lib = await load();
    const announced = vi.fn();
    lib.onTokensRefreshed(announced);
    await expect(lib.refreshTokens()).resolves.toBe(fresh);
    expect(http.to('POST', `${API}/auth/refresh`)[0]?.body).toEqual({ refreshToken: 'r1' });
    expect(localStorage.getItem('access_token')).toBe(fresh);
    expect(localStorage.getItem('refresh_token')).toBe('r2');
    expect(announced).toHaveBeenCalledWith(fresh);
  });

  it('reads data.token when data.accessToken is absent (spec §3: both readings exist)', async () => {
    const fresh = tokenExpiringIn(900);
    installFetch({ [`POST ${API}/auth/refresh`]: () => ok({ token: fresh, refreshToken: 'r2' }) });
    localStorage.setItem('refresh_token', 'r1');
    const lib = await load();
    await expect(lib.refreshTokens()).resolves.toBe(fresh);
  });

  it('two triggers while one runs send one POST /auth/refresh', async () => {
    const answer = deferred<Response>();
    const http = installFetch({ [`POST ${API}/auth/refresh`]: () => answer.promise });
    localStorage.setItem('refresh_token', 'r1');
    const lib = await load();
    const first = lib.refreshTokens();
    const second = lib.refreshTokens();
    expect(lib.isRefreshing()).toBe(true);
    const fresh = tokenExpiringIn(900);
    answer.resolve(ok({ accessToken: fresh, refreshToken: 'r2' }));
    await expect(Promise.all([first, second])).resolves.toEqual([fresh, fresh]);
    expect(http.to('POST', `${API}/auth/refresh`)).toHaveLength(1);
    expect(lib.isRefreshing()).toBe(false);
  });

  it('a refused refresh signs out, goes to login and fails with "Token refresh failed"', async () => {
    const http = installFetch({
      [`POST ${API}/auth/refresh`]: () => fail(401, 'UNAUTHORIZED', 'refused'),
      [`POST ${API}/auth/logout`]: () => ok({}),
    });
    localStorage.setItem('access_token', tokenExpiringIn(-10));
    localStorage.setItem('refresh_token', 'r1');
    const lib = await load();
    await expect(lib.refreshTokens()).rejects.toThrow('Token refresh failed');
    expect(lib.navigate).toHaveBeenCalledWith('/login', undefined);
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('access_token')).toBeNull();
    await flush();
    expect(http.to('POST', `${API}/auth/logout`)).toHaveLength(1);
  });

  it('without a refresh token it signs out with "No refresh token available"', async () => {
    installFetch({ [`POST ${API}/auth/logout`]: () => ok({}) });
    const lib = await load();
    await expect(lib.refreshTokens()).rejects.toThrow('No refresh token available');
    expect(lib.navigate).toHaveBeenCalledWith('/login', undefined);
  });

  it('a network failure keeps every token and does not sign out', async () => {
    installFetch({}); // every request fails like an offline fetch
    const access = tokenExpiringIn(-10);
    localStorage.setItem('access_token', access);
    localStorage.setItem('refresh_token', 'r1');
    const lib = await load();
    await expect(lib.refreshTokens()).rejects.toMatchObject({ name: 'NetworkError' });
    expect(localStorage.getItem('access_token')).toBe(access);
    expect(localStorage.getItem('refresh_token')).toBe('r1');
    expect(lib.navigate).not.toHaveBeenCalled();
  });

  it('a server error (503) keeps the tokens too', async () => {
    installFetch({ [`POST ${API}/auth/refresh`]: () => fail(503, 'SERVICE_UNAVAILABLE', 'down') });
    localStorage.setItem('refresh_token', 'r1');
    const lib = await load();
    await expect(lib.refreshTokens()).rejects.toMatchObject({ status: 503 });
    expect(localStorage.getItem('refresh_token')).toBe('r1');
    expect(lib.navigate).not.toHaveBeenCalled();
  });

  it('inside the cross-tab lock, a token another tab just stored is used instead of refreshing', async () => {
    const http = installFetch({});
    localStorage.setItem('access_token', tokenExpiringIn(-10));
    localStorage.setItem('refresh_token', 'r1');
    const other = tokenExpiringIn(900);
    const request = vi.fn(async (_name: string, task: () => Promise<unknown>) => {
      localStorage.setItem('access_token', other); // the other tab held the lock and refreshed
      return task();
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const lib = await load();
    await expect(lib.refreshTokens()).resolves.toBe(other);
    expect(request).toHaveBeenCalledWith('paddock-token-refresh', expect.any(Function));
    expect(http.requests).toHaveLength(0);
  });
});

describe('refresh scheduling (spec §4, §9)', () => {
  fakeClockPerTest();

  it('runs 60 000 ms before the access token expires', async () => {
    const fresh = tokenExpiringIn(3600);
    const http = installFetch({
      [`POST ${API}/auth/refresh`]: () => ok({ accessToken: fresh, refreshToken: 'r2' }),
    });
    localStorage.setItem('refresh_token', 'r1');
    const lib = await load();
    expect(lib.REFRESH_MARGIN_MS).toBe(60_000);
    lib.scheduleRefresh(tokenExpiringIn(600)); // refresh due at 600 s - 60 s = 540 000 ms
    await vi.advanceTimersByTimeAsync(539_999);
    expect(http.to('POST', `${API}/auth/refresh`)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(http.to('POST', `${API}/auth/refresh`)).toHaveLength(1);
  });

  it('runs at once when that moment has passed', async () => {
    const fresh = tokenExpiringIn(3600);
    const http = installFetch({
      [`POST ${API}/auth/refresh`]: () => ok({ accessToken: fresh, refreshToken: 'r2' }),
    });
    localStorage.setItem('refresh_token', 'r1');
    const lib = await load();
    lib.scheduleRefresh(tokenExpiringIn(59)); // inside the 60 s margin already
    expect(http.to('POST', `${API}/auth/refresh`)).toHaveLength(1);
  });

  it('a scheduled refresh and another trigger at the same time send one POST', async () => {
    const answer = deferred<Response>();
    const http = installFetch({ [`POST ${API}/auth/refresh`]: () => answer.promise });
    localStorage.setItem('refresh_token', 'r1');
    const lib = await load();
    lib.scheduleRefresh(tokenExpiringIn(10));
    const other = lib.refreshTokens();
    answer.resolve(ok({ accessToken: tokenExpiringIn(3600), refreshToken: 'r2' }));
    await other;
    expect(http.to('POST', `${API}/auth/refresh`)).toHaveLength(1);
  });

  it('cancelScheduledRefresh stops a planned refresh', async () => {
    const http = installFetch({});
    localStorage.setItem('refresh_token', 'r1');
    const lib = await load();
    lib.scheduleRefresh(tokenExpiringIn(600));
    lib.cancelScheduledRefresh();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(http.requests).toHaveLength(0);
  });
});
