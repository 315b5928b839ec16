import type { CompiledQuery, Kysely, Selectable } from 'kysely';
import type { CarLog } from '../../../src/contract/garage';
import type { FuelLog, OdometerReading } from '../../../src/contract/maintenance';
import { readRows, readValues, withValues } from '../db/fast-read';
import type { CarLogsTable, Database } from '../db/schema';
import { withMedia } from '../media/car-log-media';
import { mediaRepository } from '../media/media-repository';
import { pageStarts, type ListKey } from './car-log-page-starts';
import { countRows } from '../db/paging';
import {
  fuelOfRow,
  LOG_COLUMNS_OF,
  LOG_FIELD_COLUMNS,
  logFieldsOfRow,
  logFieldsToRow,
} from './field-columns';

/** A log with its car's owner, so the service can check access without a second query. */
export interface OwnedCarLog {
  log: CarLog;
  ownerId: string;
}

/** What a list of a car's logs needs to know of the car, in one row read. */
export interface LogBook {
  ownerId: string;
  /** `cars.log_count`, kept by the triggers of migration 0006. */
  logCount: number;
  /** Changes with every change to the car's logs (see car-log-page-starts.ts). */
  version: string;
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

/** What a log's answer reads of its row (the import fingerprint stays in the database). */
type LogRow = Omit<Selectable<CarLogsTable>, 'import_fingerprint'>;
/** Its columns (Kysely's key type of an optional column carries an undefined, dropped here). */
type LogColumn = Exclude<keyof LogRow, undefined>;

/**
 * Every column a page of logs reads: the columns of the contract's fields (garage/field-columns.ts)
 * and the row's own (tests/server/log-fields.test.ts compares them with the table's columns).
 */
export const PAGE_COLUMNS: readonly LogColumn[] = [
  'id',
  ...(LOG_FIELD_COLUMNS as LogColumn[]),
  'author_id',
  'former_owner_id',
  'created_at',
  'updated_at',
];

/**
 * A page's row from its values (readValues), by column name: one object shape, built here, not by
 * the driver, the same for every row (the keys are set in the same order each time).
 */
function pageRow(v: unknown[]): LogRow {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < PAGE_COLUMNS.length; i++) row[PAGE_COLUMNS[i]!] = v[i];
  return row as LogRow;
}

/** What the reminder rules read of a car's logs (src/contract/maintenance): its history. */
export interface HistoryLog {
  id: string;
  carId: string;
  type: string;
  startDate: string;
  mileage: number | null;
}

export function toCarLog(row: LogRow): CarLog {
  const log: Record<string, unknown> = { id: row.id };
  logFieldsOfRow(row, log);
  if (row.author_id) log.authorId = row.author_id;
  if (row.former_owner_id) log.formerOwner = true;
  // Filled from car_log_media by withMedia.
  log.media = [];
  log.createdAt = row.created_at;
  log.updatedAt = row.updated_at;
  return log as CarLog;
}

export function toRow(log: CarLog): Omit<Selectable<CarLogsTable>, 'import_fingerprint' | 'former_owner_id'> {
  const row: Record<string, unknown> = { id: log.id };
  logFieldsToRow(log, row);
  row.author_id = log.authorId ?? null;
  row.created_at = log.createdAt;
  row.updated_at = log.updatedAt;
  return row as Omit<Selectable<CarLogsTable>, 'import_fingerprint' | 'former_owner_id'>;
}

const listKey = (row: LogRow): ListKey => ({
  startDate: row.start_date,
  createdAt: row.created_at,
  id: row.id,
});

/**
 * Every log row of a car in date order, oldest first, without files: the one read the exports,
 * imports (fingerprints) and the resale dossier share.
 */
export function carLogRowsInDateOrder(
  db: Kysely<Database>,
  carId: string,
): Promise<Selectable<CarLogsTable>[]> {
  return db
    .selectFrom('car_logs')
    .selectAll()
    .where('car_id', '=', carId)
    .orderBy('start_date', 'asc')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute() as Promise<Selectable<CarLogsTable>[]>;
}

export function carLogsRepository(db: Kysely<Database>) {
  // Per repository (so per app and database), never shared across databases.
  const starts = pageStarts();
  // The garage's busiest reads (GET /car-logs/{carId}, and a first sync's pages) are built and
  // compiled once and run on their prepared statement (db/fast-read.ts); a call binds its values
  // in the compiled order.
  const bookQuery = db
    .selectFrom('cars')
    .select(['owner_id', 'log_count', 'log_version', 'created_at'])
    .where('id', '=', '')
    .compile();
  const pageQueries = new Map<string, CompiledQuery<unknown>>();
  /** Values: car id, [type], [start date, created at, id of the row before], limit, [offset]. */
  function pageQuery(typed: boolean, seek: boolean, walk: boolean): CompiledQuery<unknown> {
    const key = `${typed}${seek}${walk}`;
    let compiled = pageQueries.get(key);
    if (!compiled) {
      let query = db.selectFrom('car_logs').select(PAGE_COLUMNS).where('car_id', '=', '');
      if (typed) query = query.where('type', '=', '');
      if (seek)
        query = query.where(({ eb, refTuple, tuple }) =>
          eb(refTuple('start_date', 'created_at', 'id'), '<', tuple('', '', '')),
        );
      query = query
        .orderBy('start_date', 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(0);
      compiled = (walk ? query.offset(0) : query).compile();
      pageQueries.set(key, compiled);
    }
    return compiled;
  }
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

    async logBookOf(carId: string): Promise<LogBook | undefined> {
      const [car] = await readRows(db, withValues(bookQuery, [carId]));
      if (!car) return undefined;
      // The creation time tells a car deleted and made again under the same id from the first one.
      const version = `${car.created_at}#${Number(car.log_version)}`;
      return { ownerId: car.owner_id, logCount: Number(car.log_count), version };
    },

    /**
     * One page of a car's logs: latest start date first, then latest created. Served by the
     * car_logs_car_order index, without a sort. With the log book's `version`, a page whose start
     * is known is read by seeking to it; otherwise the offset is walked once and the starts of this
     * page and the next are kept.
     */
    async listByCar(
      carId: string,
      { limit, offset, type }: { limit: number; offset: number; type?: string },
      version?: string,
    ): Promise<CarLog[]> {
      const after =
        version !== undefined && offset > 0 ? starts.get(carId, version, type, offset) : undefined;
      const typed = type !== undefined ? [type] : [];
      let values: unknown[][];
      if (after) {
        const bound = [carId, ...typed, after.startDate, after.createdAt, after.id, limit];
        values = await readValues(db, withValues(pageQuery(type !== undefined, true, false), bound));
      } else if (offset === 0) {
        const bound = [carId, ...typed, limit];
        values = await readValues(db, withValues(pageQuery(type !== undefined, false, false), bound));
      } else {
        // The row before the page comes along: it is where this page starts next time.
        const bound = [carId, ...typed, limit + 1, offset - 1];
        const read = await readValues(db, withValues(pageQuery(type !== undefined, false, true), bound));
        if (version !== undefined && read[0])
          starts.set(carId, version, type, offset, listKey(pageRow(read[0])));
        values = read.slice(1);
      }
      const rows = values.map(pageRow);
      // Paging on (a first sync, a scroll) reads the next page by seeking too.
      const last = rows[limit - 1];
      if (version !== undefined && last) starts.set(carId, version, type, offset + limit, listKey(last));
      return withMedia(db, rows.map(toCarLog));
    },

    /** A car's number of logs of one type (the type filter's total). */
    countOfType: (carId: string, type: string): Promise<number> =>
      countRows(db.selectFrom('car_logs').where('car_id', '=', carId).where('type', '=', type)),

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

    /** A car's dated odometer readings: its logs with a mileage. */
    async readingsOf(carId: string): Promise<OdometerReading[]> {
      const rows = await db
        .selectFrom('car_logs')
        .select(['id', 'start_date', 'mileage'])
        .where('car_id', '=', carId)
        .where('mileage', 'is not', null)
        .execute();
      return rows.map((r) => ({ logId: r.id, date: r.start_date, mileage: Number(r.mileage) }));
    },

    /** The logs of these cars, only the columns the reminder rules read. */
    async historyOf(carIds: readonly string[]): Promise<HistoryLog[]> {
      if (carIds.length === 0) return [];
      const rows = await db
        .selectFrom('car_logs')
        .select(['id', 'car_id', 'type', 'start_date', 'mileage'])
        .where('car_id', 'in', [...carIds])
        .execute();
      const history = new Array<HistoryLog>(rows.length);
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i]!;
        history[i] = {
          id: r.id,
          carId: r.car_id,
          type: r.type,
          startDate: r.start_date,
          mileage: r.mileage === null ? null : Number(r.mileage),
        };
      }
      return history;
    },

    /**
     * A car's fill-ups as the fuel economy reads them, in odometer order (the rule sorts again; a
     * sorted input costs it one pass). Served by the partial index car_logs_fuel alone (migration
     * 0020): only the fill-ups, only the columns the rule reads, no table row and no sort.
     */
    async fuelFillsOf(carId: string): Promise<FuelLog[]> {
      const rows = await db
        .selectFrom('car_logs')
        .select(['id', 'start_date', 'mileage', 'cost_cents', 'currency_code', ...LOG_COLUMNS_OF.fuel])
        .where('car_id', '=', carId)
        .where('fuel_quantity', 'is not', null)
        .orderBy('mileage')
        .orderBy('start_date')
        .orderBy('id')
        .execute();
      const fills = new Array<FuelLog>(rows.length);
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i]!;
        fills[i] = {
          id: r.id,
          startDate: r.start_date,
          mileage: r.mileage === null ? null : Number(r.mileage),
          cost: r.cost_cents === null ? null : Number(r.cost_cents) / 100,
          currencyCode: r.currency_code,
          fuel: fuelOfRow(r) ?? null,
        };
      }
      return fills;
    },

    /**
     * Inserts unless the id exists already (a replayed create); true when a row was written. With
     * files (media rows already saved, linked to nothing yet), the log and its links are written in
     * one transaction: a process killed half-way leaves no log, or the log with all its files.
     */
    async insert(log: CarLog, fileIds: string[] = []): Promise<boolean> {
      const write = async (trx: Kysely<Database>) => {
        const result = await trx
          .insertInto('car_logs')
          .values(toRow(log))
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirst();
        const inserted = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
        if (inserted && fileIds.length > 0) await mediaRepository(trx).linkToLog(log.id, fileIds);
        return inserted;
      };
      return fileIds.length === 0 ? write(db) : db.transaction().execute(write);
    },

    async replace(log: CarLog): Promise<void> {
      const { id, created_at: _created, ...changes } = toRow(log);
      await db.updateTable('car_logs').set(changes).where('id', '=', id).execute();
    },

    /**
     * Deletes the log and the media it alone used, in one transaction. Answers the storage keys of
     * the files to remove (after the commit).
     */
    async delete(id: string): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const media = mediaRepository(trx);
        const owned = await media.idsOfLog(id);
        // The foreign key cascades too; explicit, so the sweep below never depends on it.
        await trx.deleteFrom('car_log_media').where('car_log_id', '=', id).execute();
        await trx.deleteFrom('car_logs').where('id', '=', id).execute();
        return media.deleteUnused(owned);
      });
    },
  };
}

export type CarLogsRepository = ReturnType<typeof carLogsRepository>;
