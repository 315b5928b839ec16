import type { Kysely } from 'kysely';

// The car's papers and dates, and its energies (docs/SPEC-NOTES.md "A car's home"):
// - `vin` (17 characters, upper-case), `plate`, `first_registration_date`, `inspection_due_date`
//   and `insurance_due_date` (YYYY-MM-DD), all optional. VIN and plate are read by the car's owner
//   and members only (cars-service.ts hides them from anyone else).
// - `energy_types`: JSON text, the car's energies (keys of the energyType settings), the main one
//   first; null for a car that has only `energy_type`.
// - `reminders.source`: the car field a reminder was made from (inspectionDueDate or
//   insuranceDueDate), one per kind and car (the unique index): changing the date moves that same
//   reminder. Set once at insert and never updated, so migration 0022's triggers need not list it.
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of [
    'vin',
    'plate',
    'first_registration_date',
    'inspection_due_date',
    'insurance_due_date',
    'energy_types',
  ])
    await db.schema.alterTable('cars').addColumn(column, 'text').execute();
  await db.schema.alterTable('reminders').addColumn('source', 'text').execute();
  await db.schema
    .createIndex('reminders_car_source')
    .on('reminders')
    .columns(['car_id', 'source'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('reminders_car_source').ifExists().execute();
  await db.schema.alterTable('reminders').dropColumn('source').execute();
  for (const column of [
    'energy_types',
    'insurance_due_date',
    'inspection_due_date',
    'first_registration_date',
    'plate',
    'vin',
  ])
    await db.schema.alterTable('cars').dropColumn(column).execute();
}
