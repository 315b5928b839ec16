// The chat feature, registered under the API base: groups, rooms, messages; and the socket's
// `chat_typing`, relayed only from a room's participants to the others.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { fileDiscarder } from '../media/media-storage';
import type { MediaService } from '../media/media-service';
import { multipartOptions } from '../media/multipart-body';
import { chatImageRoutes, chatUploadRoutes } from './chat-image-routes';
import { notificationsService } from '../notifications/notifications-service';
import { areFriends, friendIdsOf } from '../people/friendship-repository';
import { blockedIdsOf, suspendedUntil } from '../trust/trust-checks-repository';
import { chatRepository } from './chat-repository';
import { chatRoutes } from './chat-routes';
import { chatService } from './chat-service';

export const chatFeature: FastifyPluginAsync<{ media: MediaService }> = async (app, { media }) => {
  const db = app.db.kysely;
  const chat = chatService({
    chat: chatRepository(db),
    areFriends: (a, b) => areFriends(db, a, b),
    friendIdsOf: (memberId) => friendIdsOf(db, memberId),
    notifications: notificationsService(app),
    hiddenSenders: (memberId) => blockedIdsOf(db, memberId),
    suspended: async (memberId) => (await suspendedUntil(db, memberId)) !== null,
    discardFiles: fileDiscarder(app.objectStore, app.log),
  });
  if (app.hasDecorator('realtime'))
    app.realtime.setChatTypingTargets((memberId, roomId) => chat.typingTargets(memberId, roomId));
  await app.register(chatRoutes, { chat });
  await app.register(chatImageRoutes, { chat, store: app.objectStore });
  // Multipart is parsed only in this scope, by the route that reads it.
  await app.register(async (uploads) => {
    await uploads.register(multipart, multipartOptions);
    await uploads.register(chatUploadRoutes, { chat, media });
  });
};
