import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Paging a long log book (the budget in docs/BENCHMARKS.md: page 250 of 10,000 entries, ≥ 2,000 req/s).
// - The list orders by start date, then creation, then id (newest first). 0004's index lacked the
//   id, so every page sorted the car's whole log book; this one serves the order and the offset,
//   and seeks to a known page start (server/src/garage/car-log-page-starts.ts).
// - `cars.log_count` keeps each car's number of logs, so a page's `meta.total` is one row read, not
//   a count of thousands; `cars.log_version` grows with every change to the car's logs, so that
//   page starts kept in memory are never used once the log book changed.
//   Triggers keep both, in the transaction of each insert, update and delete of a log, whoever
//   writes it (the repository, a cascade, a seeding script): they cannot drift. This is the one
//   place where the dialects need their own SQL.
// - `cars.image` is looked up when a file's uses are listed and when an unused file is swept away.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('car_logs_car_order')
    .on('car_logs')
    .columns(['car_id', 'start_date desc', 'created_at desc', 'id desc'])
    .execute();
  await db.schema.dropIndex('car_logs_car_start_created').execute();
  await db.schema.createIndex('cars_image').on('cars').column('image').execute();

  await db.schema
    .alterTable('cars')
    .addColumn('log_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('cars')
    .addColumn('log_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`create trigger car_logs_book_insert after insert on car_logs begin
        update cars set log_count = log_count + 1, log_version = log_version + 1 where id = new.car_id;
      end`.execute(db);
    await sql`create trigger car_logs_book_delete after delete on car_logs begin
        update cars set log_count = log_count - 1, log_version = log_version + 1 where id = old.car_id;
      end`.execute(db);
    await sql`create trigger car_logs_book_update after update on car_logs begin
        update cars set log_version = log_version + 1 where id = old.car_id;
        update cars set log_count = log_count - 1 where id = old.car_id and old.car_id <> new.car_id;
        update cars set log_count = log_count + 1, log_version = log_version + 1
          where id = new.car_id and old.car_id <> new.car_id;
      end`.execute(db);
  } else {
    await sql`create function car_logs_book() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update cars set log_count = log_count + 1, log_version = log_version + 1 where id = new.car_id;
        elsif tg_op = 'DELETE' then
          update cars set log_count = log_count - 1, log_version = log_version + 1 where id = old.car_id;
        elsif old.car_id = new.car_id then
          update cars set log_version = log_version + 1 where id = old.car_id;
        else
          update cars set log_count = log_count - 1, log_version = log_version + 1 where id = old.car_id;
          update cars set log_count = log_count + 1, log_version = log_version + 1 where id = new.car_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger car_logs_book after insert or update or delete on car_logs
      for each row execute function car_logs_book()`.execute(db);
  }
  // Logs written before this migration.
  await sql`update cars set log_count = (select count(*) from car_logs where car_logs.car_id = cars.id)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const name of ['car_logs_book_insert', 'car_logs_book_delete', 'car_logs_book_update'])
      await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  } else {
    await sql`drop trigger if exists car_logs_book on car_logs`.execute(db);
    await sql`drop function if exists car_logs_book()`.execute(db);
  }
  await db.schema.alterTable('cars').dropColumn('log_version').execute();
  await db.schema.alterTable('cars').dropColumn('log_count').execute();
  await db.schema.dropIndex('cars_image').ifExists().execute();
  await db.schema
    .createIndex('car_logs_car_start_created')
    .on('car_logs')
    .columns(['car_id', 'start_date', 'created_at'])
    .execute();
  await db.schema.dropIndex('car_logs_car_order').ifExists().execute();
}
