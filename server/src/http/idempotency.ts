// Idempotency-Key (docs/DESIGN-NOTES.md, docs/OFFLINE-FIRST.md property 2): the same key from the same
// member answers the first answer again, so an outbox replay or a double tap acts once.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db/database';
import { startNodeLease } from '../db/node-lease';
import { AppError, badRequest, StoredAnswer } from './errors';
import { idempotencyRepository, type ClaimedRow } from './idempotency-repository';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
/** Keys are kept 24 h (as Stripe does); creates are deduplicated by their client id beyond that. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/**
 * A key still "in progress" after this long belongs to a request that died with its process. On
 * PostgreSQL a key whose node is gone (server/src/db/node-lease.ts) is taken over at once.
 */
export const IN_FLIGHT_TIMEOUT_MS = 60_000;
const PURGE_INTERVAL_MS = 3600 * 1000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface Claim {
  memberId: string;
  key: string;
  done: boolean;
}
const claims = new WeakMap<FastifyRequest, Claim>();

/** JSON with sorted keys, so that the same body always hashes the same. Files are not part of it. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null)
      return JSON.stringify(Object.prototype.toString.call(value));
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method}\n${url}\n${canonical(body)}`)
    .digest('hex');
}

/** One part of an upload as the fingerprint sees it: a field's value, or a file's digest. */
export type UploadPart =
  | { type: 'field'; fieldname: string; value: string }
  | { type: 'file'; fieldname: string; filename: string; mimetype: string; digest: string };

/**
 * An upload's fingerprint: its parts in order (names, file names, types, bytes and values), not the
 * multipart boundary the browser draws anew on each retry. So an honest retry replays, and the same
 * key with another file answers 422 like another JSON body.
 */
export function uploadHash(method: string, url: string, parts: readonly UploadPart[]): string {
  const pieces = parts.map((p) =>
    p.type === 'file'
      ? ['file', p.fieldname, p.filename, p.mimetype, p.digest]
      : ['field', p.fieldname, p.value],
  );
  return createHash('sha256')
    .update(`${method}\n${url}\nmultipart\n${JSON.stringify(pieces)}`)
    .digest('hex');
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function isMultipart(request: FastifyRequest): boolean {
  return /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '');
}

type PartsReader = (options?: unknown) => AsyncIterableIterator<MultipartPart>;
type MultipartPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | {
      type: 'file';
      fieldname: string;
      filename: string;
      mimetype: string;
      toBuffer: () => Promise<Buffer>;
    };

/**
 * Wraps the request's multipart reader (@fastify/multipart's request.parts, which every upload
 * route reads) so that it fingerprints the parts as the route reads them, and hands the fingerprint
 * to `settle` once the last part is read, before the route acts on them. A file counts by the bytes
 * its toBuffer() read; `settle` may throw (a conflict, or the stored answer to replay).
 */
function fingerprintParts(request: FastifyRequest, settle: (hash: string) => Promise<void>) {
  const target = request as unknown as { parts?: PartsReader };
  const read = target.parts;
  if (typeof read !== 'function') return; // multipart is not parsed on this route
  target.parts = async function* parts(options?: unknown) {
    const seen: UploadPart[] = [];
    for await (const part of read.call(request, options)) {
      if (part.type === 'file') {
        const entry: UploadPart = { ...pick(part), digest: 'unread' };
        const toBuffer = part.toBuffer.bind(part);
        part.toBuffer = async () => {
          const bytes = await toBuffer();
          entry.digest = sha256(bytes);
          return bytes;
        };
        seen.push(entry);
      } else {
        seen.push({ type: 'field', fieldname: part.fieldname, value: String(part.value) });
      }
      yield part;
    }
    await settle(uploadHash(request.method, request.url, seen));
  };
}

const pick = (part: { fieldname: string; filename: string; mimetype: string }) => ({
  type: 'file' as const,
  fieldname: part.fieldname,
  filename: part.filename,
  mimetype: part.mimetype,
});

const iso = (ms: number) => new Date(ms).toISOString();

export async function purgeExpiredIdempotencyKeys(db: Db, now = Date.now()): Promise<void> {
  await idempotencyRepository(db.kysely).purgeCreatedBefore(iso(now - IDEMPOTENCY_TTL_MS));
}

function memberOf(request: FastifyRequest): string | undefined {
  return (request.member as { id: string } | null | undefined)?.id;
}

const idempotencyConflict = (status: 409 | 422, message: string) =>
  new AppError(status, 'IDEMPOTENCY_CONFLICT', message);

/** A route's own hooks of one kind, as a list. */
const hooksOf = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

export async function registerIdempotency(app: FastifyInstance) {
  const { kysely } = app.db;
  const keys = idempotencyRepository(kysely);
  // One process serves a SQLite database: a key still in progress at start-up belongs to a request
  // that died with the previous process, so its replay goes at once instead of after
  // IN_FLIGHT_TIMEOUT_MS. (On PostgreSQL another node may still be working on it.)
  if (app.db.dialect === 'sqlite') await keys.releaseAllUnanswered();
  // On PostgreSQL, nodes share the keys: each names itself on the keys it is answering, and a key
  // whose node is gone is free at once.
  const lease = app.config.databaseUrl
    ? startNodeLease(app.config.databaseUrl, app.db.nodeId, app.log)
    : null;
  if (lease) app.addHook('onClose', async () => lease.close());
  const owner = () => (lease?.held() ? lease.id : null);
  async function ownerGone(row: { node_id: string | null; status_code: number | null }): Promise<boolean> {
    if (!lease || row.status_code !== null || !row.node_id || row.node_id === lease.id) return false;
    return lease.isGone(kysely, row.node_id);
  }

  /** A key's row while its request runs on this node: no answer yet. */
  const claimed = (request: FastifyRequest, hash: string, now: number): ClaimedRow => ({
    method: request.method,
    path: request.url,
    request_hash: hash,
    created_at: iso(now),
    node_id: owner(),
  });

  type Decision = { claimed: true } | { claimed: false; statusCode: number; body: string };

  /** Claims the key for this request, or finds the answer to replay; throws on a conflict. */
  async function decide(
    memberId: string,
    key: string,
    request: FastifyRequest,
    hash: string,
  ): Promise<Decision> {
    const now = Date.now();
    if (await keys.claim(memberId, key, claimed(request, hash, now))) return { claimed: true };

    const row = await keys.find(memberId, key);
    const created = row ? Date.parse(row.created_at) : 0;
    const expired = row !== undefined && created < now - IDEMPOTENCY_TTL_MS;
    const abandoned =
      row !== undefined &&
      row.status_code === null &&
      (created < now - IN_FLIGHT_TIMEOUT_MS || (row.request_hash === hash && (await ownerGone(row))));
    if (!row || expired || (abandoned && row.request_hash === hash)) {
      const won = row
        ? await keys.takeOver(memberId, key, row.created_at, claimed(request, hash, now))
        : await keys.claim(memberId, key, claimed(request, hash, now));
      if (won) return { claimed: true };
      throw idempotencyConflict(
        409,
        'A request with this Idempotency-Key is still being processed. Try again shortly.',
      );
    }
    if (row.request_hash !== hash) {
      throw idempotencyConflict(422, 'This Idempotency-Key was already used for a different request.');
    }
    if (row.status_code === null) {
      throw idempotencyConflict(
        409,
        'A request with this Idempotency-Key is still being processed. Try again shortly.',
      );
    }
    return { claimed: false, statusCode: row.status_code, body: row.response_body ?? '' };
  }

  async function lookUp(request: FastifyRequest, reply: FastifyReply) {
    const memberId = memberOf(request);
    const header = request.headers['idempotency-key'];
    if (!memberId || header === undefined) return;
    const key = Array.isArray(header) ? (header[0] ?? '') : header;
    if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
      const message = `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters.`;
      throw badRequest(message, [{ field: 'headers.idempotency-key', message }]);
    }
    // An upload's content is known once the route has read its parts: the key is settled then.
    if (isMultipart(request)) {
      return void fingerprintParts(request, async (hash) => {
        const decision = await decide(memberId, key, request, hash);
        if (decision.claimed) return void claims.set(request, { memberId, key, done: false });
        throw new StoredAnswer(decision.statusCode, decision.body);
      });
    }
    const decision = await decide(
      memberId,
      key,
      request,
      requestHash(request.method, request.url, request.body),
    );
    if (decision.claimed) return void claims.set(request, { memberId, key, done: false });
    reply
      .status(decision.statusCode)
      .header('Idempotent-Replayed', 'true')
      .type('application/json; charset=utf-8');
    // Sent from the hook: the handler does not run again.
    return reply.send(decision.body);
  }

  const release = (claim: Claim) => keys.release(claim.memberId, claim.key);

  async function remember(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = claims.get(request);
    if (!claim || claim.done) return payload;
    claim.done = true;
    const body =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    // A 5xx (or a stream we cannot keep) is not an answer to remember: the retry must run again.
    if (reply.statusCode >= 500 || body === null) {
      await release(claim);
    } else {
      await keys.answer(claim.memberId, claim.key, reply.statusCode, body);
    }
    return payload;
  }

  // A request that ended without an answer (client gone mid-way) frees its key.
  async function freeUnanswered(request: FastifyRequest) {
    const claim = claims.get(request);
    if (claim && !claim.done) {
      claim.done = true;
      await release(claim);
    }
  }

  // Global preHandler hooks run before a route's own preHandlers, where app.authenticate sets
  // request.member; so, like @fastify/rate-limit, we append our look-up to each non-GET route.
  // Its onSend and onResponse hooks go on those routes only: a GET never holds a claim, and the
  // hot paths (the feed, /auth/me) run no hook of ours for nothing.
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => SAFE_METHODS.has(m))) return;
    route.preHandler = [...hooksOf(route.preHandler), lookUp];
    route.onSend = [...hooksOf(route.onSend), remember];
    route.onResponse = [...hooksOf(route.onResponse), freeUnanswered];
  });

  const timer = setInterval(() => {
    purgeExpiredIdempotencyKeys(app.db).catch((err: unknown) =>
      app.log.warn({ err }, 'idempotency purge failed'),
    );
  }, PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
