// Friendship checks for other features (read-only look-ups of the friendships table): messages go
// only to friends, friends read a member's cars (docs/SECURITY-CHECKS.md "Access to members'
// things"). Both are primary-key look-ups.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import './people-db';
import { hasRow, columnValues } from '../db/paging';

/** Whether `a` and `b` are friends. A member is not their own friend. */
export async function areFriends(db: Kysely<Database>, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  return hasRow(db.selectFrom('friendships').where('member_id', '=', a).where('friend_id', '=', b));
}

/** The user ids of every friend of `memberId`, in no particular order. */
export async function friendIdsOf(db: Kysely<Database>, memberId: string): Promise<string[]> {
  return columnValues(
    db.selectFrom('friendships').select('friend_id').where('member_id', '=', memberId),
    'friend_id',
  );
}
