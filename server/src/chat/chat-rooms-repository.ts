// Chat rooms and their participants: direct rooms, read marks, the rooms a member sees.
import type { Kysely } from 'kysely';
import type { ChatRoom } from '../../../src/contract/chat';
import type { Database } from '../db/schema';
import type { ChatRoomRow } from './chat-tables';
import type { ChatViews } from './chat-views-repository';
import { chatMemberList } from './chat-member-lists-repository';

/** The key of the direct room of two members: the same whichever writes first. */
export const directKey = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

export function chatRoomsRepository(db: Kysely<Database>, { roomViews }: ChatViews) {
  const roomViewQuery = () =>
    db
      .selectFrom('chat_room_participants as p')
      .innerJoin('chat_rooms as r', 'r.id', 'p.chat_room_id')
      .leftJoin('chat_groups as g', 'g.id', 'r.chat_group_id')
      .select([
        'r.id',
        'r.chat_group_id',
        'g.name',
        'r.last_message_id',
        'r.created_at',
        'r.updated_at',
        'p.unread_count',
        'p.muted_until',
      ]);

  const participants = chatMemberList(db, 'room');
  return {
    async findRoom(id: string): Promise<ChatRoomRow | undefined> {
      return db.selectFrom('chat_rooms').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findGroupRoom(groupId: string): Promise<ChatRoomRow | undefined> {
      return db.selectFrom('chat_rooms').selectAll().where('chat_group_id', '=', groupId).executeTakeFirst();
    },

    async findDirectRoom(a: string, b: string): Promise<ChatRoomRow | undefined> {
      return db
        .selectFrom('chat_rooms')
        .selectAll()
        .where('direct_key', '=', directKey(a, b))
        .executeTakeFirst();
    },

    /** The direct room of two members, created with both as participants when missing. */
    async ensureDirectRoom(
      a: string,
      b: string,
      newId: string,
      now: string,
    ): Promise<{ room: ChatRoomRow; created: boolean }> {
      const key = directKey(a, b);
      const created = await db.transaction().execute(async (trx) => {
        const result = await trx
          .insertInto('chat_rooms')
          .values({
            id: newId,
            chat_group_id: null,
            direct_key: key,
            seq: 0,
            last_message_id: null,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.column('direct_key').doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        await trx
          .insertInto('chat_room_participants')
          .values(
            [a, b].map((member_id) => ({
              chat_room_id: newId,
              member_id,
              unread_count: 0,
              last_read_at: now,
              activity_at: now,
              joined_at: now,
            })),
          )
          .execute();
        return true;
      });
      const room = await db
        .selectFrom('chat_rooms')
        .selectAll()
        .where('direct_key', '=', key)
        .executeTakeFirstOrThrow();
      return { room, created };
    },

    isParticipant: participants.has,
    participantIds: participants.memberIds,

    /** The room as this participant sees it, or undefined when they are not one. */
    async roomView(roomId: string, memberId: string): Promise<ChatRoom | undefined> {
      const row = await roomViewQuery()
        .where('p.chat_room_id', '=', roomId)
        .where('p.member_id', '=', memberId)
        .executeTakeFirst();
      return row ? (await roomViews([row]))[0] : undefined;
    },

    /** A member's rooms, newest activity first; total and the sum of their unread counts. */
    async roomPage(
      memberId: string,
      { limit, offset }: { limit: number; offset: number },
    ): Promise<{ items: ChatRoom[]; total: number; unreadCount: number }> {
      const [rows, sums] = await Promise.all([
        roomViewQuery()
          .where('p.member_id', '=', memberId)
          .orderBy('p.activity_at', 'desc')
          .orderBy('p.chat_room_id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('chat_room_participants')
          .select((eb) => [
            eb.fn.countAll<number>().as('n'),
            eb.fn.coalesce(eb.fn.sum<number>('unread_count'), eb.lit(0)).as('unread'),
          ])
          .where('member_id', '=', memberId)
          .executeTakeFirstOrThrow(),
      ]);
      return { items: await roomViews(rows), total: Number(sums.n), unreadCount: Number(sums.unread) };
    },

    /** Mutes the room's pushes for one participant until `until` (null: unmuted); false when not one. */
    async setMute(roomId: string, memberId: string, until: string | null): Promise<boolean> {
      const result = await db
        .updateTable('chat_room_participants')
        .set({ muted_until: until })
        .where('chat_room_id', '=', roomId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Marks the room read for one participant. Answers their unread count before, or undefined
     * when they are not a participant.
     */
    async markAllRead(roomId: string, memberId: string, now: string): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('chat_room_participants')
          .select('unread_count')
          .where('chat_room_id', '=', roomId)
          .where('member_id', '=', memberId)
          .executeTakeFirst();
        if (!before) return undefined;
        await trx
          .updateTable('chat_room_participants')
          .set({ unread_count: 0, last_read_at: now })
          .where('chat_room_id', '=', roomId)
          .where('member_id', '=', memberId)
          .execute();
        return Number(before.unread_count);
      });
    },
  };
}
