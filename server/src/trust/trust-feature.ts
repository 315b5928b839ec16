// The trust feature, registered under the API base: block, mute, report, and the moderators' queue.
import type { FastifyPluginAsync } from 'fastify';
import { notificationsService } from '../notifications/notifications-service';
import { friendNotifier } from '../people/friend-events';
import { contentRemovers } from './content-removers';
import { reportTarget } from './report-targets-repository';
import { moderationRoutes, trustRoutes } from './trust-routes';
import { trustRepository } from './trust-repository';
import { trustService } from './trust-service';

export const trustFeature: FastifyPluginAsync = async (app) => {
  const db = app.db.kysely;
  const repo = trustRepository(db);
  const removers = contentRemovers(app);
  // A chat line has no delete of its own: the row goes.
  if (!removers.has('chat-message')) removers.set('chat-message', (id) => repo.deleteChatMessage(id));
  const friends = friendNotifier(app);
  const trust = trustService({
    trust: repo,
    target: (memberId, type, id) => reportTarget(db, memberId, type, id),
    removers,
    notifications: notificationsService(app),
    accessChanged: (ids) => friends.accessChanged(ids),
  });
  await app.register(trustRoutes, { trust });
  await app.register(moderationRoutes, { trust });
};
