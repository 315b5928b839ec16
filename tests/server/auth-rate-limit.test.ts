import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { createTestApp, type TestApp } from './helpers';
import { API, getMe, signup, signupBody } from './auth-fixtures';

const MAX = 3;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: String(MAX) });
});
afterAll(async () => t.close());

describe('auth rate limits', () => {
  it('defaults to 20 requests per minute per IP on each sign-in, sign-up and reset call', () => {
    expect(loadConfig({ DATA_DIR: t.dataDir }).authRateLimitMax).toBe(20);
  });

  it.each([
    ['POST', '/auth/login', { email: 'a@example.com', password: 'whatever-it-is' }],
    ['POST', '/auth/refresh', { refreshToken: 'nope' }],
    ['POST', '/auth/forgot-password', { email: 'a@example.com' }],
    ['POST', '/auth/reset-password', { token: 'nope', newPassword: 'Long-Enough-Pass-1' }],
    ['GET', '/auth/validate-reset-token/nope', undefined],
  ] as const)('answers 429 with Retry-After past the limit on %s %s', async (method, url, payload) => {
    const call = () =>
      t.app.inject({
        method,
        url: `${API}${url}`,
        remoteAddress: `10.0.0.${url.length}`,
        ...(payload ? { payload } : {}),
      });
    for (let i = 0; i < MAX; i++) expect((await call()).statusCode).not.toBe(429);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('TOO_MANY_REQUESTS');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('limits signup the same way, and leaves /auth/me to the general limit', async () => {
    const ip = '10.9.9.9';
    const { session } = await signup(t.app);
    for (let i = 0; i < MAX + 2; i++) {
      expect((await getMe(t.app, session.token)).statusCode).toBe(200);
    }
    // Limits count requests that reach the handler (bodies that fail the schema cost nothing).
    const taken = signupBody({ email: session.user.email });
    const post = () =>
      t.app.inject({ method: 'POST', url: `${API}/auth/signup`, remoteAddress: ip, payload: taken });
    for (let i = 0; i < MAX; i++) expect((await post()).statusCode).toBe(409);
    expect((await post()).statusCode).toBe(429);
  });
});
