// The trust look-ups other features ask (read-only, primary-key or index look-ups): whether two
// members blocked one another, whom a member muted, whether a member is suspended.
import { sql, type Kysely } from 'kysely';
import { TRUST_ERROR_CODES } from '../../../src/contract/trust';
import type { Database } from '../db/schema';
import { AppError } from '../http/errors';
import { columnValues, hasRow } from '../db/paging';
import './trust-tables';

/** Whether either member blocked the other. */
export async function blockedEitherWay(db: Kysely<Database>, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  return hasRow(
    db
      .selectFrom('member_blocks')
      .where((eb) =>
        eb.or([
          eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
          eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
        ]),
      ),
  );
}

/** Whether `blocker` blocked `blocked`. */
export async function hasBlocked(db: Kysely<Database>, blocker: string, blocked: string): Promise<boolean> {
  return hasRow(
    db.selectFrom('member_blocks').where('blocker_id', '=', blocker).where('blocked_id', '=', blocked),
  );
}

/** Everyone `memberId` blocked or was blocked by: their things are hidden from `memberId`. */
export async function blockedIdsOf(db: Kysely<Database>, memberId: string): Promise<Set<string>> {
  const [mine, theirs] = await Promise.all([
    columnValues(
      db.selectFrom('member_blocks').select('blocked_id').where('blocker_id', '=', memberId),
      'blocked_id',
    ),
    columnValues(
      db.selectFrom('member_blocks').select('blocker_id').where('blocked_id', '=', memberId),
      'blocker_id',
    ),
  ]);
  return new Set([...mine, ...theirs]);
}

/** Whether `muter` muted `muted`. */
export async function hasMuted(db: Kysely<Database>, muter: string, muted: string): Promise<boolean> {
  return hasRow(db.selectFrom('member_mutes').where('muter_id', '=', muter).where('muted_id', '=', muted));
}

/** When the member's suspension ends, if it has not ended by `now`; else null. */
export async function suspendedUntil(
  db: Kysely<Database>,
  memberId: string,
  now: Date = new Date(),
): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select(sql<string | null>`suspended_until`.as('until'))
    .where('id', '=', memberId)
    .executeTakeFirst();
  const until = row?.until ?? null;
  return until && until > now.toISOString() ? until : null;
}

/** 403 MEMBER_SUSPENDED while the member is suspended (they cannot post, comment, message or chat). */
export async function assertNotSuspended(db: Kysely<Database>, memberId: string, now?: Date): Promise<void> {
  const until = await suspendedUntil(db, memberId, now);
  if (until)
    throw new AppError(
      403,
      TRUST_ERROR_CODES.suspended,
      `Your account is suspended by the moderators until ${until}.`,
    );
}
