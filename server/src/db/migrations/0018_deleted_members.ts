import type { Kysely } from 'kysely';

// A deleted account (GDPR art. 17) leaves a tombstone: its users row stays, so that the
// private messages and chat messages it wrote, and its comments on friends' posts, keep their
// author and stay readable by the friends. The row is emptied of everything personal (e-mail,
// password, names, city, bio, avatar, language): the e-mail becomes `~deleted-<id>` and the
// username the same (neither can be typed by a member: USERNAME_PATTERN and the e-mail pattern
// refuse `~`), so the address is free for a new sign-up. `deleted_at` says when; people search and
// profiles skip such rows, and clients show "Deleted member" for the reserved username.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
}
