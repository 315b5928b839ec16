// The imports' and exports' SQL: a car's logs as the fingerprints and the exports read them, and
// the one transaction an import writes its rows in.
import type { Kysely, Selectable } from 'kysely';
import type { CarLog } from '../../../src/contract/garage';
import type { CarLogsTable, Database } from '../db/schema';
import { carLogRowsInDateOrder, toCarLog, toRow } from '../garage/car-logs-repository';

/** Rows a statement inserts at once (19 columns each: well under SQLite's variable limit). */
const CHUNK = 500;

export interface StoredLog {
  log: CarLog;
  fingerprint: string | null;
}

export function importsRepository(db: Kysely<Database>) {
  return {
    /** Every log of a car, oldest first (no media: neither exports nor fingerprints need them). */
    async logsOf(carId: string): Promise<StoredLog[]> {
      const rows = await carLogRowsInDateOrder(db, carId);
      return rows.map((row) => ({
        log: toCarLog(row as Selectable<CarLogsTable>),
        fingerprint: row.import_fingerprint ?? null,
      }));
    },

    /**
     * Inserts the logs in one transaction: all or none. A fingerprint already stored for the car
     * (a concurrent import of the same rows) inserts nothing for that row. Answers how many were
     * inserted.
     */
    async insertAll(logs: { log: CarLog; fingerprint: string }[]): Promise<number> {
      if (logs.length === 0) return 0;
      return db.transaction().execute(async (trx) => {
        let inserted = 0;
        for (let i = 0; i < logs.length; i += CHUNK) {
          const values = logs
            .slice(i, i + CHUNK)
            .map(({ log, fingerprint }) => ({ ...toRow(log), import_fingerprint: fingerprint }));
          const result = await trx
            .insertInto('car_logs')
            .values(values)
            .onConflict((oc) => oc.columns(['car_id', 'import_fingerprint']).doNothing())
            .executeTakeFirst();
          inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
        }
        return inserted;
      });
    },
  };
}

export type ImportsRepository = ReturnType<typeof importsRepository>;
