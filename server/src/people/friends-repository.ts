// Friendships and friend requests: the only code that touches their tables.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { foldText } from '../db/fold-text';
import type { Database } from '../db/schema';
import { escapeLike, inNameOrder, LIKE_ESCAPE, type UserRow } from './people-repository';
import { countRows, newestFirstPage } from '../db/paging';
import { pairKey, type FriendRequestRow, type FriendRequestStatusValue } from './people-db';

export type { FriendRequestRow };

/** What I am to each of some members: friends, or one side of a pending request. */
export interface Relation {
  friends: boolean;
  pending: FriendRequestRow | null;
}

export function friendsRepository(db: Kysely<Database>) {
  return {
    async relations(memberId: string, otherIds: string[]): Promise<Map<string, Relation>> {
      const map = new Map<string, Relation>(otherIds.map((id) => [id, { friends: false, pending: null }]));
      if (otherIds.length === 0) return map;
      const [friends, pending] = await Promise.all([
        db
          .selectFrom('friendships')
          .select('friend_id')
          .where('member_id', '=', memberId)
          .where('friend_id', 'in', otherIds)
          .execute(),
        db
          .selectFrom('friend_requests')
          .selectAll()
          .where('status', '=', 'pending')
          .where((eb) =>
            eb.or([
              eb.and([eb('sender_id', '=', memberId), eb('recipient_id', 'in', otherIds)]),
              eb.and([eb('recipient_id', '=', memberId), eb('sender_id', 'in', otherIds)]),
            ]),
          )
          .execute(),
      ]);
      for (const f of friends) map.get(f.friend_id)!.friends = true;
      for (const r of pending) {
        const other = r.sender_id === memberId ? r.recipient_id : r.sender_id;
        map.get(other)!.pending = r;
      }
      return map;
    },

    /**
     * My friends, by first name then last name (case-insensitive), with when we became friends.
     * With `search`, only those whose username or full name ("first last", so either name too)
     * holds it, ignoring case and accents (fold_text, server/src/db/fold-text.ts).
     */
    async listFriends(
      memberId: string,
      limit: number,
      offset: number,
      search?: string,
    ): Promise<{ rows: (UserRow & { friends_since: string })[]; total: number }> {
      let base = db
        .selectFrom('friendships')
        .innerJoin('users', 'users.id', 'friendships.friend_id')
        .where('friendships.member_id', '=', memberId);
      if (search) {
        // The text is folded here as fold_text folds the columns; %, _ and ! are data, not
        // wildcards. ESCAPE is spelled the same in SQLite and PostgreSQL; the pattern is bound.
        const pattern = `%${escapeLike(foldText(search))}%`;
        const like = (expression: RawBuilder<unknown>) =>
          sql<SqlBool>`fold_text(${expression}) like ${pattern} escape ${sql.lit(LIKE_ESCAPE)}`;
        base = base.where(
          () =>
            sql<SqlBool>`(${like(sql`${sql.ref('users.first_name')} || ' ' || ${sql.ref('users.last_name')}`)} or ${like(sql.ref('users.username'))})`,
        );
      }
      const [rows, count] = await Promise.all([
        inNameOrder(base.selectAll('users').select('friendships.created_at as friends_since'), 'users')
          .limit(limit)
          .offset(offset)
          .execute(),
        countRows(base),
      ]);
      return { rows, total: count };
    },

    findRequest: (id: string) =>
      db.selectFrom('friend_requests').selectAll().where('id', '=', id).executeTakeFirst(),

    pendingBetween: (a: string, b: string) =>
      db
        .selectFrom('friend_requests')
        .selectAll()
        .where('pair_key', '=', pairKey(a, b))
        .where('status', '=', 'pending')
        .executeTakeFirst(),

    /** Throws a unique violation when the id is taken or the pair already has a pending request. */
    async insertRequest(row: FriendRequestRow): Promise<void> {
      await db.insertInto('friend_requests').values(row).execute();
    },

    /** Pending requests sent to me (`incoming`) or by me (`outgoing`), newest first. */
    async listPending(
      memberId: string,
      direction: 'incoming' | 'outgoing',
      limit: number,
      offset: number,
    ): Promise<{ rows: FriendRequestRow[]; total: number }> {
      const column = direction === 'incoming' ? 'recipient_id' : 'sender_id';
      const base = db
        .selectFrom('friend_requests')
        .where(column, '=', memberId)
        .where('status', '=', 'pending');
      return newestFirstPage(base, limit, offset);
    },

    /**
     * Accepts a pending request and makes the two members friends, in one transaction. False when
     * the request was no longer pending (someone else answered or cancelled it first).
     */
    async accept(request: FriendRequestRow, at: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('friend_requests')
          .set({ status: 'accepted', responded_at: at })
          .where('id', '=', request.id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('friendships')
          .values([
            { member_id: request.sender_id, friend_id: request.recipient_id, created_at: at },
            { member_id: request.recipient_id, friend_id: request.sender_id, created_at: at },
          ])
          .onConflict((oc) => oc.columns(['member_id', 'friend_id']).doNothing())
          .execute();
        return true;
      });
    },

    /** Moves a pending request to `status`; false when it was no longer pending. */
    async close(id: string, status: Exclude<FriendRequestStatusValue, 'pending' | 'accepted'>, at: string) {
      const result = await db
        .updateTable('friend_requests')
        .set({ status, responded_at: at })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Ends a friendship, both directions. False when there was none. */
    async removeFriendship(a: string, b: string): Promise<boolean> {
      const result = await db
        .deleteFrom('friendships')
        .where((eb) =>
          eb.or([
            eb.and([eb('member_id', '=', a), eb('friend_id', '=', b)]),
            eb.and([eb('member_id', '=', b), eb('friend_id', '=', a)]),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type FriendsRepository = ReturnType<typeof friendsRepository>;
