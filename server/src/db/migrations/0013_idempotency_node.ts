import type { Kysely } from 'kysely';

// idempotency_keys.node_id: on PostgreSQL, the server node answering a request still in progress
// (server/src/db/node-lease.ts). When that node is gone, another one takes the key over at once
// instead of after the in-flight timeout. Null: no node named (SQLite, or a node without its lease).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('node_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('node_id').execute();
}
