import type { FastifyPluginAsync } from 'fastify';
import { notificationsRoutes } from '../notifications/notifications-routes';
import { messagesRoutes } from './messages-routes';

/** Private messages and notifications (registered under the API base). */
export const messagingRoutes: FastifyPluginAsync = async (app) => {
  await app.register(notificationsRoutes);
  await app.register(messagesRoutes);
};
