// Web Push: the subscriptions' routes. The service is built once by app.ts (createPushService) and
// handed to the maintenance service, which pushes each reminder change; the social pushes
// (social-push.ts) are reached through the notifications service.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { PushLookup } from './push-endpoint';
import { pushRepository } from './push-repository';
import { pushRoutes } from './push-routes';
import { pushService, type PushService } from './push-service';
import { setSocialPush, socialPush } from './social-push';
import { socialPushRepository } from './social-push-repository';

/** `lookup` resolves push endpoints' host names (the system's resolver unless a test points it). */
export function createPushService(app: FastifyInstance, lookup?: PushLookup, now?: () => Date): PushService {
  const push = pushService({
    subscriptions: pushRepository(app.db.kysely),
    vapid: app.config.vapid,
    allowPrivateEndpoints: app.config.pushAllowPrivateEndpoints,
    ...(lookup ? { lookup } : {}),
    ...(now ? { now } : {}),
    warn: (err, message) => app.log.warn({ err }, message),
  });
  // Every social event the features tell a member reaches their devices through it.
  setSocialPush(
    app.db,
    socialPush({ push, repo: socialPushRepository(app.db.kysely), ...(now ? { now } : {}) }),
  );
  // Messages left waiting (retries, a restart, another node's) are sent once the server is ready;
  // pushes in flight finish before the database closes, and the waiting ones stay stored.
  app.addHook('onReady', async () => push.start());
  app.addHook('preClose', async () => push.stop());
  return push;
}

export const pushFeature: FastifyPluginAsync<{ push: PushService }> = async (app, { push }) => {
  await app.register(pushRoutes, { push });
};
