import type { Kysely } from 'kysely';

// Deep pages of a message folder (GET /messages at offset 5,000 of 10,000: ≥ 2,000 req/s, p99
// ≤ 20 ms) are read by seeking to where the page starts instead of walking the offset in the index,
// once the server has seen where that is (server/src/messages/message-page-starts.ts). A start is
// good only while the member's folders hold the same messages in the same order:
// `message_counters.version` grows with every change of them. The repository moves it in the
// transaction of each change, with the counters it already keeps there (every write of a message
// goes through them), so every process sees the same version.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('message_counters')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('message_counters').dropColumn('version').execute();
}
