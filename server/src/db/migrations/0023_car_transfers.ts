import type { Kysely } from 'kysely';

// Selling a car with its logbook. A transfer is offered by the car's owner to another
// member (pending) and answered once: accepted, declined or cancelled by the seller. On acceptance
// the car and everything of it become the buyer's in one transaction (car-transfers-repository.ts):
// - `car_owners` keeps the car's one history through owners: one row per former owner, with the
//   dates they held it (`from_date` .. `to_date`), so the buyer's page says "N owners";
// - `car_logs.former_owner_id` says a log was written in a former owner's time (null: the current one's);
// - `car_sales` is the seller's read-only record of the car as it was on the day of sale: the car's
//   and its logs' JSON at that moment, readable by the seller only. It does not reference `cars`
//   (the car lives on with the buyer, or is deleted by them: the record stays).
// One pending transfer per car: a unique index on the car's pending row (`pending_car_id` is the
// car's id while pending, null once answered; nulls never collide in either dialect).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('car_transfers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('car_id', 'text', (c) => c.notNull().references('cars.id').onDelete('cascade'))
    .addColumn('pending_car_id', 'text')
    .addColumn('from_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('keep_costs', 'integer', (c) => c.notNull())
    .addColumn('keep_notes', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text')
    .execute();
  await db.schema
    .createIndex('car_transfers_pending')
    .on('car_transfers')
    .column('pending_car_id')
    .unique()
    .execute();
  await db.schema.createIndex('car_transfers_car').on('car_transfers').column('car_id').execute();
  await db.schema
    .createIndex('car_transfers_to')
    .on('car_transfers')
    .columns(['to_user_id', 'status'])
    .execute();

  await db.schema
    .createTable('car_owners')
    .addColumn('car_id', 'text', (c) => c.notNull().references('cars.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('from_date', 'text', (c) => c.notNull())
    .addColumn('to_date', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('car_owners_pk', ['car_id', 'from_date', 'user_id'])
    .execute();

  await db.schema
    .createTable('car_sales')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('car_id', 'text', (c) => c.notNull())
    .addColumn('buyer_id', 'text')
    .addColumn('buyer_name', 'text', (c) => c.notNull())
    .addColumn('car_json', 'text', (c) => c.notNull())
    .addColumn('logs_json', 'text', (c) => c.notNull())
    .addColumn('sold_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('car_sales_seller').on('car_sales').columns(['seller_id', 'sold_at']).execute();

  await db.schema.alterTable('car_logs').addColumn('former_owner_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('car_logs').dropColumn('former_owner_id').execute();
  await db.schema.dropTable('car_sales').ifExists().execute();
  await db.schema.dropTable('car_owners').ifExists().execute();
  await db.schema.dropTable('car_transfers').ifExists().execute();
}
