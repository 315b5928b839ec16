// The private messages feature, registered under the API base: between friends, only the two
// participants see a message. Its service is built here, once.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { fileDiscarder } from '../media/media-storage';
import type { MediaService } from '../media/media-service';
import { multipartOptions } from '../media/multipart-body';
import { messageImageRoutes, messageUploadRoutes } from './message-image-routes';
import { notificationsService } from '../notifications/notifications-service';
import { areFriends } from '../people/friendship-repository';
import { accountRepository } from '../account/account-repository';
import { registerContentRemover } from '../trust/content-removers';
import { blockedEitherWay } from '../trust/trust-checks-repository';
import { messagesRepository } from './messages-repository';
import { messagesRoutes } from './messages-routes';
import { messagesService } from './messages-service';

export const messagesFeature: FastifyPluginAsync<{ media: MediaService }> = async (app, { media }) => {
  const db = app.db.kysely;
  const messages = messagesService({
    messages: messagesRepository(db),
    areFriends: (a, b) => areFriends(db, a, b),
    blocked: (a, b) => blockedEitherWay(db, a, b),
    messagesFrom: accountRepository(db).messagesFrom,
    notifications: notificationsService(app),
    warn: (err, message) => app.log.warn({ err }, message),
    discardFiles: fileDiscarder(app.objectStore, app.log),
  });
  registerContentRemover(app, 'message', (id) => messages.removeForEveryone(id));
  await app.register(messagesRoutes, { messages });
  await app.register(messageImageRoutes, { messages, store: app.objectStore });
  // Multipart is parsed only in this scope, by the route that reads it.
  await app.register(async (uploads) => {
    await uploads.register(multipart, multipartOptions);
    await uploads.register(messageUploadRoutes, { messages, media });
  });
};
