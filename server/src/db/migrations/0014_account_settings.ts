import type { Kysely } from 'kysely';

// Account settings: pending e-mail changes (single-use confirmation links, stored hashed) and
// notification preferences (no row: everything on).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_change_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_change_tokens_user')
    .on('email_change_tokens')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('member_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('notify_likes', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notify_comments', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notify_friend_requests', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notify_messages', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notify_chat', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_preferences').ifExists().execute();
  await db.schema.dropTable('email_change_tokens').ifExists().execute();
}
