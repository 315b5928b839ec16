import type { Kysely } from 'kysely';

// users.language: the interface language the member chose ('en-US' or 'fr-FR'; null until they
// choose). The server writes their mails in it, and their error messages when the request names no
// language it speaks (server/src/http/error-language.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
