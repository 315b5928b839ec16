// Kysely's SQLite driver prepares every query afresh; with better-sqlite3 the prepare step cost
// more than running the query (a third of GET /auth/me). The SQL text of a Kysely query has its
// values as parameters, so the same few statements repeat: keep them prepared.
import type { Database as SqliteDb } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts are bounded by the code (only `in (?, ?…)` lists vary); this is headroom. */
export const STATEMENT_CACHE_SIZE = 256;

/** `database` for Kysely's SqliteDialect: the same connection, with prepared statements reused. */
export function cachingDatabase(sqlite: SqliteDb, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(sql: string): SqliteStatement {
      const hit = cache.get(sql);
      if (hit) {
        // Least recently used goes first: move the hit to the end.
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const stmt = sqlite.prepare(sql);
      const entry: SqliteStatement = {
        reader: stmt.reader,
        all: (parameters) => stmt.all(parameters),
        run: (parameters) => stmt.run(parameters),
        // An iterator keeps its statement busy until it ends: a stream gets a statement of its own.
        iterate: (parameters) => sqlite.prepare(sql).iterate(parameters),
      };
      cache.set(sql, entry);
      if (cache.size > size) cache.delete(cache.keys().next().value as string);
      return entry;
    },
  };
}
