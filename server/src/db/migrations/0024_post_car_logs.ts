import type { Kysely } from 'kysely';

// Build threads: a post may carry one of its author's readable car logs as a card
// (`car_log_id`), with its cost only when the author chose to show it (`show_cost`). The card is
// read from the live log when the post is read, so it follows the log's edits; no foreign key: a
// deleted log leaves the id behind and the post answers `carLog: null`.
// A car's build thread lists the posts about it oldest first: (car_id, created_at, id) serves it
// and replaces the plain car_id index (its prefix still serves the cars' set-null lookups).
// The media check "is this file shown in a post I may read" finds posts by their log.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('car_log_id', 'text').execute();
  await db.schema
    .alterTable('posts')
    .addColumn('show_cost', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('posts_car_thread')
    .on('posts')
    .columns(['car_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('posts_car').ifExists().execute();
  await db.schema.createIndex('posts_car_log').on('posts').column('car_log_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('posts_car_log').ifExists().execute();
  await db.schema.createIndex('posts_car').on('posts').column('car_id').execute();
  await db.schema.dropIndex('posts_car_thread').ifExists().execute();
  await db.schema.alterTable('posts').dropColumn('show_cost').execute();
  await db.schema.alterTable('posts').dropColumn('car_log_id').execute();
}
