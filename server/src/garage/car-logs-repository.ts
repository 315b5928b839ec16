import type { Kysely, Selectable } from 'kysely';
import type { CarLog } from '../../../src/contract/garage';
import type { CarLogsTable, Database } from '../db/schema';
import { withMedia } from '../media/car-log-media';

/** A log with its car's owner, so the service can check access without a second query. */
export interface OwnedCarLog {
  log: CarLog;
  ownerId: string;
}

/** The columns the stats need, one row per log. */
export interface CarLogStatsRow {
  type: string;
  costCents: number | null;
  currencyCode: string | null;
  startDate: string;
  mileage: number | null;
}

const toNumber = (value: number | null) => (value === null ? null : Number(value));

function toCarLog(row: Selectable<CarLogsTable>): CarLog {
  return {
    id: row.id,
    carId: row.car_id,
    type: row.type,
    title: row.title,
    content: row.content,
    location: row.location,
    tags: JSON.parse(row.tags) as string[],
    cost: row.cost_cents === null ? null : Number(row.cost_cents) / 100,
    currencyCode: row.currency_code,
    startDate: row.start_date,
    mileage: toNumber(row.mileage),
    // Filled from car_log_media by withMedia.
    media: [],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRow(log: CarLog): Selectable<CarLogsTable> {
  return {
    id: log.id,
    car_id: log.carId,
    type: log.type,
    title: log.title,
    content: log.content,
    location: log.location,
    tags: JSON.stringify(log.tags),
    // Cents, rounded: the service has checked that cost has at most two decimals.
    cost_cents: log.cost === null ? null : Math.round(log.cost * 100),
    currency_code: log.currencyCode,
    start_date: log.startDate,
    mileage: log.mileage,
    created_at: log.createdAt,
    updated_at: log.updatedAt,
  };
}

export function carLogsRepository(db: Kysely<Database>) {
  return {
    async findById(id: string): Promise<OwnedCarLog | undefined> {
      const row = await db
        .selectFrom('car_logs')
        .innerJoin('cars', 'cars.id', 'car_logs.car_id')
        .selectAll('car_logs')
        .select('cars.owner_id')
        .where('car_logs.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const { owner_id: ownerId, ...log } = row;
      const [withFiles] = await withMedia(db, [toCarLog(log)]);
      return { log: withFiles!, ownerId };
    },

    /** One page of a car's logs: latest start date first, then latest created. */
    async listByCar(
      carId: string,
      { limit, offset, type }: { limit: number; offset: number; type?: string },
    ): Promise<{ items: CarLog[]; total: number }> {
      let base = db.selectFrom('car_logs').where('car_id', '=', carId);
      if (type !== undefined) base = base.where('type', '=', type);
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('start_date', 'desc')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: await withMedia(db, rows.map(toCarLog)), total: Number(count.total) };
    },

    async statsRows(carId: string): Promise<CarLogStatsRow[]> {
      const rows = await db
        .selectFrom('car_logs')
        .select(['type', 'cost_cents', 'currency_code', 'start_date', 'mileage'])
        .where('car_id', '=', carId)
        .execute();
      return rows.map((r) => ({
        type: r.type,
        costCents: toNumber(r.cost_cents),
        currencyCode: r.currency_code,
        startDate: r.start_date,
        mileage: toNumber(r.mileage),
      }));
    },

    /** Inserts unless the id exists already (a replayed create); true when a row was written. */
    async insert(log: CarLog): Promise<boolean> {
      const result = await db
        .insertInto('car_logs')
        .values(toRow(log))
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async replace(log: CarLog): Promise<void> {
      const { id, created_at: _created, ...changes } = toRow(log);
      await db.updateTable('car_logs').set(changes).where('id', '=', id).execute();
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('car_logs').where('id', '=', id).execute();
    },
  };
}

export type CarLogsRepository = ReturnType<typeof carLogsRepository>;
