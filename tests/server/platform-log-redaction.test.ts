// Secrets that travel in URLs never reach a log line (docs/SECURITY-CHECKS.md): reset tokens, OIDC
// codes, a public history link's token and the reminders' calendar key.
import { Writable } from 'node:stream';
import fc from 'fast-check';
import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { childLogger, loggerOptions, redactUrl } from '../../server/src/http/logger';

describe('redactUrl', () => {
  test.each([
    ['/api/v1.0/auth/validate-reset-token/abc.def', '/api/v1.0/auth/validate-reset-token/[redacted]'],
    [
      '/api/v1.0/auth/oidc/callback?code=c0de&state=s7',
      '/api/v1.0/auth/oidc/callback?code=[redacted]&state=[redacted]',
    ],
    ['/history/Zk9aQ3-longtoken', '/history/[redacted]'],
    ['/api/v1.0/history/Zk9aQ3-longtoken.pdf', '/api/v1.0/history/[redacted].pdf'],
    ['/api/v1.0/history/Zk9aQ3-longtoken/media/m1', '/api/v1.0/history/[redacted]/media/m1'],
    ['/api/v1.0/reminders/calendar.ics?key=s3cret', '/api/v1.0/reminders/calendar.ics?key=[redacted]'],
  ])('%s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  test.each([
    ['/api/v1.0/reminders/calendar.ics?%6Bey=s3cret', '%6Bey'],
    ['/api/v1.0/reminders/calendar.ics?%6B%65%79=s3cret', '%6B%65%79'],
    ['/api/v1.0/reminders/calendar.ics?KEY=s3cret', 'KEY'],
    ['/api/v1.0/reminders/calendar.ics?a=1&k%65y=s3cret&b=2', 'k%65y'],
    ['/api/v1.0/reminders/calendar.ics?%256Bey=s3cret', '%256Bey'],
    ['/api/v1.0/reminders/calendar.ics?+key=s3cret', '+key'],
    ['/api/v1.0/reminders/calendar.ics?key[]=s3cret', 'key[]'],
    ['/api/v1.0/auth/oidc/callback?%63ode=s3cret', '%63ode'],
    ['/api/v1.0/auth/oidc/callback?refresh%5Ftoken=s3cret', 'refresh%5Ftoken'],
  ])('%s: a secret parameter spelled in another encoding is redacted', (url, name) => {
    const logged = redactUrl(url);
    expect(logged).not.toContain('s3cret');
    expect(logged).toContain(`${name}=[redacted]`);
  });

  test('a secret path segment behind percent-encoding is redacted', () => {
    for (const url of [
      '/api/v1.0/hist%6Fry/s3cret.pdf',
      '/api/v1.0/%68istory/s3cret/media/m1',
      '/api/v1.0/auth/validate-reset-token%2Fs3cret',
      '/api/v1.0/auth/validate%2Dreset%2Dtoken/s3cret',
    ])
      expect(redactUrl(url), url).not.toContain('s3cret');
  });

  test('property: any percent-encoding and case of a secret name never lets its value through', () => {
    const names = ['key', 'token', 'code', 'state', 'refreshToken', 'access_token', 'refresh_token'];
    const spell = (name: string, picks: number[]) =>
      [...name]
        .map((ch, i) => {
          const pick = picks[i % picks.length]!;
          const hex = ch.charCodeAt(0).toString(16).padStart(2, '0');
          if (pick === 0) return ch;
          if (pick === 1) return ch.toUpperCase();
          if (pick === 2) return `%${hex}`;
          if (pick === 3) return `%${hex.toUpperCase()}`;
          return `%25${hex}`; // encoded twice
        })
        .join('');
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 16 }),
        fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/),
        fc.array(fc.stringMatching(/^[a-z]{1,6}=[a-z0-9]{0,6}$/), { maxLength: 3 }),
        (name, picks, secret, others) => {
          const query = [...others, `${spell(name, picks)}=${secret}`, ...others].join('&');
          expect(redactUrl(`/api/v1.0/reminders/calendar.ics?${query}`)).not.toContain(secret);
        },
      ),
      { numRuns: 500 },
    );
  });

  test('leaves ordinary addresses alone', () => {
    expect(redactUrl('/api/v1.0/cars/feed?limit=100&offset=0')).toBe(
      '/api/v1.0/cars/feed?limit=100&offset=0',
    );
  });
});

describe('the server log', () => {
  test('a calendar key sent as %6Bey= is read by the route and never written to the log', async () => {
    const raw: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        raw.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({
      logger: { ...(loggerOptions('info') as object), stream },
      childLoggerFactory: childLogger,
    });
    let seen: unknown;
    app.get('/api/v1.0/reminders/calendar.ics', async (request) => {
      seen = (request.query as { key?: string }).key;
      return {};
    });
    for (const name of ['%6Bey', 'k%65y', '%6B%65%79'])
      await app.inject({ method: 'GET', url: `/api/v1.0/reminders/calendar.ics?${name}=TopSecretKey123` });
    await app.close();
    expect(seen).toBe('TopSecretKey123');
    expect(raw.join('')).toContain('[redacted]');
    expect(raw.join('')).not.toContain('TopSecretKey123');
  });
});

describe("childLogger (each request's logger)", () => {
  test("binds the request id and redacts secrets; a route's own log level still applies", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({
      logger: { ...(loggerOptions('info') as object), stream },
      childLoggerFactory: childLogger,
      disableRequestLogging: true,
    });
    app.get('/said', async (request) => {
      request.log.info({ body: { password: 'hunter2', token: 't0k' } }, 'said');
      return {};
    });
    app.get('/quiet', { logLevel: 'error' }, async (request) => {
      request.log.info('not written');
      request.log.error('written');
      return {};
    });
    await app.inject({ method: 'GET', url: '/said' });
    await app.inject({ method: 'GET', url: '/quiet' });
    await app.close();
    const said = lines.filter((l) => l.msg === 'said' || l.msg === 'written' || l.msg === 'not written');
    expect(said.map((l) => [l.msg, l.reqId])).toEqual([
      ['said', 'req-1'],
      ['written', 'req-2'],
    ]);
    expect(said[0]?.body).toEqual({ password: '[redacted]', token: '[redacted]' });
  });

  test("writes the same line as pino's own child, byte for byte, secrets redacted", () => {
    const raw: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        raw.push(chunk.toString().replace(/"time":\d+,/, ''));
        done();
      },
    });
    const app = Fastify({ logger: { ...(loggerOptions('info') as object), stream } });
    const rawRequest = {} as Parameters<typeof childLogger>[3]; // unused by childLogger
    const id = 'req-"odd"\\id\u2028é';
    const entry = { req: { method: 'GET', url: '/x?token=abc', headers: { authorization: 'Bearer s' } } };
    for (const log of [
      childLogger.call(app, app.log, { reqId: id }, {}, rawRequest),
      app.log.child({ reqId: id }),
    ]) {
      log.info({ ...entry, body: { password: 'hunter2' } }, 'm');
      log.child({ step: 2 }).info('n');
    }
    expect(raw).toHaveLength(4);
    expect(raw[0]).toBe(raw[2]);
    expect(raw[1]).toBe(raw[3]);
    const line = JSON.parse(raw[0] ?? '') as Record<string, unknown>;
    expect([line.reqId, line.body, line.req]).toEqual([
      id,
      { password: '[redacted]' },
      { method: 'GET', url: '/x?token=[redacted]', remoteAddress: undefined },
    ]);
    expect(JSON.parse(raw[1] ?? '')).toMatchObject({ reqId: id, step: 2, msg: 'n' });
  });
});
