// The chat feature, registered under the API base: groups, rooms, messages; and the socket's
// `chat_typing`, relayed only from a room's participants to the others.
import type { FastifyPluginAsync } from 'fastify';
import { notificationsService } from '../notifications/notifications-service';
import { areFriends, friendIdsOf } from '../people/friendship-repository';
import { blockedIdsOf, suspendedUntil } from '../trust/trust-checks-repository';
import { chatRepository } from './chat-repository';
import { chatRoutes } from './chat-routes';
import { chatService } from './chat-service';

export const chatFeature: FastifyPluginAsync = async (app) => {
  const db = app.db.kysely;
  const chat = chatService({
    chat: chatRepository(db),
    areFriends: (a, b) => areFriends(db, a, b),
    friendIdsOf: (memberId) => friendIdsOf(db, memberId),
    notifications: notificationsService(app),
    hiddenSenders: (memberId) => blockedIdsOf(db, memberId),
    suspended: async (memberId) => (await suspendedUntil(db, memberId)) !== null,
  });
  if (app.hasDecorator('realtime'))
    app.realtime.setChatTypingTargets((memberId, roomId) => chat.typingTargets(memberId, roomId));
  await app.register(chatRoutes, { chat });
};
