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
import { errors, OkItem, OkList, ok, okPage } from '../http/route-schemas';
import type { MessagesService } from './messages-service';

const tags = ['messages'];

/** Spec §7 "Messages": between friends; only the two participants see a message (404 otherwise). */
export const messagesRoutes: FastifyPluginAsyncTypebox<{ messages: MessagesService }> = async (
  app,
  { messages },
) => {
  const preHandler = app.authenticate;

  app.get(
    '/messages',
    {
      preHandler,
      schema: {
        tags,
        summary: 'One page of a folder (inbox or sent), newest first; meta: total and my unreadCount',
        querystring: MessageListQuery,
        response: { 200: OkList(Message, MessageListMeta), ...errors(400, 401) },
      },
    },
    async (request) => okPage(request.query, await messages.list(request.member.id, request.query)),
  );

  app.get(
    '/messages/unread/count',
    {
      preHandler,
      schema: {
        tags,
        summary: 'How many messages in my inbox are unread',
        response: { 200: OkItem(MessageUnreadCount), ...errors(401) },
      },
    },
    async (request) => ok({ count: await messages.unreadCount(request.member.id) }),
  );

  app.post(
    '/messages',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'Send a message to a friend (403 FORBIDDEN to anyone else); a repeated client id answers the stored message with 200',
        body: MessageInput,
        response: { 201: OkItem(Message), 200: OkItem(Message), ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { message, created } = await messages.send(request.member.id, request.body);
      return reply.status(created ? 201 : 200).send(ok(message));
    },
  );

  app.get(
    '/messages/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'One message (its sender or recipient only)',
        params: IdParams,
        response: { 200: OkItem(Message), ...errors(400, 401, 404) },
      },
    },
    async (request) => ok(await messages.get(request.member.id, request.params.id)),
  );

  app.put(
    '/messages/:id/read',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'The recipient marks a message read (again: no change); answers it and the unread count (403 for its sender)',
        params: IdParams,
        response: { 200: OkItem(MessageRead), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await messages.markRead(request.member.id, request.params.id)),
  );

  app.delete(
    '/messages/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Delete a message for me only (the other participant keeps it)',
        params: IdParams,
        response: { 200: OkItem(MessageDeleted), ...errors(400, 401, 404) },
      },
    },
    async (request) => ok(await messages.remove(request.member.id, request.params.id)),
  );
};
