// Chat messages (spec §7 "Chat"; docs/ARCHITECTURE.md server "chat/"): plain text to a friend (the
// direct room, made by the first message), a group or a room, read by the room's participants only
// (404 for others), numbered per room by the repository under the room row's lock.
import { randomUUID } from 'node:crypto';
import type { ChatMessage, ChatMessageCreate, ChatMessageWithImagesCreate } from '../../../src/contract/chat';
import { CHAT_MESSAGE_CONTENT_MAX, MESSAGE_IMAGES_MAX } from '../../../src/contract/constants';
import { tooManyImages, type ImageRef } from '../media/attached-images';
import { badRequest, conflict, forbidden, foundOr404, notFound } from '../http/errors';
import type { ChatEvents } from './chat-events';
import type { ChatRepository } from './chat-repository';
import { exactlyOne, INVALID, memberGroup, NOT_A_FRIEND, plainText } from './chat-rules';
import type { ChatMessageRow, ChatRoomRow } from './chat-tables';

export interface ChatMessagesDeps {
  chat: ChatRepository;
  areFriends(a: string, b: string): Promise<boolean>;
  events: ChatEvents;
  /** The members blocked either way with the reader (server/src/trust): their lines are collapsed. */
  hiddenSenders?: (memberId: string) => Promise<Set<string>>;
  now?: () => Date;
}

export function chatMessagesService({
  chat,
  areFriends,
  events,
  hiddenSenders = async () => new Set<string>(),
  now = () => new Date(),
}: ChatMessagesDeps) {
  /** The page with the lines of members blocked either way emptied and marked, never their text. */
  async function collapsed<T extends { items: ChatMessage[] }>(memberId: string, page: T): Promise<T> {
    const hidden = await hiddenSenders(memberId);
    if (hidden.size === 0) return page;
    return {
      ...page,
      items: page.items.map((m) =>
        hidden.has(m.sender.id) ? { ...m, content: '', images: [], fromBlockedMember: true } : m,
      ),
    };
  }

  /** The room if the member is a participant; 404 otherwise. */
  async function roomOf(memberId: string, roomId: string): Promise<ChatRoomRow> {
    const room = await chat.findRoom(roomId);
    if (!room || !(await chat.isParticipant(roomId, memberId))) throw notFound('Chat room');
    return room;
  }

  async function messageView(row: ChatMessageRow): Promise<ChatMessage> {
    return foundOr404(await chat.messageView(row), 'Chat message');
  }

  /** A repeated client id: the stored message when it is this sender's, else 409. */
  async function replayed(memberId: string, id: string): Promise<ChatMessage> {
    const stored = await chat.findMessage(id);
    if (!stored || stored.sender_id !== memberId)
      throw conflict('This id is already in use.', [{ field: 'body.id', message: 'is already in use' }]);
    return messageView(stored);
  }

  /** The room a message goes to, checking the sender may write there. */
  async function destination(
    memberId: string,
    input: ChatMessageCreate | ChatMessageWithImagesCreate,
  ): Promise<{ room: ChatRoomRow; createdDirect: boolean }> {
    const target = exactlyOne(input, ['recipientId', 'chatGroupId', 'chatRoomId'], 'body');
    if (target === 'recipientId') {
      const recipientId = input.recipientId!;
      if (recipientId === memberId)
        throw badRequest(INVALID, [{ field: 'body.recipientId', message: 'must be another member' }]);
      if (!(await areFriends(memberId, recipientId))) throw forbidden(NOT_A_FRIEND);
      const existing = await chat.findDirectRoom(memberId, recipientId);
      if (existing) return { room: existing, createdDirect: false };
      const { room, created } = await chat.ensureDirectRoom(
        memberId,
        recipientId,
        randomUUID(),
        now().toISOString(),
      );
      return { room, createdDirect: created };
    }
    // Whether the sender is a participant is checked in the message's own transaction (404).
    if (target === 'chatGroupId') {
      const room = await chat.findGroupRoom(input.chatGroupId!);
      if (!room) throw notFound('Chat group');
      return { room, createdDirect: false };
    }
    const room = await chat.findRoom(input.chatRoomId!);
    if (!room) throw notFound('Chat room');
    // A direct room: the two must still be friends to write (they keep reading their history).
    if (room.direct_key !== null && room.direct_key.split(':').includes(memberId)) {
      const other = room.direct_key.split(':').find((id) => id !== memberId);
      if (!other || !(await areFriends(memberId, other))) throw forbidden(NOT_A_FRIEND);
    }
    return { room, createdDirect: false };
  }

  return {
    /**
     * The media row of a photo of a line, for a participant of its room now (a member removed
     * from the group, or who left it, no longer is); else 404. A line of a member blocked either
     * way shows no photo (its page shows it collapsed), so its photos are 404 too.
     */
    async image(memberId: string, id: string, mediaId: string) {
      const row = await chat.findMessage(id);
      if (!row || !(await chat.isParticipant(row.chat_room_id, memberId))) throw notFound('Image');
      if ((await hiddenSenders(memberId)).has(row.sender_id)) throw notFound('Image');
      return foundOr404(await chat.imageOf(id, mediaId), 'Image');
    },

    /** A replayed create's stored line (409 when the id is someone else's); null when new. */
    async storedSend(memberId: string, id: string): Promise<ChatMessage | null> {
      return (await chat.findMessage(id)) ? replayed(memberId, id) : null;
    },

    async getMessage(memberId: string, id: string): Promise<ChatMessage> {
      const row = await chat.findMessage(id);
      if (!row || !(await chat.isParticipant(row.chat_room_id, memberId))) throw notFound('Chat message');
      return (await collapsed(memberId, { items: [await messageView(row)] })).items[0]!;
    },

    async roomMessages(memberId: string, roomId: string, page: { limit: number; offset: number }) {
      const room = await roomOf(memberId, roomId);
      return { ...(await collapsed(memberId, await chat.messagePage(room, page))), chatRoomId: room.id };
    },

    /**
     * GET /chat-messages by recipientId (the direct room with them: empty while none exists) or
     * chatGroupId (404 when I am not in the group).
     */
    async listMessages(
      memberId: string,
      query: { limit: number; offset: number; recipientId?: string; chatGroupId?: string },
    ): Promise<{ items: ChatMessage[]; total: number; chatRoomId: string | null }> {
      const by = exactlyOne(query, ['recipientId', 'chatGroupId'], 'querystring');
      const page = { limit: query.limit, offset: query.offset };
      if (by === 'recipientId') {
        const room = await chat.findDirectRoom(memberId, query.recipientId!);
        if (!room || !(await chat.isParticipant(room.id, memberId)))
          return { items: [], total: 0, chatRoomId: null };
        return { ...(await collapsed(memberId, await chat.messagePage(room, page))), chatRoomId: room.id };
      }
      const group = await memberGroup(chat, memberId, query.chatGroupId!);
      const room = await chat.findRoom(group.room_id);
      if (!room) throw notFound('Chat group');
      return { ...(await collapsed(memberId, await chat.messagePage(room, page))), chatRoomId: room.id };
    },

    /**
     * Posts a message. `created: false` when this member already sent one with this client id:
     * the stored one, nothing new, no second push. Every participant's sockets (the sender's other
     * devices too) get a realtime-only `chatmessage` event.
     */
    async send(
      memberId: string,
      input: ChatMessageCreate | ChatMessageWithImagesCreate,
      images: ImageRef[] = [],
    ): Promise<{ message: ChatMessage; created: boolean }> {
      if (input.id && (await chat.findMessage(input.id)))
        return { message: await replayed(memberId, input.id), created: false };
      if (images.length > MESSAGE_IMAGES_MAX) throw tooManyImages(MESSAGE_IMAGES_MAX);
      // Photos alone are a line: then the text may be empty (trimmed, still bounded).
      const content =
        images.length > 0 && (input.content ?? '').trim() === ''
          ? ''
          : plainText(input.content ?? '', 'body.content', CHAT_MESSAGE_CONTENT_MAX);
      const { room, createdDirect } = await destination(memberId, input);
      const id = input.id ?? randomUUID();
      const result = await chat.insertMessage({
        id,
        roomId: room.id,
        senderId: memberId,
        content,
        now: now().toISOString(),
        images,
      });
      if (result.status === 'replayed') return { message: await replayed(memberId, id), created: false };
      if (result.status !== 'created') throw notFound(input.chatGroupId ? 'Chat group' : 'Chat room');
      const participants = result.participantIds;
      const message = await messageView(result.message);
      if (createdDirect) events.room(participants, room.id, null, 'created');
      events.message(
        participants,
        {
          roomId: room.id,
          messageId: id,
          groupId: room.chat_group_id,
          senderId: memberId,
          images: message.images,
        },
        await hiddenSenders(memberId),
      );
      return { message, created: true };
    },
  };
}

export type ChatMessagesService = ReturnType<typeof chatMessagesService>;
