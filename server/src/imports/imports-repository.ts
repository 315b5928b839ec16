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
     * inserted. With `energies`, the car's energies become those (the fills' new ones added).
     */
    async insertAll(
      logs: { log: CarLog; fingerprint: string }[],
      energies?: { carId: string; energyTypes: string[]; at: string },
    ): Promise<number> {
      if (logs.length === 0) return 0;
      return db.transaction().execute(async (trx) => {
        let inserted = 0;
        // The energies the file's fills are of join the car's, in the same transaction as the fills.
        if (energies)
          await trx
            .updateTable('cars')
            .set({
              energy_type: energies.energyTypes[0] ?? null,
              energy_types: energies.energyTypes.length > 1 ? JSON.stringify(energies.energyTypes) : null,
              updated_at: energies.at,
            })
            .where('id', '=', energies.carId)
            .execute();
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
