import type { Kysely } from 'kysely';

// The maintenance tracker: what a fill-up added, on its car log (all null on other
// logs), and reminders. A reminder stores only what the member set and the car's odometer when it
// was made; its due point and state are derived from the car's logs on every read, never stored and
// advanced. `notified_state` is the last state the member was told of (null: none yet).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('car_logs').addColumn('fuel_quantity', 'double precision').execute();
  await db.schema.alterTable('car_logs').addColumn('fuel_unit', 'text').execute();
  await db.schema.alterTable('car_logs').addColumn('fuel_full_tank', 'integer').execute();
  await db.schema.alterTable('car_logs').addColumn('fuel_missed_previous', 'integer').execute();
  await db.schema.alterTable('car_logs').addColumn('fuel_price_per_unit', 'double precision').execute();

  await db.schema
    .createTable('reminders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('car_id', 'text', (c) => c.notNull().references('cars.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('log_type', 'text')
    .addColumn('interval_months', 'integer')
    .addColumn('interval_distance', 'bigint')
    .addColumn('due_date', 'text')
    .addColumn('due_mileage', 'bigint')
    .addColumn('soon_days', 'integer')
    .addColumn('soon_distance', 'bigint')
    .addColumn('notes', 'text')
    .addColumn('created_mileage', 'bigint')
    .addColumn('notified_state', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reminders_owner_car')
    .on('reminders')
    .columns(['owner_id', 'car_id', 'created_at'])
    .execute();
  await db.schema.createIndex('reminders_car').on('reminders').column('car_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reminders').ifExists().execute();
  for (const column of [
    'fuel_price_per_unit',
    'fuel_missed_previous',
    'fuel_full_tank',
    'fuel_unit',
    'fuel_quantity',
  ])
    await db.schema.alterTable('car_logs').dropColumn(column).execute();
}
