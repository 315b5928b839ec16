// The built client on the API's port: cache headers per kind of file and the SPA fallback.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

const INDEX = '<!doctype html><title>Paddock</title><div id="root"></div>';

function fakeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-dist-'));
  mkdirSync(path.join(dir, 'assets/i18n'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Paddock"}');
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *');
  writeFileSync(path.join(dir, 'assets/index-B3xK9_aZ.js'), 'console.log(1);');
  writeFileSync(path.join(dir, 'assets/i18n/en-US.json'), '{}');
  return dir;
}

describe('platform: static client', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    // A tiny API budget: static files must not spend it.
    t = await createTestApp({ CLIENT_DIR: dist, RATE_LIMIT_MAX: '2' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('a share that reaches the server (no service worker in control) goes to the share screen, kept nowhere', async () => {
    const boundary = 'paddockshare';
    const body = [
      `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\nNew tyres\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${'x'.repeat(2 * 1024 * 1024)}\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const res = await t.app.inject({
      method: 'POST',
      url: '/share-target',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/share');
    // Only that address: another POST outside the API is still not found.
    const other = await t.app.inject({ method: 'POST', url: '/share-target-else', payload: 'x' });
    expect(other.statusCode).toBe(404);
  });

  it('caches hashed assets for a year, immutably', async () => {
    const res = await get('/assets/index-B3xK9_aZ.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1);');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('makes the browser revalidate index.html, sw.js and the manifest', async () => {
    for (const url of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('does not count static files against the rate limit', async () => {
    for (let i = 0; i < 5; i += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/index-B3xK9_aZ.js',
        remoteAddress: '10.7.7.7',
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('gives unhashed files a short cache, translation catalogs included', async () => {
    for (const url of ['/robots.txt', '/assets/i18n/en-US.json']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=3600');
    }
  });

  it('answers a deep client route with index.html, uncached, under the CSP', async () => {
    const res = await get('/cars/3f1c2b1e-0000-4000-8000-000000000000/logs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX);
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    // Without a prerendered login.html in the build, /login is a client route like any other.
    expect((await get('/login')).body).toBe(INDEX);
    const head = await t.app.inject({ method: 'HEAD', url: '/feed' });
    expect(head.statusCode).toBe(200);
    const again = await get('/feed', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('never falls back for the API, sockets, missing files or other methods', async () => {
    // Each from its own address: 404s count against the (tiny) rate limit of this app.
    const urls = [
      '/api/nope',
      '/api/v1.0/nope',
      '/socket.io/nope',
      '/assets/gone-AAAAAAAA.js',
      '/favicon.png',
    ];
    for (const [i, url] of urls.entries()) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: `10.8.0.${i + 1}` });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
    const post = await t.app.inject({
      method: 'POST',
      url: '/feed',
      payload: {},
      remoteAddress: '10.8.1.1',
    });
    expect(post.statusCode).toBe(404);
  });

  it('still serves the API when there is no built client', async () => {
    const bare = await createTestApp();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/v1.0/health' })).statusCode).toBe(200);
      const route = await bare.app.inject({ method: 'GET', url: '/feed' });
      expect(route.statusCode).toBe(404);
      expect(route.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    } finally {
      await bare.close();
    }
  });
});

describe('platform: static client with the prerendered login page', () => {
  const LOGIN =
    '<!doctype html><title>Paddock</title><div id="root" data-prerendered="/login"><h1>Bon retour</h1></div>';
  const LOGIN_EN =
    '<!doctype html><html lang="en-US"><title>Paddock</title><div id="root" data-prerendered="/login"><h1>Welcome back</h1></div>';
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    writeFileSync(path.join(dist, 'login.html'), LOGIN);
    writeFileSync(path.join(dist, 'login.en-US.html'), LOGIN_EN);
    t = await createTestApp({ CLIENT_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers /login with login.html, uncached, with its own ETag', async () => {
    const index = await get('/feed');
    for (const url of ['/login', '/login/', '/login?redirect=%2Fmy-posts']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(LOGIN);
      expect(res.headers.etag, url).not.toBe(index.headers.etag);
    }
    const res = await get('/login');
    expect((await get('/login', { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(304);
    expect((await get('/login', { 'if-none-match': String(index.headers.etag) })).statusCode).toBe(200);
  });

  it('keeps index.html for every other client route, and login.html is revalidated too', async () => {
    for (const url of ['/', '/signup', '/login-help', '/legal/terms']) {
      expect((await get(url)).body, url).toBe(INDEX);
    }
    for (const url of ['/login.html', '/login.en-US.html']) {
      const file = await get(url);
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers /login in the browser’s language when it is one of ours, else in French', async () => {
    const cases: Array<[string | undefined, string]> = [
      ['en-GB,en;q=0.9', LOGIN_EN],
      ['de-DE,de;q=0.9,en;q=0.5', LOGIN_EN],
      ['de-DE,fr-CA;q=0.8,en;q=0.5', LOGIN],
      ['en;q=0.4,fr;q=0.8', LOGIN],
      ['de-DE', LOGIN],
      [undefined, LOGIN],
    ];
    for (const [language, page] of cases) {
      const res = await get('/login', language ? { 'accept-language': language } : {});
      expect(res.body, language).toBe(page);
      expect(res.headers.vary, language).toBe('Accept-Encoding, Accept-Language, Cookie');
    }
    const english = await get('/login', { 'accept-language': 'en-US' });
    const french = await get('/login', { 'accept-language': 'fr-FR' });
    expect(english.headers.etag).not.toBe(french.headers.etag);
    // Other client routes do not vary by language: one shell for all.
    expect((await get('/feed', { 'accept-language': 'en-US' })).headers.vary).toBe('Accept-Encoding');
  });

  it('answers /login in the member’s chosen language (its cookie) over the browser’s', async () => {
    const french = await get('/login', { 'accept-language': 'en-US', cookie: 'a=1; paddock-locale=fr-FR' });
    expect(french.body).toBe(LOGIN);
    const english = await get('/login', { 'accept-language': 'fr-FR', cookie: 'paddock-locale=en-US' });
    expect(english.body).toBe(LOGIN_EN);
    // A cookie naming no language of ours is no choice.
    const unknown = await get('/login', { 'accept-language': 'en-US', cookie: 'paddock-locale=<x>' });
    expect(unknown.body).toBe(LOGIN_EN);
  });
});
