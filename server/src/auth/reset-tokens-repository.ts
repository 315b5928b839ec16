import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Password-reset tokens, stored as SHA-256 hashes, single use. */
export function createResetTokensRepository(db: Kysely<Database>) {
  return {
    async insert(t: { tokenHash: string; userId: string; expiresAt: string }): Promise<void> {
      await db
        .insertInto('password_reset_tokens')
        .values({
          token_hash: t.tokenHash,
          user_id: t.userId,
          created_at: new Date().toISOString(),
          expires_at: t.expiresAt,
          used_at: null,
        })
        .execute();
    },

    /** Unused and not expired. */
    async isValid(tokenHash: string): Promise<boolean> {
      const row = await db
        .selectFrom('password_reset_tokens')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date().toISOString())
        .executeTakeFirst();
      return !!row;
    },

    /**
     * Spends a valid token in one conditional update, so two resets racing with one token cannot
     * both pass; answers its member, or undefined.
     */
    async consume(tokenHash: string, trx: Kysely<Database> = db): Promise<string | undefined> {
      const now = new Date().toISOString();
      const row = await trx
        .updateTable('password_reset_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id;
    },

    /** After a reset, every other link sent to the member stops working too. */
    async spendAllForUser(userId: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .updateTable('password_reset_tokens')
        .set({ used_at: new Date().toISOString() })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}

export type ResetTokensRepository = ReturnType<typeof createResetTokensRepository>;
