import type { Kysely } from 'kysely';

// A car's papers (docs/SPEC-NOTES.md "A car's home"): the registration certificate, the insurance
// card, the inspection report, as photos or PDFs. Each paper is one file of the media store (its
// size, type and EXIF checks are the uploads'), linked to the car here. Read by the car's owner and
// members only, checked when read; never public. The link goes with the car (and with the file).
// A public history link may show the car's plate (`history_links.show_plate`, 1), the owner's
// choice; it never does by default.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('car_papers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('car_id', 'text', (c) => c.notNull().references('cars.id').onDelete('cascade'))
    .addColumn('media_id', 'text', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('car_papers_car').on('car_papers').columns(['car_id', 'created_at']).execute();
  await db.schema.createIndex('car_papers_media').on('car_papers').column('media_id').execute();
  await db.schema
    .alterTable('history_links')
    .addColumn('show_plate', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('history_links').dropColumn('show_plate').execute();
  await db.schema.dropTable('car_papers').ifExists().execute();
}
