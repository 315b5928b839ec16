import type { Kysely } from 'kysely';

// A chat room (a group's, or a direct one) muted by one of its participants: no push for its
// messages until `muted_until` (ISO instant; "until unmuted" is the far-off CHAT_MUTED_FOREVER).
// Stored per participant: the others' pushes do not change.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_room_participants').addColumn('muted_until', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_room_participants').dropColumn('muted_until').execute();
}
