// The notifications feature, registered under the API base: the member's own notifications (spec
// §7). Its service is built once per app by notificationsService(app), which the features that tell
// members something (messages, people, posts, chat) also call to get that same instance.
import type { FastifyPluginAsync } from 'fastify';
import { notificationsRoutes } from './notifications-routes';
import { notificationsService } from './notifications-service';

export const notificationsFeature: FastifyPluginAsync = async (app) => {
  await app.register(notificationsRoutes, { notifications: notificationsService(app) });
};
