// The API's JSON answers to GET go out compressed when the request accepts it: a feed page of 20
// posts is about 20 KB of JSON, 4 KB as brotli, on the signed-in screens' critical path (Lighthouse's
// `uses-text-compression` flagged GET /posts/feed; docs/BENCHMARKS.md). The built client is
// compressed at build time instead (server/src/http/static.ts).
//
// GET only: writes are small, and the idempotency layer (server/src/http/idempotency.ts) keeps the
// answers of non-GET routes as sent, which must stay plain JSON.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncodings } from './static';

/** Smaller answers gain less than the header and the work cost (the build uses the same floor). */
export const MIN_COMPRESSED_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Quality 4: most of brotli's gain at about gzip's speed (11, the default, is for build time). */
const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};
const GZIP_OPTIONS = { level: 6 };

const COMPRESSIBLE_TYPE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/)/i;

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
  if (/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(current)) return;
  reply.header('Vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/** The payload to compress, or null when this answer goes out as it is. */
function compressible(request: FastifyRequest, reply: FastifyReply, payload: unknown): Buffer | null {
  if (request.method !== 'GET') return null;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return null; // streams: files, media
  if (reply.statusCode === 204 || reply.statusCode === 304) return null;
  if (reply.hasHeader('content-encoding')) return null; // the client's precompressed files and shell
  if (!COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return null;
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  return bytes.length >= MIN_COMPRESSED_BYTES ? bytes : null;
}

/**
 * A callback hook that returns at once for a request without Accept-Encoding (the API's load benches,
 * most server-to-server calls): the hot paths pay one header read (issue 19).
 */
export function registerApiCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.headers['accept-encoding']) return done(null, payload);
    const bytes = compressible(request, reply, payload);
    if (!bytes) return done(null, payload);
    addVary(reply);
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
    if (!encoding) return done(null, payload);
    const compress = encoding === 'br' ? brotli(bytes, BROTLI_OPTIONS) : gzipAsync(bytes, GZIP_OPTIONS);
    compress.then(
      (body) => {
        reply.header('Content-Encoding', encoding);
        reply.removeHeader('content-length');
        done(null, body);
      },
      (err: Error) => done(err),
    );
  });
}
