import type { FastifyServerOptions } from 'fastify';

// Paths whose segments or query strings are secrets (reset tokens, OIDC codes, a public history
// link's token, the reminders' calendar key): never logged.
const SECRET_IN_URL =
  /(\/auth\/validate-reset-token\/)[^/?#]+|(\/history\/)[^/?#.]+|([?&](?:token|code|state|key|refreshToken|access_token|refresh_token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(
    SECRET_IN_URL,
    (_m, seg: string | undefined, link: string | undefined, q: string | undefined) =>
      `${seg ?? link ?? q}[redacted]`,
  );
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
 * (issue 19):
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
