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

/**
 * Each request's child logger (its `reqId` binding), as Fastify's default makes it but without an
 * empty options object: pino takes its short path for a child without options instead of
 * rebuilding its formatters and checking each option on every request (issue 19). The same
 * bindings, serializers and redaction; a route's own log options still go through.
 */
export const childLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  for (const _key in options) return logger.child(bindings, options);
  return logger.child(bindings);
};
