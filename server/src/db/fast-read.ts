// The hot paths' reads (the session check behind every signed-in request, /auth/me, the feed)
// without Kysely's per-query machinery. Their SQL is built once (compiled by Kysely's
// builder, or written as text as in posts/feed-query.ts); each call only binds new values, and:
// - on SQLite the cached prepared statement (statement-cache.ts) runs at once, unless a transaction
//   holds the one connection: then the read waits its turn through Kysely as before, so a read never
//   sees another request's uncommitted rows;
// - on PostgreSQL it is a named prepared statement (parsed and planned once per connection).
// A Kysely instance that createDb did not make (a transaction, a test's own) reads through Kysely.
import type { CompiledQuery, Kysely } from 'kysely';

export type RowReader = <R>(query: CompiledQuery<R>) => Promise<R[]>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const readers = new WeakMap<Kysely<any>, RowReader>();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function registerRowReader(kysely: Kysely<any>, reader: RowReader): void {
  readers.set(kysely, reader);
}

/** The rows of a read, by the fastest safe way `kysely` has. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function readRows<R>(kysely: Kysely<any>, query: CompiledQuery<R>): Promise<R[]> {
  const reader = readers.get(kysely);
  if (reader) return reader(query);
  return kysely.executeQuery(query).then((result) => result.rows);
}

/** Rows as arrays of their values, in the query's column order. */
export type ValueReader = (query: CompiledQuery<unknown>) => Promise<unknown[][]>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const valueReaders = new WeakMap<Kysely<any>, ValueReader>();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function registerValueReader(kysely: Kysely<any>, reader: ValueReader): void {
  valueReaders.set(kysely, reader);
}

/**
 * The rows of a read as arrays of values in its column order. On SQLite the driver builds no
 * object per row: for a page of wide rows (the car logs' 20 columns) that object building cost
 * more than the query itself. Elsewhere (a transaction, a test's Kysely) the objects' values.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function readValues(kysely: Kysely<any>, query: CompiledQuery<unknown>): Promise<unknown[][]> {
  const reader = valueReaders.get(kysely);
  if (reader) return reader(query);
  return kysely.executeQuery(query).then((result) => result.rows.map((row) => Object.values(row as object)));
}

/** The same query with other values (in the compiled query's parameter order). */
export const withValues = <R>(query: CompiledQuery<R>, parameters: readonly unknown[]): CompiledQuery<R> => ({
  query: query.query,
  queryId: query.queryId,
  sql: query.sql,
  parameters,
});

/** Named prepared statements per SQL text on PostgreSQL: bounded, the rest run unnamed. */
export const PREPARED_NAMES_MAX = 256;
