import type { Kysely } from 'kysely';

// Push for every social event (docs/ARCHITECTURE.md server "push/"):
// - `notification_preferences` gains one switch per kind of push (all on but likes) and whether a
//   private message's first line shows in its push (`push_previews`, on). An account without a
//   row reads the defaults (src/contract/account.ts).
// - `push_tags`: per member and tag (a conversation, a room, a post…), when the member's last push
//   of that tag went or will go (`sent_at`). At most one push per member and tag a minute: the first
//   goes at once, the next ones in that minute wait for its end, folded into one.
// - `push_deliveries.coalesce_key` (member and tag): a message not yet attempted that a later one
//   of the same key replaces (its payload rewritten) instead of queueing a second message.
export async function up(db: Kysely<any>): Promise<void> {
  for (const [column, on] of [
    ['push_messages', 1],
    ['push_chat', 1],
    ['push_friend_requests', 1],
    ['push_comments', 1],
    ['push_likes', 0],
    ['push_cars', 1],
    ['push_reminders', 1],
    ['push_previews', 1],
  ] as const)
    await db.schema
      .alterTable('notification_preferences')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(on))
      .execute();
  await db.schema
    .createTable('push_tags')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('push_tags_pk', ['user_id', 'tag'])
    .execute();
  await db.schema.alterTable('push_deliveries').addColumn('coalesce_key', 'text').execute();
  await db.schema
    .createIndex('push_deliveries_coalesce')
    .on('push_deliveries')
    .column('coalesce_key')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('push_deliveries_coalesce').ifExists().execute();
  await db.schema.alterTable('push_deliveries').dropColumn('coalesce_key').execute();
  await db.schema.dropTable('push_tags').ifExists().execute();
  for (const column of [
    'push_previews',
    'push_reminders',
    'push_cars',
    'push_likes',
    'push_comments',
    'push_friend_requests',
    'push_chat',
    'push_messages',
  ])
    await db.schema.alterTable('notification_preferences').dropColumn(column).execute();
}
