// A member suspended by the moderators cannot post, comment, send private messages or chat until
// their suspension ends (403 MEMBER_SUSPENDED). One guard for those routes, whichever feature owns
// them: appended to their pre-handlers (after the sign-in check), as idempotency does.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { API_BASE } from '../../../src/contract/envelope';
import { assertNotSuspended } from './trust-checks-repository';

/** The writes a suspension stops: method and path under the API base. */
export const SUSPENDED_WRITES = [
  'POST /posts',
  'POST /posts/with-image',
  'PUT /posts/:id',
  'PUT /posts/:id/with-image',
  'POST /comments',
  'PUT /comments/:id',
  'POST /messages',
  'POST /chat-messages',
  'POST /chat-groups',
  'PUT /chat-groups/:id',
] as const;

const guarded = new Set<string>(SUSPENDED_WRITES.map((w) => w.replace(' ', ` ${API_BASE}`)));

export function registerSuspensionGuard(app: FastifyInstance) {
  const check = async (request: FastifyRequest) => {
    if (request.member) await assertNotSuspended(app.db.kysely, request.member.id);
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => guarded.has(`${m} ${route.url}`))) return;
    const before =
      route.preHandler === undefined
        ? []
        : Array.isArray(route.preHandler)
          ? route.preHandler
          : [route.preHandler];
    route.preHandler = [...before, check];
  });
}
