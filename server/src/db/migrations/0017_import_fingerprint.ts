import type { Kysely } from 'kysely';

// Imports: a car log made by an import keeps the fingerprint of its row, so that importing
// the same rows again creates nothing. Unique per car; logs written any other way have none (null,
// which a unique index never compares).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('car_logs').addColumn('import_fingerprint', 'text').execute();
  await db.schema
    .createIndex('car_logs_import_fingerprint')
    .on('car_logs')
    .columns(['car_id', 'import_fingerprint'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('car_logs_import_fingerprint').ifExists().execute();
  await db.schema.alterTable('car_logs').dropColumn('import_fingerprint').execute();
}
