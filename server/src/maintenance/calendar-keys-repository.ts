import type { Kysely } from 'kysely';
import { insertIfNew } from '../db/insert-if-new';
import type { Database } from '../db/schema';
import './calendar-tables';

export interface StoredCalendarKey {
  memberId: string;
  keyHash: string;
  nonce: string;
}

export function calendarKeysRepository(db: Kysely<Database>) {
  /** The key whose column (the member, or the hash a calendar URL carries) holds `value`. */
  async function findBy(
    column: 'member_id' | 'key_hash',
    value: string,
  ): Promise<StoredCalendarKey | undefined> {
    const row = await db
      .selectFrom('calendar_keys')
      .select(['member_id', 'key_hash', 'nonce'])
      .where(column, '=', value)
      .executeTakeFirst();
    return row && { memberId: row.member_id, keyHash: row.key_hash, nonce: row.nonce };
  }

  return {
    findByMember: (memberId: string) => findBy('member_id', memberId),

    findByHash: (keyHash: string) => findBy('key_hash', keyHash),

    /** Writes the member's key, replacing the one before (which stops working at once). */
    async put(key: StoredCalendarKey, now: string): Promise<void> {
      await db
        .insertInto('calendar_keys')
        .values({ member_id: key.memberId, key_hash: key.keyHash, nonce: key.nonce, created_at: now })
        .onConflict((oc) =>
          oc.column('member_id').doUpdateSet({ key_hash: key.keyHash, nonce: key.nonce, created_at: now }),
        )
        .execute();
    },

    /** Writes the member's first key unless one exists already (two first reads at once). */
    async putIfNone(key: StoredCalendarKey, now: string): Promise<void> {
      await insertIfNew(
        db
          .insertInto('calendar_keys')
          .values({ member_id: key.memberId, key_hash: key.keyHash, nonce: key.nonce, created_at: now }),
        'member_id',
      );
    },
  };
}

export type CalendarKeysRepository = ReturnType<typeof calendarKeysRepository>;
