// A create that may be replayed (an outbox entry sent again, a second invitation): the row goes in
// unless one with the same key is there already, and the caller learns which happened.
import type { AnyColumn, InsertQueryBuilder, InsertResult } from 'kysely';

/** Runs `insert` (its values set) doing nothing on a conflict over `key`; true when a row was written. */
export async function insertIfNew<DB, TB extends keyof DB>(
  insert: InsertQueryBuilder<DB, TB, InsertResult>,
  ...key: AnyColumn<DB, TB>[]
): Promise<boolean> {
  const result = await insert.onConflict((oc) => oc.columns(key).doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
