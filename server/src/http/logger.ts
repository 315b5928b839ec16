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
