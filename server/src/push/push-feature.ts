// Web Push (issue 16): the subscriptions' routes. The service is built once by app.ts
// (createPushService) and handed to the maintenance service, which pushes each reminder change.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { pushRepository } from './push-repository';
import { pushRoutes } from './push-routes';
import { pushService, type PushService } from './push-service';

export function createPushService(app: FastifyInstance): PushService {
  const push = pushService({
    subscriptions: pushRepository(app.db.kysely),
    vapid: app.config.vapid,
    allowPrivateEndpoints: app.config.pushAllowPrivateEndpoints,
    warn: (err, message) => app.log.warn({ err }, message),
  });
  // Pushes in flight finish before the database closes.
  app.addHook('preClose', async () => push.settled());
  return push;
}

export const pushFeature: FastifyPluginAsync<{ push: PushService }> = async (app, { push }) => {
  await app.register(pushRoutes, { push });
};
