import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { FOLD_TABLE } from '../fold-text';

// fold_text(text): the text lower-cased, diacritics of Latin letters dropped, for accent- and
// case-insensitive searches (server/src/db/fold-text.ts). SQLite gets it as a function registered on
// each connection (server/src/db/database.ts); PostgreSQL as an immutable SQL function here, with
// translate() rather than the unaccent extension, which a managed database may not allow.
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`
    create or replace function fold_text(value text) returns text
    language sql immutable strict parallel safe
    as ${sql.lit(`select translate(lower(value), '${FOLD_TABLE.from}', '${FOLD_TABLE.to}')`)}
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`drop function if exists fold_text(text)`.execute(db);
}
