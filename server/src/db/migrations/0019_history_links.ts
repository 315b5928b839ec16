import type { Kysely } from 'kysely';

// The resale dossier's public links. The link's token is never stored: it is
// HMAC(server secret, link id + nonce), shown again to the owner from the nonce, and `token_hash`
// (its SHA-256) finds the link from a visitor's URL. Deleting the car (or its owner) deletes its links.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('history_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('car_id', 'text', (c) => c.notNull().references('cars.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('hide', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('history_links_car').on('history_links').column('car_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('history_links').ifExists().execute();
}
