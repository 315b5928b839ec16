import type { FastifyServerOptions } from 'fastify';

// Secrets that travel in URLs (reset tokens, OIDC codes, a public history link's token, the
// reminders' calendar key): never logged. The server decodes a URL before it reads it (Fastify's
// query parser decodes parameter names, its router decodes paths), so a secret may arrive spelled
// in any encoding — `%6Bey=`, `k%65y=`, `+key=`, a percent-encoded path — and still be read: the
// names and paths are judged decoded (again until nothing changes) and case-blind, never by their
// text as sent.
const SECRET_PARAMS = new Set([
  'token',
  'code',
  'state',
  'key',
  'refreshtoken',
  'access_token',
  'refresh_token',
]);
/** Path prefixes whose next segment is a secret (matched on the decoded path). */
const SECRET_PATH = /(\/auth\/validate-reset-token\/)[^/]+|(\/history\/)[^/.]+/gi;

/** Percent-decoding repeated until stable (a double-encoded name is read as its last decoding). */
function decoded(text: string): string {
  let current = text;
  for (let i = 0; i < 5; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      // A malformed escape: decode the well-formed ones around it.
      next = current.replace(/(%[0-9a-f]{2})+/gi, (run) => {
        try {
          return decodeURIComponent(run);
        } catch {
          return run;
        }
      });
    }
    if (next === current) break;
    current = next;
  }
  return current;
}

/** A query parameter's name as the server reads it: decoded, `+` a space, brackets and case dropped. */
const paramName = (raw: string) => decoded(raw.replace(/\+/g, ' ')).trim().toLowerCase().replace(/\[\]$/, '');

export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  const path = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const query = queryAt === -1 ? null : withoutHash.slice(queryAt + 1);
  // A secret in the path: the decoded path is logged, its secret segment redacted.
  const plainPath = decoded(path);
  SECRET_PATH.lastIndex = 0;
  const loggedPath = SECRET_PATH.test(plainPath)
    ? plainPath.replace(
        SECRET_PATH,
        (_m, seg: string | undefined, link: string | undefined) => `${seg ?? link}[redacted]`,
      )
    : path;
  if (query === null) return loggedPath;
  const pairs = query.split(/([&;])/).map((part, i) => {
    if (i % 2 === 1) return part; // a separator
    const eq = part.indexOf('=');
    const name = eq === -1 ? part : part.slice(0, eq);
    return SECRET_PARAMS.has(paramName(name)) ? `${name}=[redacted]` : part;
  });
  return `${loggedPath}?${pairs.join('')}`;
}

/** pino options: structured, and never a password, token or hash in a line. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.refreshToken',
        '*.accessToken',
        '*.passwordHash',
        '*.password_hash',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(req) {
        return { method: req.method, url: redactUrl(req.url), remoteAddress: req.ip };
      },
    },
  };
}

// pino keeps a logger's bindings as ready-made JSON text under this symbol (a public one:
// pino.symbols.chindingsSym); looked up on the first logger so the server does not import pino.
let chindings: symbol | null | undefined;
const NO_BINDINGS = Object.freeze({});

/**
 * Each request's child logger (its `reqId` binding), as Fastify's default makes it but cheaper
 * (the per-request floor, docs/BENCHMARKS.md):
 * - without an empty options object: pino takes its short path for a child without options
 *   instead of rebuilding its formatters and checking each option on every request;
 * - the `reqId` string is appended to the bindings' JSON text as pino would write it, instead of
 *   going through the redaction of the `*.x` paths (a request id, a string, has no field to
 *   redact; nor has it a serializer). The same line, byte for byte; every logged object is still
 *   redacted, and a route's own log options or any other binding still go through pino.
 */
export const childLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  for (const _key in options) return logger.child(bindings, options);
  const reqId = (bindings as { reqId?: unknown }).reqId;
  if (typeof reqId !== 'string' || !onlyReqId(bindings)) return logger.child(bindings);
  if (chindings === undefined)
    chindings = Object.getOwnPropertySymbols(logger).find((s) => s.description === 'pino.chindings') ?? null;
  if (chindings === null) return logger.child(bindings);
  const child = logger.child(NO_BINDINGS) as unknown as Record<symbol, string>;
  child[chindings] += `,"reqId":${JSON.stringify(reqId)}`;
  return child as unknown as ReturnType<typeof logger.child>;
};

function onlyReqId(bindings: object): boolean {
  for (const key in bindings) if (key !== 'reqId') return false;
  return true;
}
