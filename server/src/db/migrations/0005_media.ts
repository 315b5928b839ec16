import type { Kysely } from 'kysely';

// Uploaded files. `storage_key` is the server-chosen file name under `${dataDir}/media/`; the
// client's name is kept sanitised for display only. A car's `image` column holds a media id.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('media_owner_created')
    .on('media')
    .columns(['owner_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('car_log_media')
    .addColumn('car_log_id', 'text', (c) => c.notNull().references('car_logs.id').onDelete('cascade'))
    .addColumn('media_id', 'text', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('car_log_media_pk', ['car_log_id', 'media_id'])
    .execute();
  await db.schema.createIndex('car_log_media_media').on('car_log_media').column('media_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('car_log_media').ifExists().execute();
  await db.schema.dropTable('media').ifExists().execute();
}
