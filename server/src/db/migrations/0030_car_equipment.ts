import type { Kysely } from 'kysely';

// Tyres and equipment of a car (docs/SPEC-NOTES.md "A car's home"): a set is mounted and removed at
// odometer readings; its stints are few (EQUIPMENT_STINTS_MAX) and always read whole, so they
// are one JSON column. The set goes with its car: deleted with it, handed over with it on a sale.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('car_equipment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('car_id', 'text', (c) => c.notNull().references('cars.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('dot_code', 'text')
    .addColumn('reminder_distance', 'integer')
    .addColumn('reminder_age_months', 'integer')
    /** JSON text: EquipmentStint[], oldest first. */
    .addColumn('stints', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('car_equipment_car')
    .on('car_equipment')
    .columns(['car_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('car_equipment').ifExists().execute();
}
