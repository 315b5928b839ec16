// The private messages feature, registered under the API base: between friends, only the two
// participants see a message. Its service is built here, once.
import type { FastifyPluginAsync } from 'fastify';
import { notificationsService } from '../notifications/notifications-service';
import { areFriends } from '../people/friendship-repository';
import { accountRepository } from '../account/account-repository';
import { registerContentRemover } from '../trust/content-removers';
import { blockedEitherWay } from '../trust/trust-checks-repository';
import { messagesRepository } from './messages-repository';
import { messagesRoutes } from './messages-routes';
import { messagesService } from './messages-service';

export const messagesFeature: FastifyPluginAsync = async (app) => {
  const db = app.db.kysely;
  const messages = messagesService({
    messages: messagesRepository(db),
    areFriends: (a, b) => areFriends(db, a, b),
    blocked: (a, b) => blockedEitherWay(db, a, b),
    messagesFrom: accountRepository(db).messagesFrom,
    notifications: notificationsService(app),
    warn: (err, message) => app.log.warn({ err }, message),
  });
  registerContentRemover(app, 'message', (id) => messages.removeForEveryone(id));
  await app.register(messagesRoutes, { messages });
};
