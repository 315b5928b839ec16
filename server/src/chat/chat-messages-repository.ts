// Chat messages: a room's pages, and posting one with the room's counters in one transaction.
import { sql, type Kysely } from 'kysely';
import type { ChatMessage } from '../../../src/contract/chat';
import type { Database } from '../db/schema';
import type { ChatMessageRow, ChatRoomRow } from './chat-tables';
import { MESSAGE_COLUMNS, Rollback, type ChatViews } from './chat-views-repository';
import { countRows } from '../db/paging';
import '../trust/trust-tables';
import type { ImageRef } from '../media/attached-images';

export type NewMessageResult =
  | { status: 'created'; message: ChatMessageRow; participantIds: string[] }
  | { status: 'replayed' | 'not-participant' | 'no-room' };

export function chatMessagesRepository(db: Kysely<Database>, { messagesWithSenders }: ChatViews) {
  return {
    async findMessage(id: string): Promise<ChatMessageRow | undefined> {
      return db.selectFrom('chat_messages').select(MESSAGE_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /** The media row of a chat line's photo, when `mediaId` is one of its photos. */
    async imageOf(messageId: string, mediaId: string) {
      return db
        .selectFrom('chat_message_images')
        .innerJoin('media', 'media.id', 'chat_message_images.media_id')
        .selectAll('media')
        .where('chat_message_images.chat_message_id', '=', messageId)
        .where('chat_message_images.media_id', '=', mediaId)
        .executeTakeFirst();
    },

    async messageView(row: ChatMessageRow): Promise<ChatMessage | undefined> {
      return (await messagesWithSenders([row]))[0];
    },

    /** One page of a room, newest first; total is how many messages the room holds. */
    async messagePage(
      room: ChatRoomRow,
      { limit, offset }: { limit: number; offset: number },
    ): Promise<{ items: ChatMessage[]; total: number }> {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('chat_messages')
          .select(MESSAGE_COLUMNS)
          .where('chat_room_id', '=', room.id)
          .orderBy('seq', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        countRows(db.selectFrom('chat_messages').where('chat_room_id', '=', room.id)),
      ]);
      return { items: await messagesWithSenders(rows), total };
    },

    /**
     * Posts a message: the room's next number, its last message and activity, the others' unread
     * counts (not of those blocked either way with the sender) and everyone's activity time, in
     * one transaction. The room row is updated first, so
     * one room's messages are written one at a time. Nothing is written when the id exists
     * (`replayed`) or the sender is no longer a participant.
     */
    async insertMessage(input: {
      id: string;
      roomId: string;
      senderId: string;
      content: string;
      now: string;
      /** The line's photos in order, just stored. */
      images?: ImageRef[];
    }): Promise<NewMessageResult> {
      try {
        const message = await db.transaction().execute(async (trx) => {
          const room = await trx
            .updateTable('chat_rooms')
            .set((eb) => ({
              seq: eb('seq', '+', 1),
              last_message_id: input.id,
              updated_at: input.now,
            }))
            .where('id', '=', input.roomId)
            .returning('seq')
            .executeTakeFirst();
          if (!room) throw new Rollback('no-room');
          const sender = await trx
            .updateTable('chat_room_participants')
            .set({ activity_at: input.now })
            .where('chat_room_id', '=', input.roomId)
            .where('member_id', '=', input.senderId)
            .executeTakeFirst();
          if (Number(sender.numUpdatedRows) === 0) throw new Rollback('not-participant');
          const row: ChatMessageRow = {
            id: input.id,
            chat_room_id: input.roomId,
            seq: Number(room.seq),
            sender_id: input.senderId,
            content: input.content,
            created_at: input.now,
          };
          const inserted = await trx
            .insertInto('chat_messages')
            .values(row)
            .onConflict((oc) => oc.column('id').doNothing())
            .executeTakeFirst();
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new Rollback('replayed');
          // A line of a member blocked either way reads collapsed: it is not counted unread
          // (docs/SPEC-NOTES.md "Trust").
          const blocked = sql<number>`case when ${sql.ref('member_id')} in (${trx
            .selectFrom('member_blocks')
            .select('blocked_id')
            .where('blocker_id', '=', input.senderId)}) or ${sql.ref('member_id')} in (${trx
            .selectFrom('member_blocks')
            .select('blocker_id')
            .where('blocked_id', '=', input.senderId)}) then 0 else 1 end`;
          const images = input.images ?? [];
          if (images.length > 0)
            await trx
              .insertInto('chat_message_images')
              .values(
                images.map((image, position) => ({
                  chat_message_id: input.id,
                  media_id: image.id,
                  position,
                  width: image.width,
                  height: image.height,
                })),
              )
              .execute();
          const others = await trx
            .updateTable('chat_room_participants')
            .set((eb) => ({ unread_count: eb('unread_count', '+', blocked), activity_at: input.now }))
            .where('chat_room_id', '=', input.roomId)
            .where('member_id', '!=', input.senderId)
            .returning('member_id')
            .execute();
          return { row, participantIds: [input.senderId, ...others.map((o) => o.member_id)] };
        });
        return { status: 'created', message: message.row, participantIds: message.participantIds };
      } catch (err) {
        if (err instanceof Rollback && err.reason !== 'replayed-group') return { status: err.reason };
        throw err;
      }
    },
  };
}
