import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors';

type HookDone = (err?: Error) => void;
import type { AuthMember, SessionService } from './session-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks an access JWT and its live session; throws AppError 401. Used by the socket handshake. */
    verifyAccessToken(token: string): Promise<AuthMember>;
    /** preHandler: `Authorization: Bearer <access>` → `request.member`, else 401 (through `done`). */
    authenticate(request: FastifyRequest, reply: FastifyReply, done: HookDone): void;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; only read it on routes that run that pre-handler. */
    member: AuthMember;
  }
}

export type { AuthMember };

/** The Bearer token of a request, or null (other schemes and malformed headers included). */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** `sessions`: the auth feature's session service (createAuthServices builds it once). */
export const authPlugin = fp<{ sessions: SessionService }>(
  async (app, { sessions }) => {
    app.decorateRequest('member', null as unknown as AuthMember);
    app.decorate('verifyAccessToken', (token: string) => sessions.verifyAccess(token));
    // Callback style: Fastify calls `done` itself, no promise of ours per signed-in request.
    app.decorate('authenticate', (request: FastifyRequest, _reply: FastifyReply, done: HookDone) => {
      const token = bearerToken(request);
      if (!token) return done(unauthorized());
      sessions.verifyAccess(token).then((member) => {
        request.member = member;
        done();
      }, done);
    });
  },
  { name: 'paddock-auth' },
);
