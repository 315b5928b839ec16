import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Links to outside providers, and the server-side state of sign-ins in progress. */
export function createIdentitiesRepository(db: Kysely<Database>) {
  return {
    async findUserId(provider: string, subject: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('external_identities')
        .select('user_id')
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row?.user_id;
    },

    async link(provider: string, subject: string, userId: string): Promise<void> {
      await db
        .insertInto('external_identities')
        .values({ provider, subject, user_id: userId, created_at: new Date().toISOString() })
        .execute();
    },

    async saveLoginState(s: {
      state: string;
      provider: string;
      codeVerifier: string;
      nonce: string;
      expiresAt: string;
    }) {
      const now = new Date().toISOString();
      // Stale states of abandoned sign-ins go as new ones arrive.
      await db.deleteFrom('oidc_login_states').where('expires_at', '<=', now).execute();
      await db
        .insertInto('oidc_login_states')
        .values({
          state: s.state,
          provider: s.provider,
          code_verifier: s.codeVerifier,
          nonce: s.nonce,
          created_at: now,
          expires_at: s.expiresAt,
        })
        .execute();
    },

    /** Single use: the row is deleted as it is read; an expired one answers undefined. */
    async takeLoginState(state: string) {
      const row = await db
        .deleteFrom('oidc_login_states')
        .where('state', '=', state)
        .returning(['provider', 'code_verifier', 'nonce', 'expires_at'])
        .executeTakeFirst();
      if (!row || row.expires_at <= new Date().toISOString()) return undefined;
      return { provider: row.provider, codeVerifier: row.code_verifier, nonce: row.nonce };
    },
  };
}

export type IdentitiesRepository = ReturnType<typeof createIdentitiesRepository>;
