// Chat groups and their members (a group's room follows its membership): one transaction per change.
import type { Kysely, Transaction } from 'kysely';
import type { ChatGroup } from '../../../src/contract/chat';
import type { Database } from '../db/schema';
import type { ChatGroupRow } from './chat-tables';
import { Rollback, type ChatViews } from './chat-views-repository';
import { columnValues, countRows } from '../db/paging';
import { chatMemberList } from './chat-member-lists-repository';

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

export function chatGroupsRepository(db: Kysely<Database>, { members }: ChatViews) {
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

  /** Members leave a group and its room; how many of them were in the group. */
  async function removeMembers(trx: Transaction<Database>, groupId: string, roomId: string, ids: string[]) {
    if (ids.length === 0) return 0;
    const result = await trx
      .deleteFrom('chat_group_members')
      .where('chat_group_id', '=', groupId)
      .where('member_id', 'in', ids)
      .executeTakeFirst();
    await trx
      .deleteFrom('chat_room_participants')
      .where('chat_room_id', '=', roomId)
      .where('member_id', 'in', ids)
      .execute();
    return Number(result.numDeletedRows);
  }

  const groupMembers = chatMemberList(db, 'group');
  return {
    async findGroup(id: string): Promise<(ChatGroupRow & { room_id: string }) | undefined> {
      return groupQuery().where('g.id', '=', id).executeTakeFirst();
    },

    isGroupMember: groupMembers.has,
    /** Everyone in the group, the owner too. */
    groupMemberIds: groupMembers.memberIds,

    async groupView(id: string): Promise<ChatGroup | undefined> {
      const row = await groupQuery().where('g.id', '=', id).executeTakeFirst();
      return row ? (await groupViews([row], true))[0] : undefined;
    },

    /** The groups a member is in, newest room activity first. */
    async groupPage(
      memberId: string,
      { limit, offset, withMembers }: { limit: number; offset: number; withMembers: boolean },
    ): Promise<{ items: ChatGroup[]; total: number }> {
      const [rows, total] = await Promise.all([
        groupQuery()
          .innerJoin('chat_group_members as gm', 'gm.chat_group_id', 'g.id')
          .where('gm.member_id', '=', memberId)
          .orderBy('r.updated_at', 'desc')
          .orderBy('g.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        countRows(db.selectFrom('chat_group_members').where('member_id', '=', memberId)),
      ]);
      return { items: await groupViews(rows, withMembers), total };
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
      return db
        .transaction()
        .execute(async (trx) => (await removeMembers(trx, groupId, roomId, [memberId])) > 0);
    },

    /**
     * Deletes the group; its room, participants and messages go with it (foreign keys cascade), and
     * the media rows of its lines' photos. Answers their storage keys, to remove once committed.
     */
    async deleteGroup(groupId: string): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const photos = await columnValues(
          trx
            .selectFrom('chat_message_images as i')
            .innerJoin('chat_messages as m', 'm.id', 'i.chat_message_id')
            .innerJoin('chat_rooms as r', 'r.id', 'm.chat_room_id')
            .select('i.media_id')
            .where('r.chat_group_id', '=', groupId),
          'media_id',
        );
        await trx.deleteFrom('chat_groups').where('id', '=', groupId).execute();
        if (photos.length === 0) return [];
        const gone = await trx
          .deleteFrom('media')
          .where('id', 'in', photos)
          .returning('storage_key')
          .execute();
        return gone.map((m) => m.storage_key);
      });
    },
  };
}
