import type { Insertable, Kysely, Selectable } from 'kysely';
import { vinCheckDigitWrong, type Car } from '../../../src/contract/garage';
import type { CarsTable, Database } from '../db/schema';
import { mediaRepository } from '../media/media-repository';
import { newestFirstPage } from '../db/paging';
import { mediaUrl } from '../media/media-url';
import { insertIfNew } from '../db/insert-if-new';
import { carFieldsOfRow, carFieldsToRow } from './field-columns';

export function toCar(row: Selectable<CarsTable>): Car {
  const car: Record<string, unknown> = { id: row.id, ownerId: row.owner_id };
  carFieldsOfRow(row, car);
  if (row.vin && vinCheckDigitWrong(row.vin)) car.vinWarning = 'checkDigit';
  // The column holds a media id; members get the URL that serves it.
  car.image = row.image === null ? null : mediaUrl(row.image);
  car.createdAt = row.created_at;
  car.updatedAt = row.updated_at;
  return car as Car;
}

function toRow(car: Car): Insertable<CarsTable> {
  const row: Record<string, unknown> = { id: car.id, owner_id: car.ownerId };
  carFieldsToRow(car, row);
  row.image = car.image === null ? null : (car.image.split('/').pop() ?? null);
  row.created_at = car.createdAt;
  row.updated_at = car.updatedAt;
  return row as Insertable<CarsTable>;
}

export function carsRepository(db: Kysely<Database>) {
  return {
    async findById(id: string): Promise<Car | undefined> {
      const row = await db.selectFrom('cars').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toCar(row);
    },

    /** The highest odometer reading among the car's logs (null: none has one). */
    async highestReading(id: string): Promise<number | null> {
      const row = await db
        .selectFrom('car_logs')
        .select((eb) => eb.fn.max('mileage').as('highest'))
        .where('car_id', '=', id)
        .executeTakeFirst();
      return row?.highest === null || row?.highest === undefined ? null : Number(row.highest);
    },

    /** The owner's cars, newest first. */
    async listByOwner(
      ownerId: string,
      limit: number,
      offset: number,
    ): Promise<{ items: Car[]; total: number }> {
      const base = db.selectFrom('cars').where('owner_id', '=', ownerId);
      const { rows, total } = await newestFirstPage(base, limit, offset);
      return { items: rows.map(toCar), total };
    },

    /** Inserts unless the id exists already (a replayed create); true when a row was written. */
    async insert(car: Car): Promise<boolean> {
      return insertIfNew(db.insertInto('cars').values(toRow(car)), 'id');
    },

    /**
     * Writes the car; a replaced image's row goes with it when nothing else uses that file.
     * Answers the storage keys of the files to remove (after the commit).
     */
    async replace(car: Car): Promise<string[]> {
      const { id, owner_id: _owner, created_at: _created, ...changes } = toRow(car);
      return db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('cars').select('image').where('id', '=', id).executeTakeFirst();
        await trx.updateTable('cars').set(changes).where('id', '=', id).execute();
        const previous = before?.image ?? null;
        if (previous === null || previous === changes.image) return [];
        return mediaRepository(trx).deleteUnused([previous]);
      });
    },

    /**
     * Deletes the car, its logs (the foreign key cascades too) and the media they alone used, in
     * one transaction. Answers the storage keys of the files to remove (after the commit).
     */
    async delete(id: string): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const media = mediaRepository(trx);
        const owned = await media.idsOfCar(id);
        // The foreign keys cascade too; explicit, so the sweep below never depends on them.
        await trx
          .deleteFrom('car_log_media')
          .where('car_log_id', 'in', trx.selectFrom('car_logs').select('id').where('car_id', '=', id))
          .execute();
        await trx.deleteFrom('car_logs').where('car_id', '=', id).execute();
        await trx.deleteFrom('car_papers').where('car_id', '=', id).execute();
        await trx.deleteFrom('cars').where('id', '=', id).execute();
        return media.deleteUnused(owned);
      });
    },
  };
}

export type CarsRepository = ReturnType<typeof carsRepository>;
