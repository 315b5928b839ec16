import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { htmlToText } from '../../http/rich-text';

// Search (GET /search, docs/SPEC-NOTES.md "Search"): members by username and names, cars by make,
// model and nickname, posts by their text, ignoring case and accents, ranked.
// - posts.search_text: the post's plain text (its HTML stripped), written by the posts repository
//   with the content (a trigger cannot strip HTML); backfilled here.
// - SQLite: one FTS5 table per kind (`fts_people`, `fts_cars`, `fts_posts`, tokenizer unicode61
//   with remove_diacritics 2), kept by triggers on users, cars and posts whoever writes them. An
//   FTS row's rowid is the `key` of `fts_*_keys` (an INTEGER PRIMARY KEY, which VACUUM INTO keeps),
//   never the rowid of the source table (which VACUUM may renumber). Every table of the search
//   starts with `fts_`: they are SQLite's alone, so the copy to PostgreSQL and the data checks
//   leave them out (server/src/db/sqlite-to-postgres.ts).
// - PostgreSQL: GIN indexes on `to_tsvector('simple', search_fold(…))`. search_fold() lower-cases
//   and folds accents through `unaccent` when the extension can be created (else fold_text alone,
//   migration 0011) and turns every run of other characters than letters and digits into a space,
//   so that its words are the words unicode61 makes on SQLite.
// A post's keys row also holds its author (which never changes): the search tells which of
// thousands of matches the member may read from that narrow row, not from the posts' wide rows.
const SQLITE_FTS: { table: string; keys: string; source: string; columns: string[]; extra: string[] }[] = [
  {
    table: 'fts_people',
    keys: 'fts_people_keys',
    source: 'users',
    columns: ['username', 'first_name', 'last_name'],
    extra: [],
  },
  {
    table: 'fts_cars',
    keys: 'fts_cars_keys',
    source: 'cars',
    columns: ['make', 'model', 'nickname'],
    extra: [],
  },
  {
    table: 'fts_posts',
    keys: 'fts_posts_keys',
    source: 'posts',
    columns: ['search_text'],
    extra: ['author_id'],
  },
];

const BACKFILL_BATCH = 500;

async function backfillPostText(db: Kysely<any>): Promise<void> {
  let after = '';
  for (;;) {
    const rows: { id: string; content: string }[] = await db
      .selectFrom('posts')
      .select(['id', 'content'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BACKFILL_BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows)
      await db
        .updateTable('posts')
        .set({ search_text: htmlToText(row.content) })
        .where('id', '=', row.id)
        .execute();
    after = rows[rows.length - 1]!.id;
  }
}

async function sqliteUp(db: Kysely<any>): Promise<void> {
  for (const { table, keys, source, columns, extra } of SQLITE_FTS) {
    const keyColumns = ['id', ...extra].join(', ');
    const extraColumns = extra.map((c) => `, ${c} text not null`).join('');
    const list = columns.join(', ');
    const values = (row: 'new') => columns.map((c) => `coalesce(${row}.${c}, '')`).join(', ');
    await sql
      .raw(`create table ${keys} (key integer primary key, id text not null unique${extraColumns})`)
      .execute(db);
    await sql
      .raw(`create virtual table ${table} using fts5(${list}, tokenize = 'unicode61 remove_diacritics 2')`)
      .execute(db);
    const keyOf = (row: 'new' | 'old') => `(select key from ${keys} where id = ${row}.id)`;
    await sql
      .raw(
        `create trigger ${table}_insert after insert on ${source} begin
          insert into ${keys} (${keyColumns}) values (${['id', ...extra].map((c) => `new.${c}`).join(', ')});
          insert into ${table} (rowid, ${list}) values (${keyOf('new')}, ${values('new')});
        end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_delete after delete on ${source} begin
          delete from ${table} where rowid = ${keyOf('old')};
          delete from ${keys} where id = old.id;
        end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_update after update of ${list} on ${source} begin
          update ${table} set ${columns.map((c) => `${c} = coalesce(new.${c}, '')`).join(', ')}
            where rowid = ${keyOf('new')};
        end`,
      )
      .execute(db);
    // The rows written before this migration.
    await sql.raw(`insert into ${keys} (${keyColumns}) select ${keyColumns} from ${source}`).execute(db);
    await sql
      .raw(
        `insert into ${table} (rowid, ${list}) select k.key, ${columns.map((c) => `coalesce(s.${c}, '')`).join(', ')}
          from ${source} s join ${keys} k on k.id = s.id`,
      )
      .execute(db);
  }
}

/** Whether `unaccent` is there, or could be made: a managed database may refuse it. */
async function withUnaccent(db: Kysely<any>): Promise<string | null> {
  const schemaOf = async () =>
    (
      await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'unaccent'`.execute(db)
    ).rows[0]?.schema ?? null;
  const found = await schemaOf();
  if (found) return found;
  const available = await sql`select 1 from pg_available_extensions where name = 'unaccent'`.execute(db);
  if (available.rows.length === 0) return null;
  // A refusal (no privilege) must not abort the migration's transaction.
  await sql`savepoint search_unaccent`.execute(db);
  try {
    await sql`create extension if not exists unaccent`.execute(db);
    await sql`release savepoint search_unaccent`.execute(db);
  } catch {
    await sql`rollback to savepoint search_unaccent`.execute(db);
    return null;
  }
  return schemaOf();
}

async function postgresUp(db: Kysely<any>): Promise<void> {
  const schema = await withUnaccent(db);
  // Every function the index expressions reach is named with its schema: pg_restore builds the
  // indexes with an empty search_path (a backup's restore), where a bare name is not found.
  const own = quoteIdent(
    (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]!.schema,
  );
  // The two-argument unaccent, schema-qualified, is the form an immutable wrapper may call.
  const word = schema
    ? `${own}.fold_text(${quoteIdent(schema)}.unaccent('${schema.replace(/'/g, "''")}.unaccent'::regdictionary, value))`
    : `${own}.fold_text(value)`;
  await sql
    .raw(
      `create or replace function search_fold_word(value text) returns text
        language sql immutable strict parallel safe as $$ select ${word} $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create or replace function search_fold(value text) returns text
        language sql immutable strict parallel safe
        as $$ select regexp_replace(${own}.search_fold_word(value), '[^[:alnum:]]+', ' ', 'g') $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create index users_search on users using gin
        (to_tsvector('simple', search_fold(username || ' ' || first_name || ' ' || last_name)))`,
    )
    .execute(db);
  await sql
    .raw(
      `create index cars_search on cars using gin
        (to_tsvector('simple', search_fold(make || ' ' || model || ' ' || coalesce(nickname, ''))))`,
    )
    .execute(db);
  await sql
    .raw(
      `create index posts_search on posts using gin (to_tsvector('simple', search_fold(coalesce(search_text, ''))))`,
    )
    .execute(db);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('search_text', 'text').execute();
  await backfillPostText(db);
  if (db.getExecutor().adapter instanceof SqliteAdapter) await sqliteUp(db);
  else await postgresUp(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const { table, keys } of SQLITE_FTS) {
      for (const suffix of ['insert', 'delete', 'update'])
        await sql.raw(`drop trigger if exists ${table}_${suffix}`).execute(db);
      await sql.raw(`drop table if exists ${table}`).execute(db);
      await sql.raw(`drop table if exists ${keys}`).execute(db);
    }
  } else {
    for (const index of ['users_search', 'cars_search', 'posts_search'])
      await sql.raw(`drop index if exists ${index}`).execute(db);
    await sql`drop function if exists search_fold(text)`.execute(db);
    await sql`drop function if exists search_fold_word(text)`.execute(db);
  }
  await db.schema.alterTable('posts').dropColumn('search_text').execute();
}
