import { sql, type Kysely } from 'kysely';

// Trust and safety (block, mute, report, moderation; docs/SPEC-NOTES.md "Trust"):
// - `member_blocks`: A (blocker) blocked B (blocked). Read both ways: B's things vanish for A, A's
//   for B. `member_mutes`: A muted B (B's posts leave A's feed, B's likes and comments notify A no
//   more). Neither is ever shown to the member on the other side.
// - `reports`: one row per reported thing while it waits for the moderators (a partial unique
//   index keeps one open row per thing), with the thing as it was when first reported (`content`,
//   JSON text), kept whatever its author does after. `report_filings`: who reported it, one row per
//   member and thing ever (a second report by the same member is the same report).
// - `moderation_actions`: the audit log, one row per action, never updated nor deleted.
// - users: `is_moderator` (0/1, set by `npm run moderator`), `suspended_until` (a suspended member
//   cannot post, comment, message or chat until then), the terms of use accepted at sign-up.
// - notification_preferences.messages_from: who may send me a private message.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('member_blocks')
    .addColumn('blocker_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('member_blocks_blocked').on('member_blocks').column('blocked_id').execute();
  await db.schema
    .createTable('member_mutes')
    .addColumn('muter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('muted_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_mutes_pk', ['muter_id', 'muted_id'])
    .execute();
  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target_author_id', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reporters_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('reported_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .addColumn('outcome', 'text')
    .execute();
  await sql`create unique index reports_open_target on reports (target_type, target_id) where status = 'open'`.execute(
    db,
  );
  await db.schema
    .createIndex('reports_status_order')
    .on('reports')
    .columns(['status', 'reported_at', 'id'])
    .execute();
  await db.schema
    .createTable('report_filings')
    .addColumn('reporter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('report_id', 'text', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_filings_pk', ['reporter_id', 'target_type', 'target_id'])
    .execute();
  await db.schema.createIndex('report_filings_report').on('report_filings').column('report_id').execute();
  await db.schema
    .createTable('moderation_actions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('report_id', 'text', (c) => c.notNull())
    .addColumn('moderator_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('duration_hours', 'integer')
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target_author_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('moderation_actions_order')
    .on('moderation_actions')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('is_moderator', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('suspended_until', 'text').execute();
  await db.schema.alterTable('users').addColumn('terms_version', 'text').execute();
  await db.schema.alterTable('users').addColumn('terms_accepted_at', 'text').execute();
  await db.schema
    .alterTable('notification_preferences')
    .addColumn('messages_from', 'text', (c) => c.notNull().defaultTo('friends'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notification_preferences').dropColumn('messages_from').execute();
  for (const column of ['terms_accepted_at', 'terms_version', 'suspended_until', 'is_moderator'])
    await db.schema.alterTable('users').dropColumn(column).execute();
  for (const table of ['moderation_actions', 'report_filings', 'reports', 'member_mutes', 'member_blocks'])
    await db.schema.dropTable(table).ifExists().execute();
}
