// Web Push: the subscriptions' routes. The service is built once by app.ts
// (createPushService) and handed to the maintenance service, which pushes each reminder change.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { PushLookup } from './push-endpoint';
import { pushRepository } from './push-repository';
import { pushRoutes } from './push-routes';
import { pushService, type PushService } from './push-service';

/** `lookup` resolves push endpoints' host names (the system's resolver unless a test points it). */
export function createPushService(app: FastifyInstance, lookup?: PushLookup): PushService {
  const push = pushService({
    subscriptions: pushRepository(app.db.kysely),
    vapid: app.config.vapid,
    allowPrivateEndpoints: app.config.pushAllowPrivateEndpoints,
    ...(lookup ? { lookup } : {}),
    warn: (err, message) => app.log.warn({ err }, message),
  });
  // Messages left waiting (retries, a restart, another node's) are sent once the server is ready;
  // pushes in flight finish before the database closes, and the waiting ones stay stored.
  app.addHook('onReady', async () => push.start());
  app.addHook('preClose', async () => push.stop());
  return push;
}

export const pushFeature: FastifyPluginAsync<{ push: PushService }> = async (app, { push }) => {
  await app.register(pushRoutes, { push });
};
