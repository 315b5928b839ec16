// Selling a car with its logbook: the car_transfers, car_owners and car_sales tables
// (migration 0023) and the one transaction that hands a car over. The only code that runs SQL on them.
import { sql, type ExpressionBuilder, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { CarLog } from '../../../src/contract/garage';
import type { CarLogsTable, CarsTable, Database, RemindersTable } from '../db/schema';
import { toCarLog } from './car-logs-repository';
import { toCar } from './cars-repository';
import {
  droppedColumns,
  filesHandedOver,
  LOG_COLUMNS_KEPT_BY,
  REMINDER_COLUMNS_KEPT_BY,
  carColumnsDroppedAtSale,
  PAPER_KINDS_AT_SALE,
  reminderSourcesDroppedAtSale,
} from './car-transfers-handover';
import { insertIfNew } from '../db/insert-if-new';
import { columnValues, hasRow } from '../db/paging';

export interface CarTransfersTable {
  id: string;
  car_id: string;
  /** The car's id while pending, null once answered: the unique index allows one pending per car. */
  pending_car_id: string | null;
  from_user_id: string;
  to_user_id: string;
  keep_costs: number;
  keep_notes: number;
  /** pending, accepted, declined or cancelled */
  status: string;
  created_at: string;
  answered_at: string | null;
}

export interface CarOwnersTable {
  car_id: string;
  user_id: string;
  from_date: string;
  to_date: string;
}

export interface CarSalesTable {
  id: string;
  seller_id: string;
  car_id: string;
  buyer_id: string | null;
  buyer_name: string;
  /** JSON of the Car on the day of sale. */
  car_json: string;
  /** JSON of its CarLog[] (date order) on the day of sale. */
  logs_json: string;
  sold_at: string;
}

declare module '../db/schema' {
  interface Database {
    car_transfers: CarTransfersTable;
    car_owners: CarOwnersTable;
    car_sales: CarSalesTable;
  }
}

export type CarTransferRow = Selectable<CarTransfersTable>;
export type CarSaleRow = Selectable<CarSalesTable>;

/** What an accepted transfer changed: who must be told. */
export interface HandOver {
  transfer: CarTransferRow;
  /** The members the car was shared with (removed by the sale). */
  formerMembers: string[];
}

export function carTransfersRepository(db: Kysely<Database>) {
  return {
    async find(id: string): Promise<CarTransferRow | undefined> {
      return db.selectFrom('car_transfers').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Inserts a pending transfer unless the car has one already; true when written. */
    async insertPending(row: CarTransferRow): Promise<boolean> {
      return insertIfNew(db.insertInto('car_transfers').values(row), 'pending_car_id');
    },

    /** How many offers the seller made since `since` (ISO), whatever became of them, and the first. */
    async offersSince(sellerId: string, since: string): Promise<{ count: number; first: string | null }> {
      const row = await db
        .selectFrom('car_transfers')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('first')])
        .where('from_user_id', '=', sellerId)
        .where('created_at', '>', since)
        .executeTakeFirst();
      return { count: Number(row?.n ?? 0), first: (row?.first as string | null | undefined) ?? null };
    },

    /** When the member last declined this car, if since `since` (ISO). */
    async declinedSince(carId: string, buyerId: string, since: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('car_transfers')
        .select((eb) => eb.fn.max('answered_at').as('at'))
        .where('car_id', '=', carId)
        .where('to_user_id', '=', buyerId)
        .where('status', '=', 'declined')
        .where('answered_at', '>', since)
        .executeTakeFirst();
      return (row?.at as string | null | undefined) ?? undefined;
    },

    /** pending → declined or cancelled; true for the one caller that changed it. */
    async close(id: string, status: 'declined' | 'cancelled', at: string): Promise<boolean> {
      const result = await db
        .updateTable('car_transfers')
        .set({ status, answered_at: at, pending_car_id: null })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The pending transfers the member offered or is offered, newest first. */
    async pendingOf(memberId: string): Promise<CarTransferRow[]> {
      return db
        .selectFrom('car_transfers')
        .selectAll()
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('from_user_id', '=', memberId), eb('to_user_id', '=', memberId)]))
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },

    /**
     * The sale, in one transaction: the transfer becomes accepted (only while pending: undefined
     * otherwise, nothing changed), the seller's record of the car is written, the car, its logs,
     * reminders and files become the buyer's, costs and notes are dropped when not kept, and the
     * members, the public history links and the former owner's access go.
     */
    async accept(id: string, buyerId: string, buyerName: string, at: string): Promise<HandOver | undefined> {
      return db.transaction().execute(async (trx) => {
        const answered = await trx
          .updateTable('car_transfers')
          .set({ status: 'accepted', answered_at: at, pending_car_id: null })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .where('to_user_id', '=', buyerId)
          .executeTakeFirst();
        if (Number(answered.numUpdatedRows) === 0) return undefined;
        const transfer = await trx
          .selectFrom('car_transfers')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const carId = transfer.car_id;
        const sellerId = transfer.from_user_id;
        // The car changes hands first: its row is locked from here (a seller's write waits, then is refused).
        const moved = await trx
          .updateTable('cars')
          .set({ owner_id: buyerId, updated_at: at })
          .where('id', '=', carId)
          .where('owner_id', '=', sellerId)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) === 0)
          throw new Error('car transfer: the seller no longer owns the car');
        const car = await trx
          .selectFrom('cars')
          .selectAll()
          .where('id', '=', carId)
          .executeTakeFirstOrThrow();
        const logRows = await trx
          .selectFrom('car_logs')
          .selectAll()
          .where('car_id', '=', carId)
          .orderBy('start_date')
          .orderBy('created_at')
          .orderBy('id')
          .execute();
        const soldCar = { ...toCar({ ...car, owner_id: sellerId }), image: null, role: 'owner' as const };
        const soldLogs: CarLog[] = logRows.map((row) => ({ ...toCarLog(row), media: [] }));
        await trx
          .insertInto('car_sales')
          .values({
            id: transfer.id,
            seller_id: sellerId,
            car_id: carId,
            buyer_id: buyerId,
            buyer_name: buyerName,
            car_json: JSON.stringify(soldCar),
            logs_json: JSON.stringify(soldLogs),
            sold_at: at,
          })
          .execute();

        // The seller held the car since they bought it (their own acceptance) or made it.
        const last = await trx
          .selectFrom('car_owners')
          .select((eb) => eb.fn.max('to_date').as('last'))
          .where('car_id', '=', carId)
          .executeTakeFirst();
        await trx
          .insertInto('car_owners')
          .values({
            car_id: carId,
            user_id: sellerId,
            from_date: (last?.last as string | null | undefined) ?? car.created_at,
            to_date: at,
          })
          .execute();

        // The logs written in the seller's time say so (the buyer's own, as a member, stay theirs).
        await trx
          .updateTable('car_logs')
          .set({ former_owner_id: sellerId })
          .where('car_id', '=', carId)
          .where('former_owner_id', 'is', null)
          .where((eb) => eb.or([eb('author_id', 'is', null), eb('author_id', '!=', buyerId)]))
          .execute();
        // What the seller did not keep never reaches the buyer: every column is classified by the
        // choice that keeps it (car-transfers-handover.ts), and what is not kept is gone from the rows.
        const choices = { keepCosts: Boolean(transfer.keep_costs), keepNotes: Boolean(transfer.keep_notes) };
        await trx
          .updateTable('car_logs')
          .set({ ...droppedColumns<CarLogsTable>(LOG_COLUMNS_KEPT_BY, choices), updated_at: at })
          .where('car_id', '=', carId)
          .execute();
        await trx
          .updateTable('reminders')
          .set({
            ...droppedColumns<RemindersTable>(REMINDER_COLUMNS_KEPT_BY, choices),
            owner_id: buyerId,
            updated_at: at,
          })
          .where('car_id', '=', carId)
          .execute();

        // The seller's own fields of the car (its insurance date) and the reminders made from them go;
        // its papers go with the car or stay the seller's by their kind (car-transfers-handover.ts).
        await trx
          .updateTable('cars')
          .set(carColumnsDroppedAtSale() as unknown as Updateable<CarsTable>)
          .where('id', '=', carId)
          .execute();
        await trx
          .deleteFrom('reminders')
          .where('car_id', '=', carId)
          .where('source', 'in', reminderSourcesDroppedAtSale())
          .execute();
        const paperKinds = (kept: 'car' | 'seller') =>
          Object.entries(PAPER_KINDS_AT_SALE)
            .filter(([, at]) => at === kept)
            .map(([kind]) => kind);
        const papersOf = (kept: 'car' | 'seller') => (eb: ExpressionBuilder<Database, 'media'>) =>
          eb(
            'id',
            'in',
            eb
              .selectFrom('car_papers')
              .select('car_papers.media_id')
              .where('car_papers.car_id', '=', carId)
              .where('car_papers.kind', 'in', paperKinds(kept)),
          );
        await trx.updateTable('media').set({ owner_id: buyerId }).where(papersOf('car')).execute();
        await trx.updateTable('media').set({ owner_id: sellerId }).where(papersOf('seller')).execute();
        await trx
          .deleteFrom('car_papers')
          .where('car_id', '=', carId)
          .where('kind', 'in', paperKinds('seller'))
          .execute();

        const logFiles = (eb: ExpressionBuilder<Database, 'media'>) =>
          eb(
            'id',
            'in',
            eb
              .selectFrom('car_log_media')
              .innerJoin('car_logs', 'car_logs.id', 'car_log_media.car_log_id')
              .select('car_log_media.media_id')
              .where('car_logs.car_id', '=', carId),
          );
        if (filesHandedOver(choices)) {
          // The logs' files are the buyer's now.
          await trx.updateTable('media').set({ owner_id: buyerId }).where(logFiles).execute();
        } else {
          // Receipts are costs: the files leave the logs and stay the seller's (their files screen),
          // whoever uploaded them, as the logs they belonged with were the seller's car's.
          await trx.updateTable('media').set({ owner_id: sellerId }).where(logFiles).execute();
          await trx
            .deleteFrom('car_log_media')
            .where('car_log_id', 'in', trx.selectFrom('car_logs').select('id').where('car_id', '=', carId))
            .execute();
        }
        // The car's own image goes with the car.
        if (car.image)
          await trx.updateTable('media').set({ owner_id: buyerId }).where('id', '=', car.image).execute();

        const formerMembers = await columnValues(
          trx.selectFrom('car_members').select('user_id').where('car_id', '=', carId),
          'user_id',
        );
        await trx.deleteFrom('car_members').where('car_id', '=', carId).execute();
        // The seller's public history links showed their car: they go with it.
        await sql`delete from history_links where car_id = ${carId}`.execute(trx);
        return { transfer: { ...transfer }, formerMembers };
      });
    },

    /** The seller's sold records, newest first. */
    async sales(sellerId: string): Promise<CarSaleRow[]> {
      return db
        .selectFrom('car_sales')
        .selectAll()
        .where('seller_id', '=', sellerId)
        .orderBy('sold_at', 'desc')
        .orderBy('id')
        .execute();
    },

    async sale(sellerId: string, id: string): Promise<CarSaleRow | undefined> {
      return db
        .selectFrom('car_sales')
        .selectAll()
        .where('seller_id', '=', sellerId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The car's former owners' periods (oldest first) and its first log's date. */
    async owners(carId: string): Promise<{ former: { from: string; to: string }[]; since: string | null }> {
      const [former, first] = await Promise.all([
        db
          .selectFrom('car_owners')
          .select(['from_date', 'to_date'])
          .where('car_id', '=', carId)
          .orderBy('to_date')
          .execute(),
        db
          .selectFrom('car_logs')
          .select((eb) => eb.fn.min('start_date').as('since'))
          .where('car_id', '=', carId)
          .executeTakeFirst(),
      ]);
      return {
        former: former.map((r) => ({ from: r.from_date, to: r.to_date })),
        since: (first?.since as string | null | undefined) ?? null,
      };
    },

    /** Whether the member exists and is not deleted (a tombstone never buys a car). */
    isMember: (id: string): Promise<boolean> =>
      hasRow(db.selectFrom('users').where('id', '=', id).where('deleted_at', 'is', null)),

    /** A member by their exact username (case-insensitive); never a deleted one, never by e-mail. */
    async findMember(username: string) {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'first_name', 'last_name', 'avatar'])
        .where('deleted_at', 'is', null)
        .where('username_lower', '=', username.trim().toLowerCase())
        .executeTakeFirst();
    },
  };
}

export type CarTransfersRepository = ReturnType<typeof carTransfersRepository>;
