import type { Kysely } from 'kysely';

// Cars and their logs. Money is kept in integer cents (exact sums in both dialects); tags are a
// JSON array in text; a log's owner is its car's owner (no copy to drift).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cars')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('make', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('year', 'integer')
    .addColumn('nickname', 'text')
    .addColumn('energy_type', 'text')
    .addColumn('gearbox_type', 'text')
    .addColumn('upholstery_material', 'text')
    .addColumn('mileage', 'bigint')
    .addColumn('mileage_unit', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('image', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cars_owner_created').on('cars').columns(['owner_id', 'created_at']).execute();

  await db.schema
    .createTable('car_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('car_id', 'text', (c) => c.notNull().references('cars.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('location', 'text')
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('cost_cents', 'bigint')
    .addColumn('currency_code', 'text')
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('mileage', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The list's order (start date, then creation, newest first) served straight from the index.
  await db.schema
    .createIndex('car_logs_car_start_created')
    .on('car_logs')
    .columns(['car_id', 'start_date', 'created_at'])
    .execute();
  await db.schema.createIndex('car_logs_car_type').on('car_logs').columns(['car_id', 'type']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('car_logs').ifExists().execute();
  await db.schema.dropTable('cars').ifExists().execute();
}
