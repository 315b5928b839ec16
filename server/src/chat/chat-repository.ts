// Chat groups, rooms, participants and messages: the only code that touches their tables. Who may
// do what is the service's call (server/src/chat/chat-service.ts); this file keeps the tables and
// their counters consistent, one transaction per change.
import type { Kysely, Transaction } from 'kysely';
import type { ChatGroup, ChatMember, ChatMessage, ChatRoom } from '../../../src/contract/chat';
import type { Database } from '../db/schema';
import type { ChatGroupRow, ChatMessageRow, ChatRoomRow } from './chat-tables';
import './chat-tables';

/** The key of the direct room of two members: the same whichever writes first. */
export const directKey = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** Thrown inside a transaction to roll it back and tell the caller why. */
class Rollback extends Error {
  constructor(readonly reason: 'replayed' | 'not-participant' | 'no-room' | 'replayed-group') {
    super(reason);
  }
}

const MESSAGE_COLUMNS = ['id', 'chat_room_id', 'seq', 'sender_id', 'content', 'created_at'] as const;

export interface NewGroup {
  id: string;
  ownerId: string;
  name: string;
  description: string;
  /** Members besides the owner. */
  memberIds: string[];
  roomId: string;
  now: string;
}

export interface GroupChange {
  name?: string;
  description?: string;
  add: string[];
  remove: string[];
  now: string;
}

export type NewMessageResult =
  | { status: 'created'; message: ChatMessageRow; participantIds: string[] }
  | { status: 'replayed' | 'not-participant' | 'no-room' };

export function chatRepository(db: Kysely<Database>) {
  /** Each member's public name and avatar, read once per distinct member. */
  async function members(ids: Iterable<string>): Promise<Map<string, ChatMember>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await db
      .selectFrom('users')
      .select(['id', 'username', 'first_name', 'last_name', 'avatar'])
      .where('id', 'in', unique)
      .execute();
    return new Map(
      rows.map((u) => [
        u.id,
        { id: u.id, username: u.username, firstName: u.first_name, lastName: u.last_name, avatar: u.avatar },
      ]),
    );
  }

  function toMessage(row: ChatMessageRow, people: Map<string, ChatMember>): ChatMessage | null {
    const sender = people.get(row.sender_id);
    // Members are never deleted without their messages (the foreign key cascades).
    if (!sender) return null;
    return {
      id: row.id,
      chatRoomId: row.chat_room_id,
      sender,
      content: row.content,
      createdAt: row.created_at,
    };
  }

  async function messagesWithSenders(rows: ChatMessageRow[]): Promise<ChatMessage[]> {
    const people = await members(rows.map((r) => r.sender_id));
    return rows.flatMap((row) => {
      const message = toMessage(row, people);
      return message ? [message] : [];
    });
  }

  /** Rooms as one member sees them: participants, last message, their unread count. */
  async function roomViews(
    rows: {
      id: string;
      chat_group_id: string | null;
      name: string | null;
      last_message_id: string | null;
      created_at: string;
      updated_at: string;
      unread_count: number;
    }[],
  ): Promise<ChatRoom[]> {
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
    const people = await members([
      ...participantRows.map((p) => p.member_id),
      ...lastRows.map((m) => m.sender_id),
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
        lastMessage: last ? toMessage(last, people) : null,
        unreadCount: Number(r.unread_count),
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      };
    });
  }

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
      ]);

  /** Groups with their owner, members (besides the owner) and room. */
  async function groupViews(rows: (ChatGroupRow & { room_id: string })[], withMembers: boolean) {
    if (rows.length === 0) return [];
    const memberRows = await db
      .selectFrom('chat_group_members')
      .select(['chat_group_id', 'member_id'])
      .where(
        'chat_group_id',
        'in',
        rows.map((g) => g.id),
      )
      .orderBy('joined_at')
      .orderBy('member_id')
      .execute();
    const people = await members([...rows.map((g) => g.owner_id), ...memberRows.map((m) => m.member_id)]);
    const byGroup = new Map<string, string[]>();
    for (const m of memberRows) {
      const list = byGroup.get(m.chat_group_id) ?? [];
      list.push(m.member_id);
      byGroup.set(m.chat_group_id, list);
    }
    return rows.flatMap((g): ChatGroup[] => {
      const owner = people.get(g.owner_id);
      if (!owner) return [];
      const ids = byGroup.get(g.id) ?? [];
      const others = ids.filter((id) => id !== g.owner_id).flatMap((id) => people.get(id) ?? []);
      return [
        {
          id: g.id,
          name: g.name,
          description: g.description,
          owner,
          ...(withMembers ? { members: others } : {}),
          memberCount: ids.length,
          chatRoomId: g.room_id,
          createdAt: g.created_at,
          updatedAt: g.updated_at,
        },
      ];
    });
  }

  const groupQuery = () =>
    db
      .selectFrom('chat_groups as g')
      .innerJoin('chat_rooms as r', 'r.chat_group_id', 'g.id')
      .select([
        'g.id',
        'g.owner_id',
        'g.name',
        'g.description',
        'g.created_at',
        'g.updated_at',
        'r.id as room_id',
      ]);

  /** Adds members to a group and to its room (already there: unchanged). */
  async function addMembers(
    trx: Transaction<Database>,
    groupId: string,
    roomId: string,
    ids: string[],
    now: string,
  ) {
    if (ids.length === 0) return;
    const room = await trx
      .selectFrom('chat_rooms')
      .select('updated_at')
      .where('id', '=', roomId)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('chat_group_members')
      .values(ids.map((member_id) => ({ chat_group_id: groupId, member_id, joined_at: now })))
      .onConflict((oc) => oc.columns(['chat_group_id', 'member_id']).doNothing())
      .execute();
    await trx
      .insertInto('chat_room_participants')
      .values(
        ids.map((member_id) => ({
          chat_room_id: roomId,
          member_id,
          unread_count: 0,
          last_read_at: now,
          activity_at: room.updated_at,
          joined_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['chat_room_id', 'member_id']).doNothing())
      .execute();
  }

  async function removeMembers(trx: Transaction<Database>, groupId: string, roomId: string, ids: string[]) {
    if (ids.length === 0) return;
    await trx
      .deleteFrom('chat_group_members')
      .where('chat_group_id', '=', groupId)
      .where('member_id', 'in', ids)
      .execute();
    await trx
      .deleteFrom('chat_room_participants')
      .where('chat_room_id', '=', roomId)
      .where('member_id', 'in', ids)
      .execute();
  }

  return {
    members,

    // ---------- groups ----------

    async findGroup(id: string): Promise<(ChatGroupRow & { room_id: string }) | undefined> {
      return groupQuery().where('g.id', '=', id).executeTakeFirst();
    },

    async isGroupMember(groupId: string, memberId: string): Promise<boolean> {
      const row = await db
        .selectFrom('chat_group_members')
        .select('member_id')
        .where('chat_group_id', '=', groupId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Everyone in the group, the owner too. */
    async groupMemberIds(groupId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('chat_group_members')
        .select('member_id')
        .where('chat_group_id', '=', groupId)
        .execute();
      return rows.map((r) => r.member_id);
    },

    async groupView(id: string): Promise<ChatGroup | undefined> {
      const row = await groupQuery().where('g.id', '=', id).executeTakeFirst();
      return row ? (await groupViews([row], true))[0] : undefined;
    },

    /** The groups a member is in, newest room activity first. */
    async groupPage(
      memberId: string,
      { limit, offset, withMembers }: { limit: number; offset: number; withMembers: boolean },
    ): Promise<{ items: ChatGroup[]; total: number }> {
      const [rows, count] = await Promise.all([
        groupQuery()
          .innerJoin('chat_group_members as gm', 'gm.chat_group_id', 'g.id')
          .where('gm.member_id', '=', memberId)
          .orderBy('r.updated_at', 'desc')
          .orderBy('g.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('chat_group_members')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('member_id', '=', memberId)
          .executeTakeFirstOrThrow(),
      ]);
      return { items: await groupViews(rows, withMembers), total: Number(count.n) };
    },

    /** Creates the group, its room and their members in one transaction; false if the id exists. */
    async createGroup(group: NewGroup): Promise<boolean> {
      try {
        await db.transaction().execute(async (trx) => {
          const result = await trx
            .insertInto('chat_groups')
            .values({
              id: group.id,
              owner_id: group.ownerId,
              name: group.name,
              description: group.description,
              created_at: group.now,
              updated_at: group.now,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .executeTakeFirst();
          if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) throw new Rollback('replayed-group');
          await trx
            .insertInto('chat_rooms')
            .values({
              id: group.roomId,
              chat_group_id: group.id,
              direct_key: null,
              seq: 0,
              last_message_id: null,
              created_at: group.now,
              updated_at: group.now,
            })
            .execute();
          await addMembers(trx, group.id, group.roomId, [group.ownerId, ...group.memberIds], group.now);
        });
        return true;
      } catch (err) {
        if (err instanceof Rollback) return false;
        throw err;
      }
    },

    /** Renames, describes, adds and removes members, in one transaction. */
    async updateGroup(groupId: string, roomId: string, change: GroupChange): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('chat_groups')
          .set({
            ...(change.name !== undefined ? { name: change.name } : {}),
            ...(change.description !== undefined ? { description: change.description } : {}),
            updated_at: change.now,
          })
          .where('id', '=', groupId)
          .execute();
        await removeMembers(trx, groupId, roomId, change.remove);
        await addMembers(trx, groupId, roomId, change.add, change.now);
      });
    },

    /** One member leaves (or is removed from) a group and its room. True when they were in it. */
    async leaveGroup(groupId: string, roomId: string, memberId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('chat_group_members')
          .where('chat_group_id', '=', groupId)
          .where('member_id', '=', memberId)
          .executeTakeFirst();
        await trx
          .deleteFrom('chat_room_participants')
          .where('chat_room_id', '=', roomId)
          .where('member_id', '=', memberId)
          .execute();
        return Number(result.numDeletedRows) > 0;
      });
    },

    /** Deletes the group; its room, participants and messages go with it (foreign keys cascade). */
    async deleteGroup(groupId: string): Promise<void> {
      await db.deleteFrom('chat_groups').where('id', '=', groupId).execute();
    },

    // ---------- rooms ----------

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

    async isParticipant(roomId: string, memberId: string): Promise<boolean> {
      const row = await db
        .selectFrom('chat_room_participants')
        .select('member_id')
        .where('chat_room_id', '=', roomId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async participantIds(roomId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('chat_room_participants')
        .select('member_id')
        .where('chat_room_id', '=', roomId)
        .execute();
      return rows.map((r) => r.member_id);
    },

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

    // ---------- messages ----------

    async findMessage(id: string): Promise<ChatMessageRow | undefined> {
      return db.selectFrom('chat_messages').select(MESSAGE_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    async messageView(row: ChatMessageRow): Promise<ChatMessage | undefined> {
      return (await messagesWithSenders([row]))[0];
    },

    /** One page of a room, newest first; total is how many messages the room holds. */
    async messagePage(
      room: ChatRoomRow,
      { limit, offset }: { limit: number; offset: number },
    ): Promise<{ items: ChatMessage[]; total: number }> {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('chat_messages')
          .select(MESSAGE_COLUMNS)
          .where('chat_room_id', '=', room.id)
          .orderBy('seq', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('chat_messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('chat_room_id', '=', room.id)
          .executeTakeFirstOrThrow(),
      ]);
      return { items: await messagesWithSenders(rows), total: Number(count.n) };
    },

    /**
     * Posts a message: the room's next number, its last message and activity, the others' unread
     * counts and everyone's activity time, in one transaction. The room row is updated first, so
     * one room's messages are written one at a time. Nothing is written when the id exists
     * (`replayed`) or the sender is no longer a participant.
     */
    async insertMessage(input: {
      id: string;
      roomId: string;
      senderId: string;
      content: string;
      now: string;
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
          const others = await trx
            .updateTable('chat_room_participants')
            .set((eb) => ({ unread_count: eb('unread_count', '+', 1), activity_at: input.now }))
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

export type ChatRepository = ReturnType<typeof chatRepository>;
