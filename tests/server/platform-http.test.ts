// The HTTP platform: error envelope for Fastify's own errors, security headers, CORS, OpenAPI.
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

const ORIGIN = 'http://localhost:3000';

describe('platform: envelope, headers, CORS, OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // A test-only JSON route: Fastify accepts routes until the first inject makes it ready.
    t.app.post(
      '/api/v1.0/test/echo',
      { schema: { body: Type.Object({ text: Type.String() }) } },
      async (request) => ({ success: true, data: request.body }),
    );
    t.app.get(
      '/api/v1.0/test/secret',
      { preHandler: t.app.authenticate, schema: { tags: ['test'] } },
      async () => ({ success: true, data: 'hidden' }),
    );
  });
  afterAll(() => t.close());

  const echo = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1.0/test/echo',
      payload,
      headers: { 'content-type': contentType },
    });

  it('answers an unknown /api route with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1.0/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it('answers malformed JSON with 400 INVALID_JSON', async () => {
    const res = await echo('{"text": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'INVALID_JSON' } });
  });

  it('accepts a body up to 1 MiB and answers 413 past it', async () => {
    const limit = 1024 * 1024;
    const wrap = (n: number) => JSON.stringify({ text: 'x'.repeat(n - '{"text":""}'.length) });
    const atLimit = await echo(wrap(limit));
    expect(atLimit.statusCode).toBe(200);
    const over = await echo(wrap(limit + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('answers a content type it does not parse with 415', async () => {
    const res = await echo('<text>hi</text>', 'application/xml');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });

  it('sends the security headers and a CSP that allows only what the app uses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1.0/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // PUBLIC_URL is http here: no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const csp = String(res.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );
    expect(directives).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob:",
      'connect-src': "'self' ws://localhost:3000",
      'font-src': "'self'",
      'manifest-src': "'self'",
      'worker-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
      'frame-src': 'https://www.youtube-nocookie.com https://player.vimeo.com',
    });
  });

  it('sends HSTS and wss: when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://paddock.example' });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/v1.0/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(res.headers['content-security-policy'])).toContain(
        "connect-src 'self' wss://paddock.example",
      );
    } finally {
      await secure.close();
    }
  });

  it('answers CORS for an allowed origin and says nothing to a foreign one', async () => {
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/api/v1.0/health',
      headers: { origin: ORIGIN },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe(ORIGIN);
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/api/v1.0/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1.0/test/echo',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('tells an allowed origin what it may send and read, and every cache that answers vary by Origin', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1.0/test/echo',
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
    expect(preflight.headers['access-control-allow-headers']).toBe(
      'Authorization, Content-Type, Idempotency-Key, Accept-Language',
    );
    expect(preflight.headers['access-control-max-age']).toBe('600');
    expect(preflight.headers['vary']).toBe('Origin');
    const actual = await t.app.inject({
      method: 'GET',
      url: '/api/v1.0/health',
      headers: { origin: ORIGIN },
    });
    expect(actual.headers['access-control-expose-headers']).toBe(
      'Retry-After, Idempotent-Replayed, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset',
    );
    expect(actual.headers['vary']).toBe('Origin');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1.0/no-such',
      headers: { origin: ORIGIN },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe(ORIGIN);
    const sameOrigin = await t.app.inject({ method: 'GET', url: '/api/v1.0/health' });
    expect(sameOrigin.headers['vary']).toBe('Origin');
    expect(sameOrigin.headers['access-control-allow-origin']).toBeUndefined();
    expect(sameOrigin.headers['access-control-expose-headers']).toBeUndefined();
  });

  it('publishes OpenAPI 3.1 with every route and serves the docs page under its own CSP', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/v1.0/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json<{
      openapi: string;
      paths: Record<string, unknown>;
      components: { securitySchemes: object };
    }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/v1.0/health');
    // Routes behind app.authenticate say so; public ones do not.
    const paths = doc.paths as Record<string, { get?: { security?: unknown } }>;
    expect(paths['/api/v1.0/test/secret']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(paths['/api/v1.0/health']?.get?.security).toBeUndefined();
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    });
    const page = await t.app.inject({ method: 'GET', url: '/api/v1.0/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(String(page.headers['content-security-policy'])).toContain("font-src 'self' data:");
    // The relaxed policy stays on the docs: the API keeps the strict one.
    const api = await t.app.inject({ method: 'GET', url: '/api/v1.0/health' });
    expect(String(api.headers['content-security-policy'])).toContain("font-src 'self';");
  });
});
