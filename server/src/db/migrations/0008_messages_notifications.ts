import { sql, type Kysely, type SqlBool } from 'kysely';

// Private messages, their per-member counters, and stored notifications.
//
// Messages: each participant deletes for themself (a flag each); the row goes when both have.
// The folder lists read an index in their own order, so a page is a range of it: the inbox by
// (recipient, not deleted, newest first), the sent folder likewise, and the unread inbox from a
// partial index that holds only unread rows (small, and read rows leave it).
//
// message_counters: the folder totals and the unread count, kept in the same transaction as each
// change. A COUNT over a 10,000-message inbox costs a millisecond or two on SQLite — the whole
// request budget of `GET /messages` (2,000 req/s, p99 ≤ 20 ms) — where a row read is free.
//
// Notifications: newest first per member, and per member and read state (the bell's count, and
// the unread list in its order).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_at', 'text')
    .addColumn('sender_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recipient_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('messages_inbox')
    .on('messages')
    .columns(['recipient_id', 'recipient_deleted', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('messages_sent')
    .on('messages')
    .columns(['sender_id', 'sender_deleted', 'created_at desc', 'id desc'])
    .execute();
  // Literal constants (not parameters), so that SQLite can match a query's WHERE to it.
  await db.schema
    .createIndex('messages_inbox_unread')
    .on('messages')
    .columns(['recipient_id', 'created_at desc', 'id desc'])
    .where(sql<SqlBool>`is_read = 0 and recipient_deleted = 0`)
    .execute();

  await db.schema
    .createTable('message_counters')
    .addColumn('member_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('inbox_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inbox_unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('json_payload', 'text', (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_member_created')
    .on('notifications')
    .columns(['member_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('notifications_member_unread')
    .on('notifications')
    .columns(['member_id', 'is_read', 'created_at desc', 'id desc'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notifications').ifExists().execute();
  await db.schema.dropTable('message_counters').ifExists().execute();
  await db.schema.dropTable('messages').ifExists().execute();
}
