// Rate limits: per IP when anonymous, per member when signed in, 429 in the envelope with Retry-After.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryMessage } from '../../server/src/http/rate-limit';
import { loadConfig } from '../../server/src/config';
import { createTestApp, type TestApp } from './helpers';

const MAX = 3;

describe('platform: rate limits', () => {
  let t: TestApp;
  const tokens: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: String(MAX) });
    t.app.get('/api/v1.0/test/ping', async () => ({ success: true, data: 'pong' }));
    t.app.get('/api/v1.0/test/me', { preHandler: t.app.authenticate }, async (request) => ({
      success: true,
      data: request.member.id,
    }));
    for (const name of ['rl_one', 'rl_two']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1.0/auth/signup',
        remoteAddress: `10.9.9.${tokens.length + 1}`,
        payload: {
          email: `${name}@example.com`,
          password: 'correct horse battery staple 42',
          username: name,
          firstName: 'R',
          lastName: 'L',
        },
      });
      expect(res.statusCode).toBe(201);
      tokens.push(res.json<{ data: { token: string } }>().data.token);
    }
  });
  afterAll(() => t.close());

  const ping = (ip: string) => t.app.inject({ method: 'GET', url: '/api/v1.0/test/ping', remoteAddress: ip });

  it('defaults to 600 requests per minute', () => {
    expect(loadConfig({ DATA_DIR: t.dataDir }).rateLimitMax).toBe(600);
  });

  it('answers 429 TOO_MANY_REQUESTS with Retry-After within the minute, per IP', async () => {
    for (let i = 0; i < MAX; i += 1) expect((await ping('10.0.0.1')).statusCode).toBe(200);
    const limited = await ping('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(55);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = limited.json<{ success: boolean; error: { code: string; message: string } }>();
    expect(body).toMatchObject({ success: false, error: { code: 'TOO_MANY_REQUESTS' } });
    expect(body.error.message).toMatch(/wait \d+ seconds/);
    // Another address has its own budget.
    expect((await ping('10.0.0.2')).statusCode).toBe(200);
  });

  it('counts signed-in members apart even behind one IP', async () => {
    const me = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1.0/test/me',
        remoteAddress: '10.0.0.7',
        headers: { authorization: `Bearer ${token}` },
      });
    for (let i = 0; i < MAX; i += 1) expect((await me(tokens[0]!)).statusCode).toBe(200);
    expect((await me(tokens[0]!)).statusCode).toBe(429);
    expect((await me(tokens[1]!)).statusCode).toBe(200);
    // The member's budget is not the IP's: an anonymous call from that IP still passes.
    expect((await ping('10.0.0.7')).statusCode).toBe(200);
  });

  it('counts unknown routes too: a scanner probing paths gets 429 like any caller', async () => {
    const probe = (n: number) =>
      t.app.inject({ method: 'GET', url: `/api/v1.0/no-such-route-${n}`, remoteAddress: '10.0.0.9' });
    for (let i = 0; i < MAX; i += 1) expect((await probe(i)).statusCode).toBe(404);
    const limited = await probe(MAX);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ success: false, error: { code: 'TOO_MANY_REQUESTS' } });
  });

  it('tells each answer its budget: limit, what remains and when the window ends', async () => {
    const first = await ping('10.0.0.11');
    expect(first.headers['x-ratelimit-limit']).toBe(String(MAX));
    expect(first.headers['x-ratelimit-remaining']).toBe(String(MAX - 1));
    const reset = Number(first.headers['x-ratelimit-reset']);
    expect(reset).toBeGreaterThan(55);
    expect(reset).toBeLessThanOrEqual(60);
    expect((await ping('10.0.0.11')).headers['x-ratelimit-remaining']).toBe(String(MAX - 2));
    expect((await ping('10.0.0.11')).headers['x-ratelimit-remaining']).toBe('0');
    const limited = await ping('10.0.0.11');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(limited.headers['x-ratelimit-limit']).toBe(String(MAX));
  });

  it('counts routes and unknown paths against one budget per caller', async () => {
    const ip = '10.0.0.12';
    expect((await ping(ip)).statusCode).toBe(200);
    const probe = await t.app.inject({ method: 'GET', url: '/api/v1.0/no-such-route', remoteAddress: ip });
    expect(probe.statusCode).toBe(404);
    expect((await ping(ip)).statusCode).toBe(200);
    expect((await ping(ip)).statusCode).toBe(429);
  });

  it('never limits /health', async () => {
    for (let i = 0; i < MAX * 3; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1.0/health', remoteAddress: '10.0.0.3' });
      expect(res.statusCode).toBe(200);
    }
  });

  it('words the wait for a person', () => {
    expect(retryMessage(1)).toBe('Too many requests. Please wait 1 second before trying again.');
    expect(retryMessage(42.2)).toBe('Too many requests. Please wait 43 seconds before trying again.');
    expect(retryMessage(600)).toBe('Too many requests. Please wait 10 minutes before trying again.');
  });
});
