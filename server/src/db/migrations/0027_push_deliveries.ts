import type { Kysely } from 'kysely';

// Delivery members can count on (Web Push, the calendar feed):
// - `push_deliveries`: one row per message still to hand to one device's push service. A reminder's
//   push is written here by the one request or node whose compare-and-set moved the reminder's told
//   state, and the row is deleted only once the push service accepted the message (2xx): a 429, a
//   5xx or a network failure moves `next_attempt_at` (backoff, or the service's Retry-After) and a
//   restart finds the row again. A node takes a row by moving `lease_until` (compare-and-set), so
//   that of several nodes only one sends each attempt. Gone with its subscription (cascade).
// - `reminders.sequence`: grows with each change of a reminder (the calendar's SEQUENCE): a write
//   of its fields, or its event's day moved by the car's logs (`calendar_date`, the day the feed
//   last showed, and `calendar_changed_at`, when it moved). None of these is in migration 0022's
//   list: the reminders' answers do not depend on them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subscription_id', 'text', (c) =>
      c.notNull().references('push_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('topic', 'text')
    .addColumn('urgency', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_deliveries_next_attempt')
    .on('push_deliveries')
    .column('next_attempt_at')
    .execute();
  await db.schema
    .createIndex('push_deliveries_subscription')
    .on('push_deliveries')
    .column('subscription_id')
    .execute();
  await db.schema
    .alterTable('reminders')
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('reminders').addColumn('calendar_date', 'text').execute();
  await db.schema.alterTable('reminders').addColumn('calendar_changed_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reminders').dropColumn('calendar_changed_at').execute();
  await db.schema.alterTable('reminders').dropColumn('calendar_date').execute();
  await db.schema.alterTable('reminders').dropColumn('sequence').execute();
  await db.schema.dropTable('push_deliveries').ifExists().execute();
}
