// A car's papers (migration 0026): links from a car to files of the media store, with their kind.
import type { Kysely } from 'kysely';
import type { CarPaper, CarPaperKind } from '../../../src/contract/car-papers';
import { insertIfNew } from '../db/insert-if-new';
import type { Database } from '../db/schema';
import { mediaRepository } from '../media/media-repository';
import { mediaUrl } from '../media/media-url';

export interface CarPaperRow {
  id: string;
  car_id: string;
  media_id: string;
  kind: string;
  created_at: string;
}

const toPaper = (row: {
  id: string;
  car_id: string;
  media_id: string;
  kind: string;
  created_at: string;
  media_kind: 'image' | 'pdf';
  mime: string;
  original_name: string;
  size_bytes: number | string;
  width: number | null;
  height: number | null;
}): CarPaper => ({
  id: row.id,
  carId: row.car_id,
  kind: row.kind as CarPaperKind,
  fileId: row.media_id,
  url: mediaUrl(row.media_id),
  fileKind: row.media_kind,
  mime: row.mime,
  name: row.original_name,
  size: Number(row.size_bytes),
  width: row.width === null ? null : Number(row.width),
  height: row.height === null ? null : Number(row.height),
  createdAt: row.created_at,
});

export function carPapersRepository(db: Kysely<Database>) {
  const withFile = () =>
    db
      .selectFrom('car_papers as p')
      .innerJoin('media as m', 'm.id', 'p.media_id')
      .select([
        'p.id',
        'p.car_id',
        'p.media_id',
        'p.kind',
        'p.created_at',
        'm.kind as media_kind',
        'm.mime',
        'm.original_name',
        'm.size_bytes',
        'm.width',
        'm.height',
      ]);

  return {
    /** A car's papers, oldest first. */
    async list(carId: string): Promise<CarPaper[]> {
      const rows = await withFile()
        .where('p.car_id', '=', carId)
        .orderBy('p.created_at')
        .orderBy('p.id')
        .execute();
      return rows.map(toPaper);
    },

    async find(id: string): Promise<CarPaper | undefined> {
      const row = await withFile().where('p.id', '=', id).executeTakeFirst();
      return row && toPaper(row);
    },

    async count(carId: string): Promise<number> {
      const row = await db
        .selectFrom('car_papers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('car_id', '=', carId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Links a file just saved to the car; false when the id exists already (a replayed create). */
    async insert(row: CarPaperRow): Promise<boolean> {
      return insertIfNew(db.insertInto('car_papers').values(row), 'id');
    },

    /**
     * Removes the paper and its file's row (unless something else shows that file) in one
     * transaction; answers the storage keys to remove once it has committed.
     */
    async delete(id: string, mediaId: string): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('car_papers').where('id', '=', id).execute();
        return mediaRepository(trx).deleteUnused([mediaId]);
      });
    },
  };
}

export type CarPapersRepository = ReturnType<typeof carPapersRepository>;
