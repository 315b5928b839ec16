import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../src/contract/garage';
import {
  Message,
  MessageDeleted,
  MessageInput,
  MessageListMeta,
  MessageListQuery,
  MessageRead,
  MessageUnreadCount,
} from '../../../src/contract/messages';
import { ok, okPage, answer, memberRoutes, sendStored } from '../http/route-schemas';
import type { MessagesService } from './messages-service';

const tags = ['messages'];

/** Spec §7 "Messages": between friends; only the two participants see a message (404 otherwise). */
export const messagesRoutes: FastifyPluginAsyncTypebox<{ messages: MessagesService }> = async (
  app,
  { messages },
) => {
  const route = memberRoutes(app.authenticate, tags);

  app.get(
    '/messages',
    route('One page of a folder (inbox or sent), newest first; meta: total and my unreadCount', {
      querystring: MessageListQuery,
      response: answer.list(Message, MessageListMeta, 400, 401),
    }),
    async (request) => okPage(request.query, await messages.list(request.member.id, request.query)),
  );

  app.get(
    '/messages/unread/count',
    route('How many messages in my inbox are unread', {
      response: answer.item(MessageUnreadCount, 401),
    }),
    async (request) => ok({ count: await messages.unreadCount(request.member.id) }),
  );

  app.post(
    '/messages',
    route(
      'Send a message to a friend (403 FORBIDDEN to anyone else); a repeated client id answers the stored message with 200',
      {
        body: MessageInput,
        response: answer.stored(Message, 400, 401, 403, 409),
      },
    ),
    async (request, reply) => {
      const { message, created } = await messages.send(request.member.id, request.body);
      return sendStored(reply, created, message);
    },
  );

  app.get(
    '/messages/:id',
    route('One message (its sender or recipient only)', {
      params: IdParams,
      response: answer.item(Message, 400, 401, 404),
    }),
    async (request) => ok(await messages.get(request.member.id, request.params.id)),
  );

  app.put(
    '/messages/:id/read',
    route(
      'The recipient marks a message read (again: no change); answers it and the unread count (403 for its sender)',
      {
        params: IdParams,
        response: answer.item(MessageRead, 400, 401, 403, 404),
      },
    ),
    async (request) => ok(await messages.markRead(request.member.id, request.params.id)),
  );

  app.delete(
    '/messages/:id',
    route('Delete a message for me only (the other participant keeps it)', {
      params: IdParams,
      response: answer.item(MessageDeleted, 400, 401, 404),
    }),
    async (request) => ok(await messages.remove(request.member.id, request.params.id)),
  );
};
