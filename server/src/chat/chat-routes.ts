// Chat routes (spec §7 "Chat"), registered under the API base. Non-participants get 404 for a
// group, a room, its messages and its read mark; every write takes an Idempotency-Key, and the
// creates also a client id.
import * as contract from '../../../src/contract/chat';
import { ok, okPage, answer, memberRoutes, sendStored, type RoutePlugin } from '../http/route-schemas';
import type { ChatService } from './chat-service';

export const chatRoutes: RoutePlugin<{ chat: ChatService }> = async (app, { chat }) => {
  const groupRoute = memberRoutes(app.authenticate, ['chat groups']);
  const roomRoute = memberRoutes(app.authenticate, ['chat rooms']);
  const messageRoute = memberRoutes(app.authenticate, ['chat messages']);

  // ---------- groups ----------

  app.get(
    '/chat-groups',
    groupRoute(
      'The groups I own or am a member of, newest room activity first (members with withMembers=true)',
      {
        querystring: contract.ChatGroupListQuery,
        response: answer.list(contract.ChatGroup, contract.ChatGroupListMeta, 400, 401),
      },
    ),
    async (request) => okPage(request.query, await chat.listGroups(request.member.id, request.query)),
  );

  app.get(
    '/chat-groups/:id',
    groupRoute('One group with its members (members only; 404 otherwise)', {
      params: contract.ChatIdParams,
      response: answer.item(contract.ChatGroup, 400, 401, 404),
    }),
    async (request) => ok(await chat.getGroup(request.member.id, request.params.id)),
  );

  app.post(
    '/chat-groups',
    groupRoute(
      'Create a group I own, with members chosen among my friends (400 otherwise); a repeated client id answers the stored group with 200',
      {
        body: contract.ChatGroupCreate,
        response: answer.stored(contract.ChatGroup, 400, 401, 409),
      },
    ),
    async (request, reply) =>
      sendStored(reply, 'group', await chat.createGroup(request.member.id, request.body)),
  );

  app.put(
    '/chat-groups/:id',
    groupRoute(
      'The owner renames, describes, or sets the members (memberIds replaces them; newcomers must be the owner’s friends, else 400); 403 for other members',
      {
        params: contract.ChatIdParams,
        body: contract.ChatGroupUpdate,
        response: answer.item(contract.ChatGroup, 400, 401, 403, 404),
      },
    ),
    async (request) => ok(await chat.updateGroup(request.member.id, request.params.id, request.body)),
  );

  app.delete(
    '/chat-groups/:id',
    groupRoute('The owner deletes the group, its room and its messages; 403 for other members', {
      params: contract.ChatIdParams,
      response: answer.item(contract.ChatGroupGone, 400, 401, 403, 404),
    }),
    async (request) => ok(await chat.deleteGroup(request.member.id, request.params.id)),
  );

  app.post(
    '/chat-groups/:id/leave',
    groupRoute(
      'A member leaves the group and its room (no more messages; its history is no longer readable); 403 for the owner, who deletes it instead',
      {
        params: contract.ChatIdParams,
        response: answer.item(contract.ChatGroupGone, 400, 401, 403, 404),
      },
    ),
    async (request) => ok(await chat.leaveGroup(request.member.id, request.params.id)),
  );

  // ---------- rooms ----------

  app.get(
    '/chat-rooms',
    roomRoute(
      'My rooms (direct and group), newest activity first, with lastMessage and my unreadCount; meta.unreadCount sums them',
      {
        querystring: contract.ChatPageQuery,
        response: answer.list(contract.ChatRoom, contract.ChatRoomListMeta, 400, 401),
      },
    ),
    async (request) => okPage(request.query, await chat.listRooms(request.member.id, request.query)),
  );

  app.get(
    '/chat-rooms/:id',
    roomRoute('One room (participants only; 404 otherwise)', {
      params: contract.ChatIdParams,
      response: answer.item(contract.ChatRoom, 400, 401, 404),
    }),
    async (request) => ok(await chat.getRoom(request.member.id, request.params.id)),
  );

  app.put(
    '/chat-rooms/:id/mute',
    roomRoute(
      'Mute the room’s pushes for me: duration 8h, week or forever (until unmuted); again: counted from now. Participants only, 404 otherwise',
      {
        params: contract.ChatIdParams,
        body: contract.ChatRoomMuteBody,
        response: answer.item(contract.ChatRoomMute, 400, 401, 404),
      },
    ),
    async (request) => ok(await chat.muteRoom(request.member.id, request.params.id, request.body.duration)),
  );

  app.delete(
    '/chat-rooms/:id/mute',
    roomRoute('Unmute the room’s pushes for me (again: same answer); participants only, 404 otherwise', {
      params: contract.ChatIdParams,
      response: answer.item(contract.ChatRoomMute, 400, 401, 404),
    }),
    async (request) => ok(await chat.muteRoom(request.member.id, request.params.id, null)),
  );

  // ---------- messages ----------

  app.get(
    '/chat-messages',
    messageRoute(
      'A page of the direct chat with recipientId, or of the group chatGroupId (exactly one), newest first; default page: limit 20, offset 0',
      {
        querystring: contract.ChatMessageListQuery,
        response: answer.list(contract.ChatMessage, contract.ChatMessageListMeta, 400, 401, 404),
      },
    ),
    async (request) => okPage(request.query, await chat.listMessages(request.member.id, request.query)),
  );

  app.get(
    '/chat-messages/chat-room/:roomId',
    messageRoute(
      'A page of a room, newest first (participants only; 404 otherwise); default limit 20, offset 0',
      {
        params: contract.ChatRoomIdParams,
        querystring: contract.ChatPageQuery,
        response: answer.list(contract.ChatMessage, contract.ChatMessageListMeta, 400, 401, 404),
      },
    ),
    async (request) =>
      okPage(request.query, await chat.roomMessages(request.member.id, request.params.roomId, request.query)),
  );

  app.get(
    '/chat-messages/:id',
    messageRoute('One message (its room’s participants only; 404 otherwise)', {
      params: contract.ChatIdParams,
      response: answer.item(contract.ChatMessage, 400, 401, 404),
    }),
    async (request) => ok(await chat.getMessage(request.member.id, request.params.id)),
  );

  app.post(
    '/chat-messages',
    messageRoute(
      'Send plain text to a friend (recipientId: the pair’s room, created on first use; 403 to a non-friend), a group (chatGroupId) or a room (chatRoomId); a repeated client id answers the stored message with 200 and pushes nothing',
      {
        body: contract.ChatMessageCreate,
        response: answer.stored(contract.ChatMessage, 400, 401, 403, 404, 409),
      },
    ),
    async (request, reply) => sendStored(reply, 'message', await chat.send(request.member.id, request.body)),
  );

  app.post(
    '/chat-messages/:id/mark-all-read',
    messageRoute(
      'Mark every message of the room {id} read for me (empty body; again: same answer); participants only, 404 otherwise',
      {
        params: contract.ChatIdParams,
        response: answer.item(contract.ChatRoomRead, 400, 401, 404),
      },
    ),
    async (request) => ok(await chat.markAllRead(request.member.id, request.params.id)),
  );
};
