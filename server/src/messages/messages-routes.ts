import { IdParams } from '../../../src/contract/garage';
import * as contract from '../../../src/contract/messages';
import { ok, okPage, answer, memberRoutePlugin, sendStored } from '../http/route-schemas';
import type { MessagesService } from './messages-service';

type Services = { messages: MessagesService };

/** Spec §7 "Messages": between friends; only the two participants see a message (404 otherwise). */
export const messagesRoutes = memberRoutePlugin<Services>(['messages'], (app, route, { messages }) => {
  app.get(
    '/messages',
    route('One page of a folder (inbox or sent), newest first; meta: total and my unreadCount', {
      querystring: contract.MessageListQuery,
      response: answer.list(contract.Message, contract.MessageListMeta, 400, 401),
    }),
    async (request) => okPage(request.query, await messages.list(request.member.id, request.query)),
  );

  app.get(
    '/messages/unread/count',
    route('How many messages in my inbox are unread', {
      response: answer.item(contract.MessageUnreadCount, 401),
    }),
    async (request) => ok({ count: await messages.unreadCount(request.member.id) }),
  );

  app.post(
    '/messages',
    route(
      'Send a message to a friend (403 FORBIDDEN to anyone else); a repeated client id answers the stored message with 200',
      {
        body: contract.MessageInput,
        response: answer.stored(contract.Message, 400, 401, 403, 409),
      },
    ),
    async (request, reply) =>
      sendStored(reply, 'message', await messages.send(request.member.id, request.body)),
  );

  app.get(
    '/messages/:id',
    route('One message (its sender or recipient only)', {
      params: IdParams,
      response: answer.item(contract.Message, 400, 401, 404),
    }),
    async (request) => ok(await messages.get(request.member.id, request.params.id)),
  );

  app.put(
    '/messages/:id/read',
    route(
      'The recipient marks a message read (again: no change); answers it and the unread count (403 for its sender)',
      {
        params: IdParams,
        response: answer.item(contract.MessageRead, 400, 401, 403, 404),
      },
    ),
    async (request) => ok(await messages.markRead(request.member.id, request.params.id)),
  );

  app.delete(
    '/messages/:id',
    route('Delete a message for me only (the other participant keeps it)', {
      params: IdParams,
      response: answer.item(contract.MessageDeleted, 400, 401, 404),
    }),
    async (request) => ok(await messages.remove(request.member.id, request.params.id)),
  );
});
