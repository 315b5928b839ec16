// The queries repositories share: one page of a filtered table, how many rows match in all, and
// whether any does.
import { sql, type SelectQueryBuilder } from 'kysely';

/** How many rows `base` (a filtered `selectFrom`, nothing selected yet) matches. */
export async function countRows<DB, TB extends keyof DB>(
  base: SelectQueryBuilder<DB, TB, object>,
): Promise<number> {
  // Generic over the table, the selection's type is not resolved here: it is one `total` column.
  const row = (await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()) as {
    total: number | string | bigint;
  };
  return Number(row.total);
}

/**
 * One page of `base`'s rows, newest first (`created_at` then `id`, both descending: a stable order
 * for offset paging), with the number of rows it matches in all. `base` is a filtered `selectFrom`
 * of one table with `created_at` and `id` columns, nothing selected yet.
 */
export async function newestFirstPage<DB, TB extends keyof DB>(
  base: SelectQueryBuilder<DB, TB, object>,
  limit: number,
  offset: number,
) {
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy(sql.ref('created_at'), 'desc')
      .orderBy(sql.ref('id'), 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    countRows(base),
  ]);
  return { rows, total };
}

/** Whether `base` (a filtered `selectFrom`, nothing selected yet) matches a row: "is X a member". */
export async function hasRow<DB, TB extends keyof DB>(
  base: SelectQueryBuilder<DB, TB, object>,
): Promise<boolean> {
  const row = await base.select(sql.lit(1).as('found')).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** One column of every row `query` answers: `select('member_id')…` gives the member ids. */
export async function columnValues<R, K extends keyof R>(
  query: { execute(): Promise<R[]> },
  column: K,
): Promise<R[K][]> {
  return (await query.execute()).map((row) => row[column]);
}
