// What the chat repositories share: members, messages and rooms as a member sees them, and the
// signal that rolls one of their transactions back.
import type { Kysely } from 'kysely';
import type { ChatMember, ChatMessage, ChatRoom } from '../../../src/contract/chat';
import { API_BASE } from '../../../src/contract/constants';
import type { AttachedImage } from '../../../src/contract/posts';
import { attachedImages, byOwner } from '../media/attached-images';
import type { Database } from '../db/schema';
import type { ChatMessageRow } from './chat-tables';
import './chat-tables';
import { memberCards } from '../db/member-cards';

/** Thrown inside a transaction to roll it back and tell the caller why. */
export class Rollback extends Error {
  constructor(readonly reason: 'replayed' | 'not-participant' | 'no-room' | 'replayed-group') {
    super(reason);
  }
}

export const MESSAGE_COLUMNS = ['id', 'chat_room_id', 'seq', 'sender_id', 'content', 'created_at'] as const;

/** Where a chat line's photo is served (the room's participants only: chat-image-routes.ts). */
export const chatImageUrl = (messageId: string, mediaId: string) =>
  `${API_BASE}/chat-messages/${messageId}/images/${mediaId}`;

/** A room row as one participant sees it (their unread count). */
export interface RoomViewRow {
  id: string;
  chat_group_id: string | null;
  name: string | null;
  last_message_id: string | null;
  created_at: string;
  updated_at: string;
  unread_count: number;
  muted_until?: string | null;
}

export function chatViews(db: Kysely<Database>) {
  /** Each member's public name and avatar, read once per distinct member. */
  const members = (ids: Iterable<string>): Promise<Map<string, ChatMember>> => memberCards(db, ids);

  /** The photos of these lines in order (one look-up by the primary key's prefix), by line. */
  async function photos(ids: string[]): Promise<Map<string, AttachedImage[]>> {
    const out = new Map<string, AttachedImage[]>();
    if (ids.length === 0) return out;
    const rows = await db
      .selectFrom('chat_message_images')
      .select(['chat_message_id as owner', 'media_id', 'position', 'width', 'height'])
      .where('chat_message_id', 'in', [...new Set(ids)])
      .execute();
    rows.sort((a, b) => Number(a.position) - Number(b.position));
    for (const [id, list] of byOwner(rows))
      out.set(
        id,
        attachedImages(list, (mediaId) => chatImageUrl(id, mediaId)),
      );
    return out;
  }

  function toMessage(
    row: ChatMessageRow,
    people: Map<string, ChatMember>,
    images: Map<string, AttachedImage[]>,
  ): ChatMessage | null {
    const sender = people.get(row.sender_id);
    // Members are never deleted without their messages (the foreign key cascades).
    if (!sender) return null;
    return {
      id: row.id,
      chatRoomId: row.chat_room_id,
      sender,
      content: row.content,
      images: images.get(row.id) ?? [],
      createdAt: row.created_at,
    };
  }

  async function messagesWithSenders(rows: ChatMessageRow[]): Promise<ChatMessage[]> {
    if (rows.length === 0) return [];
    const [people, images] = await Promise.all([
      members(rows.map((r) => r.sender_id)),
      photos(rows.map((r) => r.id)),
    ]);
    return rows.flatMap((row) => {
      const message = toMessage(row, people, images);
      return message ? [message] : [];
    });
  }

  /** Rooms as one member sees them: participants, last message, their unread count. */
  async function roomViews(rows: RoomViewRow[]): Promise<ChatRoom[]> {
    if (rows.length === 0) return [];
    const roomIds = rows.map((r) => r.id);
    const lastIds = rows.flatMap((r) => (r.last_message_id ? [r.last_message_id] : []));
    const [participantRows, lastRows] = await Promise.all([
      db
        .selectFrom('chat_room_participants')
        .select(['chat_room_id', 'member_id'])
        .where('chat_room_id', 'in', roomIds)
        .orderBy('joined_at')
        .orderBy('member_id')
        .execute(),
      lastIds.length === 0
        ? Promise.resolve([] as ChatMessageRow[])
        : db.selectFrom('chat_messages').select(MESSAGE_COLUMNS).where('id', 'in', lastIds).execute(),
    ]);
    const [people, images] = await Promise.all([
      members([...participantRows.map((p) => p.member_id), ...lastRows.map((m) => m.sender_id)]),
      photos(lastRows.map((m) => m.id)),
    ]);
    const byRoom = new Map<string, ChatMember[]>();
    for (const p of participantRows) {
      const member = people.get(p.member_id);
      if (!member) continue;
      const list = byRoom.get(p.chat_room_id) ?? [];
      list.push(member);
      byRoom.set(p.chat_room_id, list);
    }
    const lastById = new Map(lastRows.map((m) => [m.id, m]));
    return rows.map((r) => {
      const last = r.last_message_id ? lastById.get(r.last_message_id) : undefined;
      return {
        id: r.id,
        chatGroupId: r.chat_group_id,
        name: r.name,
        participants: byRoom.get(r.id) ?? [],
        lastMessage: last ? toMessage(last, people, images) : null,
        unreadCount: Number(r.unread_count),
        // A mute that ended reads as none.
        mutedUntil: r.muted_until && Date.parse(r.muted_until) > Date.now() ? r.muted_until : null,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      };
    });
  }

  return { members, messagesWithSenders, roomViews };
}

export type ChatViews = ReturnType<typeof chatViews>;
