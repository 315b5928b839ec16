import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery } from 'kysely';
import { foldText } from './fold-text';
import type pgModule from 'pg';
import type { Database } from './schema';
import { PREPARED_NAMES_MAX, registerRowReader, registerValueReader } from './fast-read';
import { cachingDatabase, STATEMENT_CACHE_SIZE } from './statement-cache';
import { storedValuesGuard } from './stored-values';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /**
   * This process's id among the server nodes. On PostgreSQL its connections carry it as their
   * application_name (`paddock:<id>`), so that the sessions of a node that died can be found
   * (server/src/db/node-lease.ts).
   */
  nodeId: string;
  close(): Promise<void>;
}

/** The application_name of a node's PostgreSQL sessions. */
export const nodeApplicationName = (nodeId: string) => `paddock:${nodeId}`;

export interface DbOptions {
  dataDir: string;
  databaseUrl: string | null;
}

// pg is loaded only with DATABASE_URL: the default SQLite install never pays for it.
const load = createRequire(import.meta.url);

export function createDb({ dataDir, databaseUrl }: DbOptions): Db {
  const nodeId = randomUUID();
  if (databaseUrl) {
    const pg = load('pg') as typeof pgModule;
    // COUNT(*) and BIGINT come back from pg as strings; ours are small, so read them as numbers.
    pg.types.setTypeParser(20, (value) => Number(value));
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: Number(process.env.DATABASE_POOL_MAX ?? 10),
      connectionTimeoutMillis: 5_000,
      application_name: nodeApplicationName(nodeId),
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    // Nor may a checked-out one (the pool listens only to idle clients): when PostgreSQL drops the
    // connection under a query, that query fails (503) and the pool discards the client on release.
    pool.on('connect', (client) => client.on('error', () => {}));
    const kysely = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: [storedValuesGuard],
    });
    // The hot paths' reads as named prepared statements (fast-read.ts): one name per SQL text.
    const names = new Map<string, string>();
    const nameOf = (text: string) => {
      let name = names.get(text);
      if (name === undefined && names.size < PREPARED_NAMES_MAX)
        names.set(text, (name = `paddock_read_${names.size}`));
      return name;
    };
    registerRowReader(kysely, async <R>(query: CompiledQuery<R>): Promise<R[]> => {
      const name = nameOf(query.sql);
      const result = await pool.query({ name, text: query.sql, values: query.parameters as unknown[] });
      return result.rows as R[];
    });
    registerValueReader(kysely, async (query) => {
      const name = nameOf(query.sql);
      const values = query.parameters as unknown[];
      const result = await pool.query({ name, text: query.sql, values, rowMode: 'array' });
      return result.rows as unknown[][];
    });
    return { kysely, dialect: 'postgres', nodeId, close: () => kysely.destroy() };
  }
  const sqlite = new SQLite(path.join(dataDir, 'paddock.db'));
  sqlite.pragma('journal_mode = WAL');
  // FULL: a commit that was answered survives a power cut, not only a process crash.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // PostgreSQL has it from migration 0011: accent- and case-insensitive searches.
  sqlite.function('fold_text', { deterministic: true }, (value: unknown) =>
    value === null ? null : foldText(String(value)),
  );
  const database = cachingDatabase(sqlite);
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database }),
    plugins: [storedValuesGuard],
  });
  // The hot paths' reads run their prepared statement at once (fast-read.ts), unless a transaction
  // holds the connection: then they queue behind it through Kysely.
  registerRowReader(kysely, <R>(query: CompiledQuery<R>): Promise<R[]> => {
    if (sqlite.inTransaction) return kysely.executeQuery(query).then((result) => result.rows);
    try {
      return Promise.resolve(database.prepare(query.sql).all(query.parameters) as R[]);
    } catch (err) {
      return Promise.reject(err as Error);
    }
  });
  // The same, rows as arrays (readValues): statements of their own, in raw mode.
  const rawStatements = new Map<string, SQLite.Statement>();
  registerValueReader(kysely, (query) => {
    if (sqlite.inTransaction)
      return kysely
        .executeQuery(query)
        .then((result) => result.rows.map((row) => Object.values(row as object)));
    try {
      let statement = rawStatements.get(query.sql);
      if (!statement) {
        statement = sqlite.prepare(query.sql).raw(true);
        rawStatements.set(query.sql, statement);
        if (rawStatements.size > STATEMENT_CACHE_SIZE)
          rawStatements.delete(rawStatements.keys().next().value as string);
      }
      return Promise.resolve(statement.all(query.parameters as unknown[]) as unknown[][]);
    } catch (err) {
      return Promise.reject(err as Error);
    }
  });
  return { kysely, dialect: 'sqlite', nodeId, close: () => kysely.destroy() };
}
