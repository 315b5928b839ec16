// Chat rooms and messages as this device keeps them (spec §3 "Chat group, chat room, chat message";
// docs/OFFLINE-FIRST.md): the server's shapes, plus each message's sync state from the outbox.
import type { ChatMember, ChatMessage, ChatRoom } from '@/contract/chat';
import { CHAT_PAGE_SIZE } from '@/contract/constants';

export type { ChatGroup, ChatMember, ChatMessage, ChatRoom } from '@/contract/chat';

import type { SyncState } from '@/lib/offline/types';
import type { OutboxBody } from '@/lib/outbox';

export type { SyncState };

/**
 * A message row. Until the first message to a friend reaches the server there is no direct room:
 * its rows carry `directKey(friendId)` as their room, re-pointed to the real room when it is known.
 */
export type ChatMessageRow = ChatMessage;
export type LocalChatMessage = ChatMessageRow & {
  syncState?: SyncState;
  /** The outbox entry of a message not sent yet (retry uses it). */
  entryId?: string;
};
export type ChatRoomRow = ChatRoom;

/** Spec §9: chat message lists 20 per page; rooms are read 20 at a time too. */
export const CHAT_MESSAGES_PAGE = CHAT_PAGE_SIZE;
export const CHAT_ROOMS_PAGE = CHAT_PAGE_SIZE;
/**
 * The messages of a room this device keeps (the newest): a conversation reads offline back this
 * far; older pages are fetched again when scrolled to, and trimmed at the room's next refresh.
 */
export const CHAT_LOCAL_MESSAGES_MAX = 500;

/** The outbox kinds of this feature (labelled with its handlers, for the sync panel). */
export const CHAT_KINDS = {
  send: 'chat.send',
  read: 'chat.read',
  mute: 'chat.mute',
} as const;

/**
 * The outbox entity of a room's mute: not the room's id, which its read marks use, so that a
 * queued mute and a queued read mark each keep only their own field through a refresh.
 */
export const muteEntity = (roomId: string) => `mute:${roomId}`;

/** The Dexie meta row holding my unread chat messages over all rooms. */
export const CHAT_UNREAD_KEY = 'chat.unreadCount';

const DIRECT_PREFIX = 'direct:';
/** The room key of messages to a friend whose direct room does not exist yet. */
export const directKey = (friendId: string) => `${DIRECT_PREFIX}${friendId}`;
export const isDirectKey = (roomId: string) => roomId.startsWith(DIRECT_PREFIX);

export function isChatMessage(value: unknown): value is ChatMessage {
  const v = value as Partial<ChatMessage> | null;
  return (
    typeof v?.id === 'string' &&
    typeof v.chatRoomId === 'string' &&
    typeof v.content === 'string' &&
    typeof v.createdAt === 'string' &&
    typeof v.sender?.id === 'string'
  );
}

export function isChatRoom(value: unknown): value is ChatRoom {
  const v = value as Partial<ChatRoom> | null;
  return typeof v?.id === 'string' && Array.isArray(v.participants) && typeof v.updatedAt === 'string';
}

/** The other participant of a direct room (null for a group room). */
export function otherParticipant(room: ChatRoom, meId: string | undefined): ChatMember | null {
  if (room.chatGroupId) return null;
  return room.participants.find((p) => p.id !== meId) ?? room.participants[0] ?? null;
}

/**
 * The fields a queued send carries: its JSON body, or the `data` part of its multipart body (a
 * line with photos).
 */
export function sendFields(body: OutboxBody | undefined): Record<string, unknown> {
  if (body?.type === 'json') return (body.json ?? {}) as Record<string, unknown>;
  const data = body?.parts.find((part) => part.name === 'data');
  if (!data || !('value' in data) || typeof data.value !== 'string') return {};
  try {
    return JSON.parse(data.value) as Record<string, unknown>;
  } catch {
    return {};
  }
}
