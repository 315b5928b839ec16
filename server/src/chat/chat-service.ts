// Chat: the rules (groups of the owner's friends, direct chat between friends, participants only,
// plain text) and the realtime events they raise (docs/ARCHITECTURE.md server "chat/"). One
// service for the routes and the socket's typing relay, built from its parts, each with its own
// responsibility and tests: chat-groups-service.ts (groups), chat-rooms-service.ts (rooms, read
// marks, typing), chat-messages-service.ts (messages), sharing chat-rules.ts and chat-events.ts.
import type { DiscardFiles } from '../media/media-storage';
import type { ChatNotifications } from './chat-events';
import { chatEvents } from './chat-events';
import { chatGroupsService } from './chat-groups-service';
import { chatMessagesService } from './chat-messages-service';
import type { ChatRepository } from './chat-repository';
import { chatRoomsService } from './chat-rooms-service';

export { NOT_A_FRIEND } from './chat-rules';

interface Deps {
  chat: ChatRepository;
  areFriends(a: string, b: string): Promise<boolean>;
  friendIdsOf(memberId: string): Promise<string[]>;
  notifications: ChatNotifications;
  /** The members blocked either way with the reader (server/src/trust): their lines are collapsed. */
  hiddenSenders?: (memberId: string) => Promise<Set<string>>;
  /** Whether the moderators suspended the member (server/src/trust): their typing is not relayed. */
  suspended?: (memberId: string) => Promise<boolean>;
  /** Removes the files of media rows the repositories deleted (a deleted group's photos). */
  discardFiles?: DiscardFiles;
  now?: () => Date;
}

export function chatService({
  chat,
  areFriends,
  friendIdsOf,
  notifications,
  hiddenSenders,
  suspended,
  discardFiles,
  now,
}: Deps) {
  const events = chatEvents(notifications);
  const groups = chatGroupsService({ chat, friendIdsOf, events, discardFiles, now });
  const rooms = chatRoomsService({ chat, notifications, events, hiddenSenders, suspended, now });
  const messages = chatMessagesService({ chat, areFriends, events, hiddenSenders, now });
  return {
    listGroups: groups.listGroups,
    getGroup: groups.getGroup,
    createGroup: groups.createGroup,
    updateGroup: groups.updateGroup,
    deleteGroup: groups.deleteGroup,
    leaveGroup: groups.leaveGroup,
    listRooms: rooms.listRooms,
    getRoom: rooms.getRoom,
    markAllRead: rooms.markAllRead,
    muteRoom: rooms.mute,
    typingTargets: rooms.typingTargets,
    getMessage: messages.getMessage,
    roomMessages: messages.roomMessages,
    listMessages: messages.listMessages,
    send: messages.send,
    storedSend: messages.storedSend,
    image: messages.image,
  };
}

export type ChatService = ReturnType<typeof chatService>;
