// The chat tables (migration 0010_chat), added to the shared Kysely `Database` type from here so that
// the feature keeps its tables beside its code (as server/src/messages does).
import type { Selectable } from 'kysely';

/** A chat group: its owner, name and description. Its members are in chat_group_members. */
export interface ChatGroupsTable {
  id: string;
  owner_id: string;
  /** Plain text. */
  name: string;
  /** Plain text ('' when none). */
  description: string;
  created_at: string;
  updated_at: string;
}

/** Who is in a group: the owner too (one row each). */
export interface ChatGroupMembersTable {
  chat_group_id: string;
  member_id: string;
  joined_at: string;
}

/** A room: a group's (chat_group_id set) or a direct one between two members (direct_key set). */
export interface ChatRoomsTable {
  id: string;
  chat_group_id: string | null;
  /** `${smaller member id}:${larger member id}` for a direct room; unique. */
  direct_key: string | null;
  /** How many messages were ever posted: each new message takes the next number (its `seq`). */
  seq: number;
  last_message_id: string | null;
  created_at: string;
  /** Last activity: the newest message's time, else the room's creation. */
  updated_at: string;
}

/** Who is in a room, with their read state, kept in the same transaction as each change. */
export interface ChatRoomParticipantsTable {
  chat_room_id: string;
  member_id: string;
  /** Messages from others since they last marked the room read. */
  unread_count: number;
  last_read_at: string | null;
  /** A copy of the room's updated_at, so that a member's rooms list in activity order from an index. */
  activity_at: string;
  joined_at: string;
  /** No push for this room's messages until then (migration 0033); null: not muted. */
  muted_until?: string | null;
}

/** A chat message: plain text, stored as sent (trimmed). */
export interface ChatMessagesTable {
  id: string;
  chat_room_id: string;
  /** Its place in the room (1, 2, …): lists order on it, so two messages in one millisecond keep their order. */
  seq: number;
  sender_id: string;
  content: string;
  created_at: string;
}

/** A photo of a chat message (migration 0038), in its place. */
export interface ChatMessageImagesTable {
  chat_message_id: string;
  media_id: string;
  position: number;
  width: number | null;
  height: number | null;
}

export type ChatGroupRow = Selectable<ChatGroupsTable>;
export type ChatRoomRow = Selectable<ChatRoomsTable>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;
export type ChatParticipantRow = Selectable<ChatRoomParticipantsTable>;

declare module '../db/schema' {
  interface Database {
    chat_groups: ChatGroupsTable;
    chat_group_members: ChatGroupMembersTable;
    chat_rooms: ChatRoomsTable;
    chat_room_participants: ChatRoomParticipantsTable;
    chat_messages: ChatMessagesTable;
    chat_message_images: ChatMessageImagesTable;
  }
}
