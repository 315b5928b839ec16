import { sql, type Kysely } from 'kysely';

// Shared cars: the owner shares a car with friends, each with a role (viewer, driver,
// editor). An invitation is a pending row; accepting it makes the member an accepted one; declining,
// leaving or being removed deletes the row. The owner is never a row here: `cars.owner_id` says who.
// A car log now says who wrote it (`author_id`): the logs written before sharing existed are the
// car owner's, so the existing rows take their car's owner.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('car_members')
    .addColumn('car_id', 'text', (c) => c.notNull().references('cars.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text')
    .addPrimaryKeyConstraint('car_members_pk', ['car_id', 'user_id'])
    .execute();
  // "The cars shared with me" (GET /cars/feed) and every access check by member.
  await db.schema.createIndex('car_members_user').on('car_members').columns(['user_id', 'status']).execute();

  await db.schema.alterTable('car_logs').addColumn('author_id', 'text').execute();
  await sql`update car_logs set author_id = (select cars.owner_id from cars where cars.id = car_logs.car_id)
            where author_id is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('car_logs').dropColumn('author_id').execute();
  await db.schema.dropTable('car_members').ifExists().execute();
}
