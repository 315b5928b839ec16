import { Type } from 'typebox';
import { Ok } from '../../../src/contract/envelope';
import * as contract from '../../../src/contract/people';
import { peopleTags as tags, type PeopleServices } from './people-services';
import {
  errors,
  ok,
  okList,
  answer,
  memberRoutes,
  sendStored,
  type RoutePlugin,
} from '../http/route-schemas';

const codes = contract.PEOPLE_ERROR_CODES;

/** Spec §7 "Friends". A friend request is seen only by its two parties (404 for anyone else). */
export const friendsRoutes: RoutePlugin<{ services: PeopleServices }> = async (app, { services }) => {
  const { friends, suggestions } = services;
  const route = memberRoutes(app.authenticate, tags);

  app.get(
    '/friends',
    route('My friends, by first name then last name (data.friends; meta.total)', {
      description:
        '`search` keeps the friends whose username, first name, last name or full name holds the text, ignoring case and accents; `meta.total` then counts the matches.',
      querystring: contract.FriendsQuery,
      response: { 200: Ok(contract.FriendList), ...errors(400, 401) },
    }),
    async (request) => {
      const { limit, offset, search } = request.query;
      const { friends: list, total } = await friends.list(request.member.id, limit, offset, search);
      return okList({ friends: list }, { total, limit, offset });
    },
  );

  app.get(
    '/friends/requests',
    route('My pending friend requests: received (incoming) and sent (outgoing), newest first', {
      description: '`limit` and `offset` apply to each list; the totals count all pending ones.',
      querystring: contract.FriendRequestsQuery,
      response: answer.item(contract.FriendRequests, 400, 401),
    }),
    async (request) => {
      const { limit, offset } = request.query;
      return ok(await friends.requests(request.member.id, limit, offset));
    },
  );

  app.get(
    '/friends/suggestions',
    route(`People I may know (at most ${contract.FRIEND_SUGGESTIONS_MAX})`, {
      description:
        'Friends of my friends, members of my city, owners of cars of the makes I own; never me, my friends, or anyone with a pending or declined request between us. Ranked by the number of kinds of reason, then mutual friends, then shared makes.',
      querystring: contract.FriendSuggestionsQuery,
      response: { 200: Ok(Type.Array(contract.FriendSuggestion)), ...errors(400, 401) },
    }),
    async (request) => ok(await suggestions.suggest(request.member.id, request.query.limit)),
  );

  app.post(
    '/friends/request',
    route('Ask a member to be friends', {
      description: `201 \`outcome: "requested"\` with the new request. When that member had already asked me, their request is accepted instead: 200 \`outcome: "accepted"\`. A repeated client \`id\` answers the stored request (200). 400 for myself, 404 for an unknown member, 409 \`${codes.requestPending}\` when my request is still pending, 409 \`${codes.alreadyFriends}\` when we are friends.`,
      body: contract.FriendRequestBody,
      response: answer.stored(contract.FriendRequestResult, 400, 401, 404, 409),
    }),
    async (request, reply) =>
      sendStored(reply, 'result', await friends.request(request.member.id, request.body)),
  );

  app.put(
    '/friends/request/:id',
    route('Accept or decline a request I received', {
      description: `Only the recipient may answer (404 for anyone else). The same answer again answers the same; a different answer to an answered request is 409 \`${codes.requestNotPending}\`.`,
      params: contract.FriendRequestIdParams,
      body: contract.FriendRequestAnswer,
      response: answer.item(contract.FriendRequest, 400, 401, 404, 409),
    }),
    async (request) => ok(await friends.answer(request.member.id, request.params.id, request.body)),
  );

  app.delete(
    '/friends/request/:id',
    route('Cancel a request I sent', {
      description: `Only the sender may cancel (404 for anyone else); cancelling again changes nothing; 409 \`${codes.requestNotPending}\` when it was accepted already.`,
      params: contract.FriendRequestIdParams,
      response: answer.item(contract.Removed, 400, 401, 404, 409),
    }),
    async (request) => {
      await friends.cancel(request.member.id, request.params.id);
      return ok({ id: request.params.id });
    },
  );

  app.delete(
    '/friends/:id',
    route('End a friendship (the id is the friend’s user id); both sides stop being friends', {
      params: contract.UserIdParams,
      response: answer.item(contract.Removed, 400, 401, 404),
    }),
    async (request) => {
      await friends.remove(request.member.id, request.params.id);
      return ok({ id: request.params.id });
    },
  );
};
