import type { Kysely } from 'kysely';

// Hashtags and mentions (docs/SPEC-NOTES.md "Hashtags and mentions"):
// - `post_tags`: the tags of a post's own text (a comment's tags are links only), stored by their
//   key (src/contract/hashtags.ts: lower case, accents folded). `created_at` is the post's, so
//   that a tag page reads newest first from the index alone; replaced on edit, gone with the post.
// - `mentions`: who was told of a mention in a post's or a comment's text (`source_id`: the post's
//   or the comment's id), so that an edit that keeps a mention tells nobody again.
// - notification_preferences.push_mentions: the push of a mention (on by default).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('post_tags')
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_tags_pk', ['post_id', 'tag'])
    .execute();
  await db.schema
    .createIndex('post_tags_order')
    .on('post_tags')
    .columns(['tag', 'created_at', 'post_id'])
    .execute();
  await db.schema
    .createTable('mentions')
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('comment_id', 'text', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mentions_pk', ['source_id', 'member_id'])
    .execute();
  await db.schema.createIndex('mentions_post').on('mentions').column('post_id').execute();
  await db.schema.createIndex('mentions_comment').on('mentions').column('comment_id').execute();
  await db.schema
    .alterTable('notification_preferences')
    .addColumn('push_mentions', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notification_preferences').dropColumn('push_mentions').execute();
  await db.schema.dropTable('mentions').ifExists().execute();
  await db.schema.dropTable('post_tags').ifExists().execute();
}
