import { sql, SqliteAdapter, type Kysely } from 'kysely';

// The reminders' answer kept per process (GET /reminders, 20 cars × 10 reminders, ≥ 2,000
// req/s): `cars.reminders_version` grows with every insert and delete of a reminder of the car and
// every update of what a reminder answers (a reminder moved to another car moves both cars'), so that
// an answer kept in memory is never used once a reminder changed. Triggers keep it, in the
// transaction of each write, whoever writes (the repository, a cascade, a script), like
// `cars.log_version` (migration 0006). An update of the told state alone (`notified_state`, never on
// the wire) moves nothing: the updates are listed by column (`update of`), every column but that
// one, so that a batch of told states (one transaction for many cars) never locks cars rows, and two
// of them never deadlock on PostgreSQL. A column added to `reminders` joins the list here.
const ANSWERED = [
  'id',
  'owner_id',
  'car_id',
  'title',
  'log_type',
  'interval_months',
  'interval_distance',
  'due_date',
  'due_mileage',
  'soon_days',
  'soon_distance',
  'notes',
  'created_mileage',
  'created_at',
  'updated_at',
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('cars')
    .addColumn('reminders_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const columns = sql.raw(ANSWERED.join(', '));
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`create trigger reminders_version_insert after insert on reminders begin
        update cars set reminders_version = reminders_version + 1 where id = new.car_id;
      end`.execute(db);
    await sql`create trigger reminders_version_delete after delete on reminders begin
        update cars set reminders_version = reminders_version + 1 where id = old.car_id;
      end`.execute(db);
    await sql`create trigger reminders_version_update after update of ${columns} on reminders begin
        update cars set reminders_version = reminders_version + 1 where id = old.car_id;
        update cars set reminders_version = reminders_version + 1
          where id = new.car_id and old.car_id <> new.car_id;
      end`.execute(db);
  } else {
    await sql`create function reminders_version() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update cars set reminders_version = reminders_version + 1 where id = new.car_id;
        elsif tg_op = 'DELETE' then
          update cars set reminders_version = reminders_version + 1 where id = old.car_id;
        elsif old.car_id = new.car_id then
          update cars set reminders_version = reminders_version + 1 where id = old.car_id;
        else
          update cars set reminders_version = reminders_version + 1 where id = old.car_id;
          update cars set reminders_version = reminders_version + 1 where id = new.car_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger reminders_version after insert or delete or update of ${columns} on reminders
      for each row execute function reminders_version()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const name of ['reminders_version_insert', 'reminders_version_delete', 'reminders_version_update'])
      await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  } else {
    await sql`drop trigger if exists reminders_version on reminders`.execute(db);
    await sql`drop function if exists reminders_version()`.execute(db);
  }
  await db.schema.alterTable('cars').dropColumn('reminders_version').execute();
}
