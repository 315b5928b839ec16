// Kysely's SQLite driver prepares every query afresh; with better-sqlite3 the prepare step cost
// more than running the query (a third of GET /auth/me). The SQL text of a Kysely query has its
// values as parameters, so the same few statements repeat: keep them prepared.
import type { Database as SqliteDb } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts are bounded by the code (only `in (?, ?…)` lists vary); this is headroom. */
export const STATEMENT_CACHE_SIZE = 256;

interface Cached {
  statement: SqliteStatement;
  /** Read since the eviction sweep last passed it. */
  used: boolean;
}

/** `database` for Kysely's SqliteDialect: the same connection, with prepared statements reused. */
export function cachingDatabase(sqlite: SqliteDb, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  // Least recently used goes first, approximately (the "second chance" clock scheme): a hit only
  // marks its entry, where moving it to the end of the Map (delete + set) cost a rehash on every
  // read of every request. Eviction walks from the oldest: a marked entry loses its
  // mark and goes to the end, the first unmarked one is dropped. Same bound.
  const cache = new Map<string, Cached>();
  const evictOne = () => {
    for (const [sql, cached] of cache) {
      if (!cached.used) {
        cache.delete(sql);
        return;
      }
      cached.used = false;
      cache.delete(sql);
      cache.set(sql, cached);
    }
  };
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(sql: string): SqliteStatement {
      const hit = cache.get(sql);
      if (hit) {
        hit.used = true;
        return hit.statement;
      }
      const stmt = sqlite.prepare(sql);
      const entry: SqliteStatement = {
        reader: stmt.reader,
        all: (parameters) => stmt.all(parameters),
        run: (parameters) => stmt.run(parameters),
        // An iterator keeps its statement busy until it ends: a stream gets a statement of its own.
        iterate: (parameters) => sqlite.prepare(sql).iterate(parameters),
      };
      if (cache.size >= size) evictOne();
      cache.set(sql, { statement: entry, used: false });
      return entry;
    },
  };
}
