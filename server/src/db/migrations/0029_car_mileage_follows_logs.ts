import { sql, SqliteAdapter, type Kysely } from 'kysely';

// A car's home (docs/SPEC-NOTES.md "A car's home"):
// - The car's `mileage` is never below the highest reading among its logs: a log written with a
//   higher reading raises it. A trigger does it, in the transaction of each insert and update of a
//   log, whoever writes it (the API, an import, a restore, a sale's copy), so it cannot drift; the
//   car's own PUT keeps it too (cars-service.ts). `updated_at` stays: the car was not edited, and a
//   device compares whole rows when it syncs. Cars already below their logs are raised here.
// - `fuel_economy_confirmed` (1 or null): the member said "it's right" of the economy of the
//   segment this fill-up closes, which is then never answered `suspect`.
// - `fuel_energy`: the energy of a fill-up, a key of the energyType settings (several energies per
//   car); null is the car's main energy.
// - The fuel economy's covering index (migration 0020) is built again with both, so the economy's
//   read still walks the index alone.
const FUEL_INDEX_COLUMNS = [
  'car_id',
  'mileage',
  'start_date',
  'id',
  'cost_cents',
  'currency_code',
  'fuel_quantity',
  'fuel_unit',
  'fuel_full_tank',
  'fuel_missed_previous',
  'fuel_price_per_unit',
];

async function fuelIndex(db: Kysely<any>, columns: string[]): Promise<void> {
  await db.schema.dropIndex('car_logs_fuel').ifExists().execute();
  await db.schema
    .createIndex('car_logs_fuel')
    .on('car_logs')
    .columns(columns)
    .where('fuel_quantity', 'is not', null)
    .execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('car_logs').addColumn('fuel_economy_confirmed', 'integer').execute();
  await db.schema.alterTable('car_logs').addColumn('fuel_energy', 'text').execute();
  await fuelIndex(db, [...FUEL_INDEX_COLUMNS, 'fuel_economy_confirmed', 'fuel_energy']);
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`create trigger car_logs_raise_mileage_insert after insert on car_logs
        when new.mileage is not null begin
        update cars set mileage = new.mileage
          where id = new.car_id and (mileage is null or mileage < new.mileage);
      end`.execute(db);
    await sql`create trigger car_logs_raise_mileage_update after update of mileage, car_id on car_logs
        when new.mileage is not null begin
        update cars set mileage = new.mileage
          where id = new.car_id and (mileage is null or mileage < new.mileage);
      end`.execute(db);
  } else {
    await sql`create function car_logs_raise_mileage() returns trigger language plpgsql as $$
      begin
        if new.mileage is not null then
          update cars set mileage = new.mileage
            where id = new.car_id and (mileage is null or mileage < new.mileage);
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger car_logs_raise_mileage after insert or update of mileage, car_id on car_logs
      for each row execute function car_logs_raise_mileage()`.execute(db);
  }
  await sql`update cars set mileage = (select max(l.mileage) from car_logs l where l.car_id = cars.id)
    where (select max(l.mileage) from car_logs l where l.car_id = cars.id) > coalesce(cars.mileage, -1)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const name of ['car_logs_raise_mileage_insert', 'car_logs_raise_mileage_update'])
      await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  } else {
    await sql`drop trigger if exists car_logs_raise_mileage on car_logs`.execute(db);
    await sql`drop function if exists car_logs_raise_mileage()`.execute(db);
  }
  await fuelIndex(db, FUEL_INDEX_COLUMNS);
  await db.schema.alterTable('car_logs').dropColumn('fuel_energy').execute();
  await db.schema.alterTable('car_logs').dropColumn('fuel_economy_confirmed').execute();
}
