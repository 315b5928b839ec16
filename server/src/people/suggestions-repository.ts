// Candidates for friend suggestions, from three sources: friends of my friends, members of my city,
// owners of cars of the makes I own. Each source leaves out me, my friends, anyone with a pending
// request either way, anyone who declined me or whom I declined (no pestering), and anyone I
// blocked or who blocked me (docs/SPEC-NOTES.md "Trust": each vanishes for the other).
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import './people-db';
import '../trust/trust-tables';
import { columnValues } from '../db/paging';

/** Rows read per source; the service ranks and keeps the best few. */
export const CANDIDATES_PER_SOURCE = 500;

export function suggestionsRepository(db: Kysely<Database>) {
  /** `column` names a member who may be suggested to `memberId`. */
  const eligible = (memberId: string, column: string) => {
    const ref = sql.ref(column);
    const closed = ['pending', 'declined'] as const;
    const friends = db
      .selectFrom('friendships')
      .select('friendships.friend_id')
      .where('friendships.member_id', '=', memberId);
    const asked = db
      .selectFrom('friend_requests')
      .select('friend_requests.recipient_id')
      .where('friend_requests.sender_id', '=', memberId)
      .where('friend_requests.status', 'in', closed);
    const askedBy = db
      .selectFrom('friend_requests')
      .select('friend_requests.sender_id')
      .where('friend_requests.recipient_id', '=', memberId)
      .where('friend_requests.status', 'in', closed);
    const blocked = db
      .selectFrom('member_blocks')
      .select('member_blocks.blocked_id')
      .where('member_blocks.blocker_id', '=', memberId);
    const blockedBy = db
      .selectFrom('member_blocks')
      .select('member_blocks.blocker_id')
      .where('member_blocks.blocked_id', '=', memberId);
    return sql<SqlBool>`${ref} <> ${memberId} and ${ref} not in (${friends}) and ${ref} not in (${asked}) and ${ref} not in (${askedBy}) and ${ref} not in (${blocked}) and ${ref} not in (${blockedBy})`;
  };

  return {
    /** Friends of my friends, with how many friends we share, most first. */
    async mutualFriends(memberId: string): Promise<{ id: string; mutual: number }[]> {
      const rows = await db
        .selectFrom('friendships as mine')
        .innerJoin('friendships as theirs', 'theirs.member_id', 'mine.friend_id')
        .select((eb) => ['theirs.friend_id as id', eb.fn.countAll<number>().as('mutual')])
        .where('mine.member_id', '=', memberId)
        .where(eligible(memberId, 'theirs.friend_id'))
        .groupBy('theirs.friend_id')
        .orderBy('mutual', 'desc')
        .orderBy('theirs.friend_id')
        .limit(CANDIDATES_PER_SOURCE)
        .execute();
      return rows.map((r) => ({ id: r.id, mutual: Number(r.mutual) }));
    },

    /** Members whose city is mine, ignoring case and surrounding spaces. */
    async sameCity(memberId: string, city: string): Promise<string[]> {
      return columnValues(
        db
          .selectFrom('users')
          .select('users.id')
          .where(sql<boolean>`lower(trim(${sql.ref('users.city')})) = lower(trim(${city}))`)
          .where(eligible(memberId, 'users.id'))
          .orderBy('users.created_at', 'desc')
          .orderBy('users.id')
          .limit(CANDIDATES_PER_SOURCE),
        'id',
      );
    },

    /** Owners of cars whose make (ignoring case and spaces) is one of my cars' makes. */
    async sharedMakes(memberId: string): Promise<{ id: string; make: string }[]> {
      const folded = sql<string>`lower(trim(${sql.ref('cars.make')}))`;
      const rows = await db
        .selectFrom('cars')
        .select((eb) => ['cars.owner_id as id', eb.fn.min('cars.make').as('make')])
        .where(
          sql<boolean>`${folded} in (${db
            .selectFrom('cars as my_cars')
            .select(sql<string>`lower(trim(${sql.ref('my_cars.make')}))`.as('make'))
            .where('my_cars.owner_id', '=', memberId)})`,
        )
        .where(eligible(memberId, 'cars.owner_id'))
        .groupBy(['cars.owner_id', folded])
        .orderBy('cars.owner_id')
        .limit(CANDIDATES_PER_SOURCE)
        .execute();
      return rows.map((r) => ({ id: r.id, make: r.make }));
    },
  };
}

export type SuggestionsRepository = ReturnType<typeof suggestionsRepository>;
