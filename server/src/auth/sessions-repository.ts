import type { Kysely } from 'kysely';
import { readRows, withValues } from '../db/fast-read';
import type { Database } from '../db/schema';

export interface RefreshTokenState {
  sessionId: string;
  userId: string;
  tokenExpiresAt: string;
  usedAt: string | null;
  sessionExpiresAt: string;
  sessionRevokedAt: string | null;
}

/** Sessions (refresh-token families) and their refresh tokens, stored as SHA-256 hashes. */
export function createSessionsRepository(db: Kysely<Database>) {
  // The session check behind every signed-in request: built and compiled once, each
  // call binds its own values (session id, member id, now, in that order).
  const liveSession = db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id as sessionId', 'u.id as userId'])
    .where('s.id', '=', '')
    .where('s.user_id', '=', '')
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', '')
    .compile();
  if (liveSession.parameters.length !== 3) throw new Error('The session check binds three values');

  return {
    async createSession(s: { id: string; userId: string; expiresAt: string }, trx: Kysely<Database> = db) {
      await trx
        .insertInto('sessions')
        .values({
          id: s.id,
          user_id: s.userId,
          created_at: new Date().toISOString(),
          expires_at: s.expiresAt,
          revoked_at: null,
        })
        .execute();
    },

    async addRefreshToken(
      t: { tokenHash: string; sessionId: string; expiresAt: string },
      trx: Kysely<Database> = db,
    ) {
      await trx
        .insertInto('refresh_tokens')
        .values({
          token_hash: t.tokenHash,
          session_id: t.sessionId,
          created_at: new Date().toISOString(),
          expires_at: t.expiresAt,
          used_at: null,
        })
        .execute();
    },

    findRefreshToken: (tokenHash: string): Promise<RefreshTokenState | undefined> =>
      db
        .selectFrom('refresh_tokens as t')
        .innerJoin('sessions as s', 's.id', 't.session_id')
        .select([
          's.id as sessionId',
          's.user_id as userId',
          't.expires_at as tokenExpiresAt',
          't.used_at as usedAt',
          's.expires_at as sessionExpiresAt',
          's.revoked_at as sessionRevokedAt',
        ])
        .where('t.token_hash', '=', tokenHash)
        .executeTakeFirst(),

    /** The single-use step: true only for the one caller whose update changed the row. */
    async markRefreshTokenUsed(tokenHash: string, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .updateTable('refresh_tokens')
        .set({ used_at: new Date().toISOString() })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * The live session behind an access token, with its member: one query over two primary keys.
     * Revoked, expired and orphaned sessions answer undefined.
     */
    // No async/await on the hot path: one promise and one microtask less per request.
    findLiveSession: (sessionId: string, userId: string) =>
      readRows(db, withValues(liveSession, [sessionId, userId, new Date().toISOString()])).then(
        (rows) => rows[0],
      ),

    async revokeSession(sessionId: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: new Date().toISOString() })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeAllForUser(userId: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .updateTable('sessions')
        .set({ revoked_at: new Date().toISOString() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
