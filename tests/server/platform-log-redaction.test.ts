// Secrets that travel in URLs never reach a log line (docs/SECURITY-CHECKS.md): reset tokens, OIDC
// codes, a public history link's token (issue 17) and the reminders' calendar key (issue 16).
import { Writable } from 'node:stream';
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

  test('leaves ordinary addresses alone', () => {
    expect(redactUrl('/api/v1.0/cars/feed?limit=100&offset=0')).toBe(
      '/api/v1.0/cars/feed?limit=100&offset=0',
    );
  });
});

describe("childLogger (each request's logger, issue 19)", () => {
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
