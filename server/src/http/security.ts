// Security headers (helmet) and the CORS allow-list: docs/SECURITY-CHECKS.md "Headers", ASVS 3.4.
import cors from '@fastify/cors';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { VIDEO_EMBED_ORIGINS } from '../../../src/contract/rich-text';
import type { Config } from '../config';
import { badRequest } from './errors';
import { inputProblem, MAX_JSON_DEPTH } from './input-guard';

type Directives = Record<string, string[]>;

/** Headers a page on a listed origin may read from our answers. */
const CORS_EXPOSED_HEADERS = [
  'Retry-After',
  'Idempotent-Replayed',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
];

/** The app's CSP: exactly what the PWA uses. Quill writes inline `style` attributes, hence 'unsafe-inline' for styles only. */
export function appCspDirectives(publicUrl: string): Directives {
  const url = new URL(publicUrl);
  const https = url.protocol === 'https:';
  // 'self' covers same-host websockets in current browsers; the explicit ws(s) origin covers the rest.
  const socketOrigin = `${https ? 'wss' : 'ws'}://${url.host}`;
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'connect-src': ["'self'", socketOrigin],
    'font-src': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Posts' video embeds (the editor's allow-list): these players and nothing else in a frame.
    'frame-src': [...VIDEO_EMBED_ORIGINS],
  };
  if (https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** Swagger UI at /api/v1.0/docs: its bundle sets inline styles and loads its icons as data: URLs and fonts inline. */
export const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; " +
  "frame-ancestors 'none'";

export function allowedOrigins(config: Config): Set<string> {
  return new Set([...config.corsOrigins, new URL(config.publicUrl).origin]);
}

type HeaderValue = string | number | readonly string[];

/**
 * What a helmet middleware does to a response: the headers it sets and removes, in order. Throws
 * if it does not finish at once (helmet's middleware is synchronous and static for our options).
 */
export function recordHeaders(middleware: ReturnType<typeof helmet>) {
  const set: [string, HeaderValue][] = [];
  const removed: string[] = [];
  const response = {
    setHeader: (name: string, value: HeaderValue) => void set.push([name, value]),
    removeHeader: (name: string) => void removed.push(name),
  };
  let finished = false;
  middleware({ headers: {} } as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return { set, removed };
}

/** The 400 for a part of the request that is nested too deeply or holds a NUL character. */
function inputError(part: string, value: unknown) {
  const problem = inputProblem(value);
  if (problem === 'too-deep')
    return badRequest('The request body is nested too deeply.', [
      { field: part, message: `must nest at most ${MAX_JSON_DEPTH} levels` },
    ]);
  if (problem === 'nul')
    return badRequest('Text cannot contain the NUL character.', [
      { field: part, message: 'must not contain the NUL character' },
    ]);
  return undefined;
}

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const https = config.publicUrl.startsWith('https:');
  // helmet itself, built once: @fastify/helmet rebuilt the whole middleware (CSP parsing included)
  // on every request, a tenth of the cost of a small API call. The headers are the same.
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: appCspDirectives(config.publicUrl) },
    // HSTS over plain HTTP would be ignored at best and pin a dev host to HTTPS at worst.
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    // Uploaded images are read by the app on this origin only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  // Its headers do not depend on the request: recorded once from helmet itself, then set from
  // that list on every response (the same headers, without helmet's chain of a dozen middleware
  // calls per request).
  const { set, removed } = recordHeaders(securityHeaders);
  // Set on the reply, not on the raw response: when nothing calls setHeader on it, Node writes
  // Fastify's header object at once instead of storing and validating each header twice
  // (the per-request floor, docs/BENCHMARKS.md). A route can still override one (the docs' CSP) with reply.header, as before.
  const headers = set.map(([name, value]) => [name.toLowerCase(), value] as const);
  // CORS on an actual request, in the same hook: what @fastify/cors sets with our options (a
  // listed origin is reflected with the exposed headers, any other gets no Access-Control-*
  // header at all, so the browser refuses it; Vary: Origin on every answer, for caches), without
  // its per-request options copy, closure and callbacks. Preflights stay the plugin's.
  const origins = allowedOrigins(config);
  const exposed = CORS_EXPOSED_HEADERS.join(', ');
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const name of removed) raw.removeHeader(name);
    for (const [name, value] of headers) reply.header(name, value);
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (origin !== undefined && origins.has(origin)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-expose-headers', exposed);
    }
    done();
  });
  // Before any schema walks the input: too deep a body, or a NUL character anywhere, is a 400.
  // Callback style, as above: no promise (nor any allocation) per request on the hot path.
  app.addHook('preValidation', (request, _reply, done) => {
    done(
      inputError('body', request.body) ??
        inputError('querystring', request.query) ??
        inputError('params', request.params),
    );
  });
  // Preflights: the plugin's OPTIONS route and hook, in a context of their own, so that its hook
  // runs for OPTIONS requests only.
  await app.register(async (preflights) => {
    await preflights.register(cors, {
      origin: (origin, cb) => cb(null, origin !== undefined && origins.has(origin)),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Accept-Language'],
      exposedHeaders: CORS_EXPOSED_HEADERS,
      maxAge: 600,
    });
  });
}
