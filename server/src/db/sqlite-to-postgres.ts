// `npm run migrate:sqlite-to-postgres -- --from <DATA_DIR or .db file> --to <postgres url>`:
// copies a Paddock SQLite database into an EMPTY PostgreSQL database (server/scripts/
// migrate-sqlite-to-postgres.mjs bundles and runs this file).
//
// - The target gets the schema from the migrations (migrator.ts); the source must be at the same
//   migrations (start the current server on it once first).
// - Refused when a target table holds rows, except `settings`, which migration 0003 seeds: its rows
//   are replaced by the source's.
// - Everything is read in one SQLite read transaction (one consistent snapshot; stopping the
//   server first, or copying a backup's database/paddock.db, makes sure nothing is written after)
//   and written in one PostgreSQL transaction: the target ends up with all of it or nothing.
// - Tables are written parents first (foreign keys stay checked); a table that references itself
//   (comments' replies) is written parents first too. Ids, timestamps and every column are copied
//   verbatim: both dialects keep text ids, ISO-8601 text timestamps and integer 0/1 booleans.
// - The counters kept by triggers (migrations 0006 and 0009: cars.log_count and log_version,
//   posts.likes_count, likers and comments_count, comments.replies_count, post_authors) are copied
//   as they are, with the tables' own triggers disabled during the copy (ALTER TABLE … DISABLE
//   TRIGGER USER, inside the transaction: only the tables' owner is needed, not a superuser), so
//   that inserting a like does not count it a second time.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './migrator';

/** A refusal (bad arguments, a target that is not empty): one line, exit code 2. */
export class CopyRefused extends Error {}

/** Rows per INSERT; PostgreSQL takes at most 65,535 parameters in one statement. */
const BATCH_ROWS = 500;
const MAX_PARAMETERS = 60_000;
/** Seeded by migration 0003: replaced by the source's rows instead of refusing the copy. */
const SEEDED = new Set(['settings']);

export interface CopyResult {
  tables: { name: string; rows: number }[];
}

interface ForeignKey {
  child: string;
  parent: string;
  column: string;
  references: string;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A SQLite value as pg should send it: exact integers (BigInt beyond 2^53 as text). */
function pgValue(value: unknown): unknown {
  if (typeof value === 'bigint')
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  return value;
}

/** Tables sorted parents first (Kahn); self-references are left to the row order. */
function dependencyOrder(tables: string[], keys: ForeignKey[]): string[] {
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const k of keys) if (k.child !== k.parent) parents.get(k.child)?.add(k.parent);
  const order: string[] = [];
  const left = new Set(tables);
  while (left.size) {
    const ready = [...left].filter((t) => [...parents.get(t)!].every((p) => !left.has(p))).sort();
    if (!ready.length) throw new Error(`foreign keys form a cycle among: ${[...left].join(', ')}`);
    for (const t of ready) {
      order.push(t);
      left.delete(t);
    }
  }
  return order;
}

export function sqliteFileOf(from: string): string {
  const resolved = path.resolve(from);
  const file =
    existsSync(resolved) && statSync(resolved).isDirectory() ? path.join(resolved, 'paddock.db') : resolved;
  if (!existsSync(file)) throw new CopyRefused(`no SQLite database at ${file}`);
  return file;
}

export async function copySqliteToPostgres(
  options: { from: string; to: string },
  log: (line: string) => void = () => {},
): Promise<CopyResult> {
  const file = sqliteFileOf(options.from);
  const source = new SQLite(file, { fileMustExist: true });
  source.defaultSafeIntegers(true);
  source.pragma('busy_timeout = 10000');

  const kysely = new Kysely<Record<string, never>>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: options.to, max: 1 }) }),
  });
  try {
    const ran = await migrateToLatest(kysely);
    if (ran.length) log(`[copy] target schema: ran ${ran.length} migrations`);
  } finally {
    await kysely.destroy();
  }

  const target = new pg.Client({ connectionString: options.to });
  await target.connect();
  try {
    // One read transaction on SQLite: every table of the same instant.
    source.exec('begin');
    const sourceTables = source
      .prepare(
        `select name from sqlite_master where type = 'table'
          and name not like 'sqlite\\_%' escape '\\' and name not like 'kysely\\_%' escape '\\'
          and name not like 'fts\\_%' escape '\\'`,
      )
      .pluck()
      .all() as string[];
    const sourceMigrations = sourceTables.length
      ? (source.prepare('select name from kysely_migration order by name').pluck().all() as string[])
      : [];
    const targetMigrations = (await target.query('select name from kysely_migration order by name')).rows.map(
      (r: { name: string }) => r.name,
    );
    if (sourceMigrations.join() !== targetMigrations.join())
      throw new CopyRefused(
        `the SQLite database is at migration ${sourceMigrations.at(-1) ?? '(none)'}, this code at ${targetMigrations.at(-1)}: start the current server on it once, then copy`,
      );

    const targetTables = (
      await target.query(
        `select table_name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely\\_%'`,
      )
    ).rows.map((r: { table_name: string }) => r.table_name);
    if ([...sourceTables].sort().join() !== [...targetTables].sort().join())
      throw new CopyRefused(
        `the tables differ: SQLite has ${[...sourceTables].sort().join(', ')}; PostgreSQL has ${[...targetTables].sort().join(', ')}`,
      );

    const columns = new Map<string, string[]>();
    for (const table of targetTables) {
      const pgColumns = (
        await target.query(
          `select column_name from information_schema.columns
            where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
          [table],
        )
      ).rows.map((r: { column_name: string }) => r.column_name);
      const sqliteColumns = (source.pragma(`table_info(${quote(table)})`) as { name: string }[]).map(
        (c) => c.name,
      );
      if ([...pgColumns].sort().join() !== [...sqliteColumns].sort().join())
        throw new CopyRefused(`the columns of ${table} differ between the two databases`);
      columns.set(table, pgColumns);
    }

    for (const table of targetTables) {
      if (SEEDED.has(table)) continue;
      const { rows } = await target.query(`select exists (select 1 from ${quote(table)}) as used`);
      if ((rows[0] as { used: boolean }).used)
        throw new CopyRefused(
          `the PostgreSQL database is not empty (${table} has rows): copy into an empty database`,
        );
    }

    const keys = (
      await target.query(
        `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
                a.attname as column, f.attname as references
           from pg_constraint c
           join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
           join pg_attribute f on f.attrelid = c.confrelid and f.attnum = c.confkey[1]
          where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`,
      )
    ).rows as ForeignKey[];
    const order = dependencyOrder(targetTables, keys);

    const result: CopyResult = { tables: [] };
    await target.query('begin');
    try {
      for (const table of order) await target.query(`alter table ${quote(table)} disable trigger user`);
      for (const table of SEEDED) await target.query(`delete from ${quote(table)}`);
      for (const table of order) {
        const cols = columns.get(table)!;
        const self = keys.find((k) => k.child === table && k.parent === table);
        const list = cols.map(quote).join(', ');
        // A self-referencing table: by depth from its roots, so that a parent is always written first.
        const select = self
          ? `with recursive d(k, depth) as (
               select ${quote(self.references)}, 0 from ${quote(table)} where ${quote(self.column)} is null
               union all
               select t.${quote(self.references)}, d.depth + 1 from ${quote(table)} t join d on t.${quote(self.column)} = d.k)
             select ${cols.map((c) => `t.${quote(c)}`).join(', ')} from ${quote(table)} t
               join d on d.k = t.${quote(self.references)} order by d.depth, t.rowid`
          : `select ${list} from ${quote(table)} order by rowid`;
        const perBatch = Math.max(1, Math.min(BATCH_ROWS, Math.floor(MAX_PARAMETERS / cols.length)));
        let batch: unknown[][] = [];
        let copied = 0;
        const flush = async () => {
          if (!batch.length) return;
          const values = batch
            .map((_, r) => `(${cols.map((__, c) => `$${r * cols.length + c + 1}`).join(', ')})`)
            .join(', ');
          await target.query(`insert into ${quote(table)} (${list}) values ${values}`, batch.flat());
          copied += batch.length;
          batch = [];
        };
        for (const row of source.prepare(select).raw(true).iterate() as Iterable<unknown[]>) {
          batch.push(row.map(pgValue));
          if (batch.length >= perBatch) await flush();
        }
        await flush();
        const expected = Number(
          source
            .prepare(`select count(*) from ${quote(table)}`)
            .pluck()
            .get(),
        );
        const { rows } = await target.query(`select count(*)::bigint as n from ${quote(table)}`);
        const actual = Number((rows[0] as { n: string | number }).n);
        if (copied !== expected || actual !== expected)
          throw new Error(`${table}: ${expected} rows in SQLite, ${copied} read and ${actual} in PostgreSQL`);
        result.tables.push({ name: table, rows: actual });
        log(`[copy] ${table.padEnd(24)} ${actual}`);
      }
      for (const table of order) await target.query(`alter table ${quote(table)} enable trigger user`);
      await target.query('commit');
    } catch (error) {
      await target.query('rollback').catch(() => undefined);
      throw error;
    }
    source.exec('commit');
    // Fresh planner statistics for the copied rows.
    await target.query('analyze');
    return result;
  } finally {
    await target.end();
    source.close();
  }
}

/** The command line: prints the per-table counts; a refusal exits 2, a failure 1. */
export async function main(argv: string[]): Promise<void> {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) args.set(argv[i]!, argv[i + 1] ?? '');
  const from = args.get('--from');
  const to = args.get('--to') || process.env.DATABASE_URL;
  try {
    if (!from || !to || [...args.keys()].some((k) => k !== '--from' && k !== '--to'))
      throw new CopyRefused(
        'usage: npm run migrate:sqlite-to-postgres -- --from <DATA_DIR or paddock.db> --to <postgres url>',
      );
    if (!/^postgres(ql)?:\/\//.test(to)) throw new CopyRefused('--to must be a postgres:// URL');
    const started = performance.now();
    const { tables } = await copySqliteToPostgres({ from, to }, (line) => console.log(line));
    const rows = tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(
      `[copy] done: ${tables.length} tables, ${rows} rows in ${Math.round(performance.now() - started)} ms. ` +
        'Copy DATA_DIR (media/, avatars/, jwt-secret) to the servers that will use PostgreSQL.',
    );
  } catch (error) {
    if (error instanceof CopyRefused) {
      console.error(`error: ${error.message}`);
      process.exitCode = 2;
    } else {
      console.error(error);
      process.exitCode = 1;
    }
  }
}
