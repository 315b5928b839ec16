// Chat rooms and their read marks (spec §4: mark-all-read is per chat room; docs/ARCHITECTURE.md
// server "chat/"): a member lists and reads the rooms they take part in (404 for others), marks a
// room read, and types to its other participants only.
import type { ChatRoom, ChatRoomMute, ChatRoomRead } from '../../../src/contract/chat';
import { CHAT_MUTED_FOREVER, type ChatMuteDuration } from '../../../src/contract/web-push';
import { foundOr404, notFound } from '../http/errors';
import type { ChatEvents, ChatNotifications } from './chat-events';
import type { ChatRepository } from './chat-repository';

export interface ChatRoomsDeps {
  chat: ChatRepository;
  notifications: Pick<ChatNotifications, 'readRelatedQuietly'>;
  events: ChatEvents;
  /** The members blocked either way with one (server/src/trust): they do not see each other type. */
  hiddenSenders?: (memberId: string) => Promise<Set<string>>;
  /** Whether the moderators suspended the member (server/src/trust): they cannot chat, nor type. */
  suspended?: (memberId: string) => Promise<boolean>;
  now?: () => Date;
}

/** A room whose last line is from a member blocked either way shows it emptied and marked, never its text. */
function collapsed(room: ChatRoom, hidden: Set<string>): ChatRoom {
  const last = room.lastMessage;
  if (!last || !hidden.has(last.sender.id)) return room;
  return { ...room, lastMessage: { ...last, content: '', fromBlockedMember: true } };
}

export function chatRoomsService({
  chat,
  notifications,
  events,
  hiddenSenders = async () => new Set<string>(),
  suspended = async () => false,
  now = () => new Date(),
}: ChatRoomsDeps) {
  return {
    async listRooms(memberId: string, query: { limit: number; offset: number }) {
      const page = await chat.roomPage(memberId, query);
      const hidden = await hiddenSenders(memberId);
      return hidden.size ? { ...page, items: page.items.map((room) => collapsed(room, hidden)) } : page;
    },

    async getRoom(memberId: string, roomId: string): Promise<ChatRoom> {
      const room = foundOr404(await chat.roomView(roomId, memberId), 'Chat room');
      return collapsed(room, await hiddenSenders(memberId));
    },

    /**
     * Marks every message of the room read for me (again: no change). My other devices hear of it;
     * my stored notifications about the room (being added to its group) are read too.
     */
    async markAllRead(memberId: string, roomId: string): Promise<ChatRoomRead> {
      const at = now().toISOString();
      const room = await chat.findRoom(roomId);
      const before = room ? await chat.markAllRead(roomId, memberId, at) : undefined;
      if (!room || before === undefined) throw notFound('Chat room');
      if (before > 0) events.room([memberId], roomId, room.chat_group_id, 'read');
      await notifications.readRelatedQuietly(memberId, 'chatroom', roomId);
      return { chatRoomId: roomId, unreadCount: 0, lastReadAt: at };
    },

    /**
     * Mutes the room's pushes for me (8 hours, a week, or until unmuted; again: from now), or
     * unmutes it (`duration` null); participants only, 404 otherwise. My other devices refresh.
     */
    async mute(memberId: string, roomId: string, duration: ChatMuteDuration | null): Promise<ChatRoomMute> {
      const at = now().getTime();
      const until =
        duration === null
          ? null
          : duration === 'forever'
            ? CHAT_MUTED_FOREVER
            : new Date(at + (duration === '8h' ? 8 * 3600_000 : 7 * 24 * 3600_000)).toISOString();
      const room = await chat.findRoom(roomId);
      if (!room || !(await chat.setMute(roomId, memberId, until))) throw notFound('Chat room');
      events.room([memberId], roomId, room.chat_group_id, 'updated');
      return { chatRoomId: roomId, mutedUntil: until };
    },

    /**
     * The other participants of a room when `memberId` is one of them; null otherwise (typing).
     * Those blocked either way with them are left out; a suspended member's typing goes nowhere.
     */
    async typingTargets(memberId: string, roomId: string): Promise<string[] | null> {
      const ids = await chat.participantIds(roomId);
      if (!ids.includes(memberId) || (await suspended(memberId))) return null;
      const others = ids.filter((id) => id !== memberId);
      if (others.length === 0) return others;
      const hidden = await hiddenSenders(memberId);
      return others.filter((id) => !hidden.has(id));
    },
  };
}

export type ChatRoomsService = ReturnType<typeof chatRoomsService>;
