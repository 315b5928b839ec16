import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, installFetch } from '@/testing/fetch';
import { API, loadApiClient as load, signedIn } from '@/testing/api-client';

describe('error catalogue (spec §8)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T12:00:00Z'));
    signedIn();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('429 shows ERRORS.TOO_MANY_REQUESTS (never the server text) as a warning for 10 000 ms and re-throws with Retry-After', async () => {
    installFetch({
      [`POST ${API}/posts`]: () => fail(429, 'TOO_MANY_REQUESTS', 'Slow down', { 'Retry-After': '7' }),
    });
    const lib = await load();
    lib.core.i18n.load('fr-FR', { 'ERRORS.TOO_MANY_REQUESTS': ['Trop de requêtes (test)'] });
    lib.core.i18n.activate('fr-FR');
    const error: unknown = await lib.api.post('/posts', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 7 });
    expect(error).toBeInstanceOf(lib.ApiError);
    expect(lib.toast.list()).toEqual([
      expect.objectContaining({ kind: 'warning', message: 'Trop de requêtes (test)', durationMs: 10_000 }),
    ]);
    vi.advanceTimersByTime(9_999);
    expect(lib.toast.list()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(lib.toast.list()).toHaveLength(0);
  });

  it('429 without a server text shows ERRORS.TOO_MANY_REQUESTS translated', async () => {
    installFetch({ [`POST ${API}/posts`]: () => new Response('', { status: 429 }) });
    const lib = await load();
    lib.core.i18n.load('en-US', { 'ERRORS.TOO_MANY_REQUESTS': ['Too many requests (test)'] });
    lib.core.i18n.activate('en-US');
    await expect(lib.api.post('/posts', {})).rejects.toMatchObject({ status: 429 });
    expect(lib.toast.list()[0]).toMatchObject({ message: 'Too many requests (test)', durationMs: 10_000 });
  });

  it('401 goes to login, signs out locally and re-throws', async () => {
    installFetch({ [`GET ${API}/auth/me`]: () => fail(401, 'UNAUTHORIZED', 'expired') });
    localStorage.setItem('current_user', '{"id":"u"}');
    const lib = await load();
    await expect(lib.api.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(lib.navigate).toHaveBeenCalledWith('/login', undefined);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('current_user')).toBeNull();
  });

  it('401 on a public screen (a reset link opened with stale tokens) signs out but stays there', async () => {
    installFetch({ [`GET ${API}/auth/me`]: () => fail(401, 'UNAUTHORIZED', 'expired') });
    window.history.replaceState(null, '', '/reset-password?token=abc');
    try {
      const lib = await load();
      await expect(lib.api.get('/auth/me')).rejects.toMatchObject({ status: 401 });
      expect(localStorage.getItem('access_token')).toBeNull();
      expect(lib.navigate).not.toHaveBeenCalled();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('401 from the login call itself (wrong password) keeps the user where they are', async () => {
    installFetch({ [`POST ${API}/auth/login`]: () => fail(401, 'UNAUTHORIZED', 'Invalid credentials') });
    const lib = await load();
    await expect(lib.api.post('/auth/login', {})).rejects.toMatchObject({ status: 401 });
    expect(lib.navigate).not.toHaveBeenCalled();
  });

  it('403 is only logged as access denied', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    installFetch({ [`GET ${API}/cars/1`]: () => fail(403, 'FORBIDDEN', 'no') });
    const lib = await load();
    await expect(lib.api.get('/cars/1')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('access denied'));
    expect(lib.navigate).not.toHaveBeenCalled();
    expect(lib.toast.list()).toHaveLength(0);
  });

  it('500 is logged and re-thrown', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installFetch({ [`GET ${API}/cars/1`]: () => fail(500, 'INTERNAL_ERROR', 'boom') });
    const lib = await load();
    await expect(lib.api.get('/cars/1')).rejects.toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
    expect(error).toHaveBeenCalledWith(expect.stringContaining('500'));
  });

  it('re-throws a 400 with its fields', async () => {
    installFetch({
      [`POST ${API}/cars`]: () =>
        new Response(
          JSON.stringify({
            success: false,
            error: {
              code: 'VALIDATION_ERROR',
              message: 'bad',
              fields: [{ field: 'make', message: 'required' }],
            },
          }),
          { status: 400 },
        ),
    });
    const lib = await load();
    await expect(lib.api.post('/cars', {})).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      fields: [{ field: 'make', message: 'required' }],
    });
  });

  it('a fetch that fails is a NetworkError', async () => {
    installFetch({});
    const lib = await load();
    await expect(lib.api.get('/cars/1')).rejects.toBeInstanceOf(lib.NetworkError);
  });
});

describe('what a member reads about an error', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keys every server code, then the status, and uses the server text only as a last resort', async () => {
    const { describeError, errorKeyFor, ERROR_CODE_KEYS, errorTextOf } =
      await import('./api-error-catalogue');
    const { ApiError, NetworkError } = await import('./api-errors');
    const { ERROR_CODES } = await import('@/contract/envelope');
    for (const code of ERROR_CODES) expect(errorKeyFor(400, code)).toBe(ERROR_CODE_KEYS[code]);
    expect(errorKeyFor(404, 'HTTP_404')).toBe('ERRORS.NOT_FOUND');
    expect(errorKeyFor(502, 'HTTP_502')).toBe('ERRORS.SERVICE_UNAVAILABLE');
    expect(errorKeyFor(599)).toBe('ERRORS.INTERNAL_ERROR');
    // A key reused with another body (422): the change as it is was refused.
    expect(errorKeyFor(422, 'IDEMPOTENCY_CONFLICT')).toBe('ERRORS.UNPROCESSABLE');
    expect(describeError({ status: 418, code: 'TEAPOT', message: 'I am a teapot' })).toEqual({
      text: 'I am a teapot',
    });
    expect(describeError({ status: 418, code: 'TEAPOT', message: ' ' })).toEqual({ key: 'ERRORS.GENERIC' });
    expect(errorTextOf(new ApiError(409, 'CONFLICT', 'Already taken'))).toEqual({ key: 'ERRORS.CONFLICT' });
    expect(errorTextOf(new NetworkError())).toEqual({ key: 'ERRORS.NETWORK' });
    expect(errorTextOf(new Error('a bug'))).toEqual({ key: 'ERRORS.GENERIC' });
  });

  it("reads a field's rule from the server's schema message", async () => {
    const { fieldErrorText } = await import('./api-error-catalogue');
    expect(fieldErrorText('must NOT have more than 80 characters')).toEqual({
      key: 'VALIDATION.MAX_LENGTH',
      values: { max: 80 },
    });
    expect(fieldErrorText("must have required property 'title'")).toEqual({ key: 'VALIDATION.REQUIRED' });
    expect(fieldErrorText('must match format "date"')).toEqual({ key: 'VALIDATION.INVALID' });
  });

  it("asks the server for the app's language (its last-resort texts and mails)", async () => {
    signedIn();
    const { to } = installFetch({
      [`POST ${API}/auth/forgot-password`]: () => new Response(null, { status: 204 }),
    });
    const lib = await load();
    lib.core.i18n.load('en-US', {});
    lib.core.i18n.activate('en-US');
    await lib.api.post('/auth/forgot-password', { email: 'a@b.c' });
    expect(to('POST', `${API}/auth/forgot-password`)[0]?.headers.get('Accept-Language')).toBe('en-US');
  });
});
