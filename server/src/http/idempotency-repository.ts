// The idempotency_keys table (server/src/http/idempotency.ts says what the keys mean): each query
// the Idempotency-Key layer runs, in one place. A row is a member's key: while its request runs it
// has no answer (status_code null); once answered it holds the answer to send again.
import type { Kysely, Selectable } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../db/schema';

/** A key's row while its request runs: the request it names, no answer yet. */
export interface ClaimedRow {
  method: string;
  path: string;
  request_hash: string;
  created_at: string;
  node_id: string | null;
}

export function idempotencyRepository(db: Kysely<Database>) {
  const unanswered = { status_code: null, response_body: null };
  return {
    /** Claims a key no row holds yet; false when one does. */
    async claim(memberId: string, key: string, row: ClaimedRow): Promise<boolean> {
      const result = await db
        .insertInto('idempotency_keys')
        .values({ member_id: memberId, key, ...row, ...unanswered })
        .onConflict((oc) => oc.columns(['member_id', 'key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Takes over an expired or abandoned row; the created_at match makes it a compare-and-swap. */
    async takeOver(memberId: string, key: string, seenCreatedAt: string, row: ClaimedRow): Promise<boolean> {
      const result = await db
        .updateTable('idempotency_keys')
        .set({ ...row, ...unanswered })
        .where('member_id', '=', memberId)
        .where('key', '=', key)
        .where('created_at', '=', seenCreatedAt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    find(memberId: string, key: string): Promise<Selectable<IdempotencyKeysTable> | undefined> {
      return db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('key', '=', key)
        .executeTakeFirst();
    },

    /** Keeps the answer to send again. */
    async answer(memberId: string, key: string, statusCode: number, body: string): Promise<void> {
      await db
        .updateTable('idempotency_keys')
        .set({ status_code: statusCode, response_body: body })
        .where('member_id', '=', memberId)
        .where('key', '=', key)
        .execute();
    },

    /** Frees a key whose request ended without an answer to keep. */
    async release(memberId: string, key: string): Promise<void> {
      await db
        .deleteFrom('idempotency_keys')
        .where('member_id', '=', memberId)
        .where('key', '=', key)
        .where('status_code', 'is', null)
        .execute();
    },

    /** Every key still waiting for its answer (SQLite start-up: their process is gone). */
    async releaseAllUnanswered(): Promise<void> {
      await db.deleteFrom('idempotency_keys').where('status_code', 'is', null).execute();
    },

    async purgeCreatedBefore(createdBefore: string): Promise<void> {
      await db.deleteFrom('idempotency_keys').where('created_at', '<', createdBefore).execute();
    },
  };
}
