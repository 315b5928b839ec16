import type { FastifyServerOptions } from 'fastify';

// Paths whose segments or query strings are secrets (reset tokens, OIDC codes): never logged.
const SECRET_IN_URL =
  /(\/auth\/validate-reset-token\/)[^/?#]+|([?&](?:token|code|state|refreshToken|access_token|refresh_token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(
    SECRET_IN_URL,
    (_m, seg: string | undefined, q: string | undefined) => `${seg ?? q}[redacted]`,
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
