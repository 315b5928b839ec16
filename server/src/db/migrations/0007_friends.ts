import { sql, type Kysely } from 'kysely';

// Friends and friend requests (server/src/people).
// - A friendship is stored as two rows, one per direction, so "the friends of X" is a primary-key
//   range in both dialects and a removal deletes both in one statement.
// - A request keeps its row after it is answered (status accepted, declined or cancelled): a
//   replayed create with the same client id finds it. `pair_key` is the two member ids in sorted
//   order; the partial unique index allows one pending request per pair whichever way it goes, so
//   two members asking each other at the same moment cannot both succeed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('friendships')
    .addColumn('member_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('friend_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('friendships_pk', ['member_id', 'friend_id'])
    .execute();
  // Cascading deletes of a user look rows up by either column.
  await db.schema.createIndex('friendships_friend').on('friendships').column('friend_id').execute();

  await db.schema
    .createTable('friend_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pair_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('responded_at', 'text')
    .execute();
  await db.schema
    .createIndex('friend_requests_pending_pair')
    .on('friend_requests')
    .column('pair_key')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('friend_requests_recipient')
    .on('friend_requests')
    .columns(['recipient_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('friend_requests_sender')
    .on('friend_requests')
    .columns(['sender_id', 'status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('friend_requests').ifExists().execute();
  await db.schema.dropTable('friendships').ifExists().execute();
}
