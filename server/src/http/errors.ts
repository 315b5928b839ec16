import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../../src/contract/envelope';
import { matchAcceptLanguage } from '../platform/locale';
import { errorLocale, localizedMessage, type MemberLanguage } from './error-language';
import { sendClientShell, servesClientShell } from './static';

/** An error meant for the member: its status, code and message reach the answer as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: { field: string; message: string }[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** An answer given before (an upload's idempotent replay, found once its parts are read): sent as it is. */
export class StoredAnswer extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: string,
  ) {
    super('Idempotent replay');
    this.name = 'StoredAnswer';
  }
}

export const badRequest = (message: string, fields?: { field: string; message: string }[]) =>
  new AppError(400, 'VALIDATION_ERROR', message, fields);
export const unauthorized = (message = 'Authentication required.') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You are not allowed to do that.') =>
  new AppError(403, 'FORBIDDEN', message);
/** Also the answer for another member's private thing, so ids cannot be probed. */
export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found.`);
/** The value a lookup found; 404 naming `what` when there is none. */
export function foundOr404<T>(value: T | null | undefined, what?: string): T {
  if (value === null || value === undefined) throw notFound(what);
  return value;
}
export const conflict = (message: string, fields?: { field: string; message: string }[]) =>
  new AppError(409, 'CONFLICT', message, fields);

function envelope(code: string, message: string, fields?: { field: string; message: string }[]) {
  return { success: false as const, error: fields ? { code, message, fields } : { code, message } };
}

function validationFields(error: FastifyError) {
  return (error.validation ?? []).map((v) => {
    const path = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    const missing = (v.params as { missingProperty?: string } | undefined)?.missingProperty;
    const field = [error.validationContext, path || missing].filter(Boolean).join('.');
    return { field: field || String(error.validationContext ?? 'body'), message: v.message ?? 'is invalid' };
  });
}

/**
 * The envelope of docs/DESIGN-NOTES.md for every error, including Fastify's own and unknown routes.
 * `memberLanguage` (the accounts' lookup, handed over by app.ts) names the language a signed-in
 * member chose, for the answers whose request names none.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  { memberLanguage }: { memberLanguage?: MemberLanguage } = {},
) {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof StoredAnswer) {
      return reply
        .status(error.statusCode)
        .header('Idempotent-Replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(error.body);
    }
    // The message in the member's language; the code stays as it is. A server-side failure (the
    // database may be what failed) asks nothing more of the database than the header says.
    const serverSide = (error.statusCode ?? 500) >= 500 || isDatabaseUnavailable(error);
    const locale = serverSide
      ? matchAcceptLanguage(request.headers['accept-language'])
      : await errorLocale(request, memberLanguage);
    const errorBody = (code: string, message: string, fields?: { field: string; message: string }[]) =>
      envelope(code, localizedMessage(code, message, locale), fields);
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.fields));
    }
    if (error.validation) {
      return reply
        .status(400)
        .send(errorBody('VALIDATION_ERROR', 'Some fields are missing or invalid.', validationFields(error)));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(errorBody('INVALID_JSON', 'The request body is not valid JSON.'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(errorBody('PAYLOAD_TOO_LARGE', 'The request body is too large.'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply
          .status(415)
          .send(errorBody('UNSUPPORTED_MEDIA_TYPE', 'This content type is not supported here.'));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(errorBody('TOO_MANY_REQUESTS', error.message));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (e.g. malformed multipart): the message is safe to show.
      return reply.status(status).send(errorBody('VALIDATION_ERROR', error.message));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send(
          errorBody(
            'SERVICE_UNAVAILABLE',
            'The service is briefly unavailable. Please try again in a moment.',
          ),
        );
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL_ERROR', 'Something went wrong on our side.'));
  });
}

/**
 * Unknown routes: the app shell for a client route when a built client is served, else a 404 in
 * the envelope. The 404s are counted by the rate limit like any route (a scanner probing paths is
 * limited per IP); the shell is not, like the static files. Registered after the rate-limit plugin.
 */
export function registerNotFound(app: FastifyInstance) {
  const limit = app.rateLimit();
  app.setNotFoundHandler(
    {
      preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
        if (!servesClientShell(app, request)) await limit.call(app, request, reply);
      },
    },
    (request, reply) => {
      // Client routes (deep links, reloads) get the app shell when a built client is served; /api/*
      // and missing files never do.
      if (sendClientShell(app, request, reply)) return;
      const message = `No route ${request.method} ${request.url.split('?')[0]}.`;
      reply
        .status(404)
        .send(
          envelope(
            'NOT_FOUND',
            localizedMessage('NOT_FOUND', message, matchAcceptLanguage(request.headers['accept-language'])),
          ),
        );
    },
  );
}

const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08006',
  '08001',
  '08003',
  'SQLITE_BUSY',
]);

function isDatabaseUnavailable(error: { code?: string; message?: string }): boolean {
  if (error.code && CONNECTION_ERRORS.has(error.code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    error.message ?? '',
  );
}
