import type { Kysely } from 'kysely';

// Chat groups, chat rooms and chat messages (server/src/chat).
//
// - chat_groups, chat_group_members: a group and who is in it (its owner too).
// - chat_rooms: one per group (chat_group_id, unique) and one per pair of members for direct chat
//   (direct_key = "smaller id:larger id", unique, so both directions find the same room and two
//   first messages racing create it once). `seq` numbers the room's messages: each new message
//   takes seq + 1 under the room row's lock, so a room's messages have a strict order even within
//   one millisecond, and messages of one room are written one after the other (no deadlock on the
//   participants' rows on PostgreSQL).
// - chat_room_participants: who is in a room, with their unread count and last read time, changed
//   in the same transaction as each message and read mark (as message_counters in 0008: a COUNT per
//   room per list would cost a page what a row read does not). `activity_at` copies the room's last
//   activity so that a member's rooms list newest first from one index.
// - chat_messages: a room's page, newest first, is a range of (chat_room_id, seq desc).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_groups_owner').on('chat_groups').column('owner_id').execute();

  await db.schema
    .createTable('chat_group_members')
    .addColumn('chat_group_id', 'text', (c) => c.notNull().references('chat_groups.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_group_members_pk', ['chat_group_id', 'member_id'])
    .execute();
  await db.schema
    .createIndex('chat_group_members_member')
    .on('chat_group_members')
    .columns(['member_id', 'chat_group_id'])
    .execute();

  await db.schema
    .createTable('chat_rooms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chat_group_id', 'text', (c) => c.unique().references('chat_groups.id').onDelete('cascade'))
    .addColumn('direct_key', 'text', (c) => c.unique())
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_message_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('chat_room_participants')
    .addColumn('chat_room_id', 'text', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('unread_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_read_at', 'text')
    .addColumn('activity_at', 'text', (c) => c.notNull())
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_room_participants_pk', ['chat_room_id', 'member_id'])
    .execute();
  await db.schema
    .createIndex('chat_room_participants_member_activity')
    .on('chat_room_participants')
    .columns(['member_id', 'activity_at desc', 'chat_room_id desc'])
    .execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chat_room_id', 'text', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_messages_room_order')
    .on('chat_messages')
    .columns(['chat_room_id', 'seq desc'])
    .unique()
    .execute();
  // A deleted member's messages go with them (the foreign key's cascade looks them up here).
  await db.schema.createIndex('chat_messages_sender').on('chat_messages').column('sender_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_messages').ifExists().execute();
  await db.schema.dropTable('chat_room_participants').ifExists().execute();
  await db.schema.dropTable('chat_rooms').ifExists().execute();
  await db.schema.dropTable('chat_group_members').ifExists().execute();
  await db.schema.dropTable('chat_groups').ifExists().execute();
}
