import type { Kysely } from 'kysely';

// Delivery of reminders: the members' Web Push subscriptions (one row per browser
// endpoint; the endpoint is unique across members) and each member's calendar-feed key. The feed key
// is never stored: `key_hash` is the SHA-256 of the key, `nonce` is what the server derives the key
// from again (with its secret) to show it in the settings; renewing draws a new nonce.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('calendar_keys')
    .addColumn('member_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_keys').ifExists().execute();
  await db.schema.dropTable('push_subscriptions').ifExists().execute();
}
