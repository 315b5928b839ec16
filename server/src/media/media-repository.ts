import type { CompiledQuery, Kysely, Selectable } from 'kysely';
import { readRows, withValues } from '../db/fast-read';
import type { Database, MediaTable } from '../db/schema';
import { mediaUrl } from './media-url';
import { columnValues } from '../db/paging';

export type MediaRow = Selectable<MediaTable>;
type MediaOfLog = MediaRow & { car_log_id: string };

// The files of a page of logs (every GET /car-logs/{carId}): compiled once per database and number
// of logs, run on its prepared statement (db/fast-read.ts) with the ids as its only values.
const forLogsQueries = new WeakMap<Kysely<Database>, Map<number, CompiledQuery<MediaOfLog>>>();
function forLogsQuery(db: Kysely<Database>, count: number): CompiledQuery<MediaOfLog> {
  let byCount = forLogsQueries.get(db);
  if (!byCount) forLogsQueries.set(db, (byCount = new Map()));
  let query = byCount.get(count);
  if (!query) {
    query = db
      .selectFrom('car_log_media')
      .innerJoin('media', 'media.id', 'car_log_media.media_id')
      .selectAll('media')
      .select('car_log_media.car_log_id')
      .where(
        'car_log_media.car_log_id',
        'in',
        Array.from({ length: count }, () => ''),
      )
      .orderBy('car_log_media.position')
      .compile();
    byCount.set(count, query);
  }
  return query;
}
/** Ids per `in (…)` query: far below SQLite's and PostgreSQL's bound-parameter limits. */
const ID_BATCH = 500;
export interface MediaUse {
  type: 'car' | 'car log' | 'post';
  id: string;
}

/** A car that shows a file (see carsShowing). */
export interface CarShowingFile {
  carId: string;
  ownerId: string;
  log: { authorId?: string; type: string; mileage: number | null; fuel?: true } | null;
}

export function mediaRepository(db: Kysely<Database>) {
  return {
    /** Which of these storage keys a media row names (the orphan sweep's check, a batch at a time). */
    async namedStorageKeys(keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .selectFrom('media')
        .select('storage_key')
        .where('storage_key', 'in', keys)
        .execute();
      return new Set(rows.map((r) => r.storage_key));
    },

    async findById(id: string): Promise<MediaRow | undefined> {
      return db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insert(row: MediaRow): Promise<void> {
      await db.insertInto('media').values(row).execute();
    },

    async totalBytes(ownerId: string): Promise<number> {
      const r = await db
        .selectFrom('media')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), eb.lit(0)).as('total'))
        .where('owner_id', '=', ownerId)
        .executeTakeFirstOrThrow();
      return Number(r.total);
    },

    async listByOwner(ownerId: string): Promise<MediaRow[]> {
      return db
        .selectFrom('media')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Whether a car shows this file as its image (its owner's friends may then see it). */
    /**
     * Whether the file is the photo of a car `memberId` may see now: its current owner's (after a
     * sale, the buyer's, not the uploader's), a member it is shared with, or the owner's friend.
     */
    async isReadableCarImage(memberId: string, id: string): Promise<boolean> {
      const car = await db
        .selectFrom('cars as c')
        .select('c.id')
        .where('c.image', '=', id)
        .where((eb) =>
          eb.or([
            eb('c.owner_id', '=', memberId),
            eb.exists(
              eb
                .selectFrom('car_members as cm')
                .select('cm.user_id')
                .whereRef('cm.car_id', '=', 'c.id')
                .where('cm.user_id', '=', memberId)
                .where('cm.status', '=', 'accepted'),
            ),
            eb.exists(
              eb
                .selectFrom('friendships as f')
                .select('f.friend_id')
                .where('f.member_id', '=', memberId)
                .whereRef('f.friend_id', '=', 'c.owner_id'),
            ),
          ]),
        )
        .executeTakeFirst();
      return car !== undefined;
    },

    /**
     * Whether the file is a paper of a car the member owns or is an accepted member of, now
     * (docs/SPEC-NOTES.md "A car's home": papers are never public, not even to the owner's friends).
     */
    async isReadableCarPaper(memberId: string, id: string): Promise<boolean> {
      const paper = await db
        .selectFrom('car_papers as p')
        .innerJoin('cars as c', 'c.id', 'p.car_id')
        .select('p.id')
        .where('p.media_id', '=', id)
        .where((eb) =>
          eb.or([
            eb('c.owner_id', '=', memberId),
            eb.exists(
              eb
                .selectFrom('car_members as cm')
                .select('cm.user_id')
                .whereRef('cm.car_id', '=', 'c.id')
                .where('cm.user_id', '=', memberId)
                .where('cm.status', '=', 'accepted'),
            ),
          ]),
        )
        .executeTakeFirst();
      return paper !== undefined;
    },

    /** Whether a post of the file's owner shows it in its text (the sanitiser keeps only `/media/<id>`). */
    async isShownInOwnersPost(id: string, ownerId: string): Promise<boolean> {
      const post = await db
        .selectFrom('posts')
        .select('id')
        .where('author_id', '=', ownerId)
        // id is a server-made UUID: no LIKE wildcard in it.
        .where('content', 'like', `%${mediaUrl(id)}"%`)
        .executeTakeFirst();
      return post !== undefined;
    },

    /** Which of the owner's cars and logs use each of the given files. */
    async uses(ids: string[]): Promise<Map<string, MediaUse[]>> {
      const out = new Map<string, MediaUse[]>();
      if (ids.length === 0) return out;
      const add = (mediaId: string, use: MediaUse) => out.set(mediaId, [...(out.get(mediaId) ?? []), use]);
      const cars = await db.selectFrom('cars').select(['id', 'image']).where('image', 'in', ids).execute();
      for (const c of cars) if (c.image) add(c.image, { type: 'car', id: c.id });
      const papers = await db
        .selectFrom('car_papers')
        .select(['car_id', 'media_id'])
        .where('media_id', 'in', ids)
        .execute();
      for (const p of papers) add(p.media_id, { type: 'car', id: p.car_id });
      const logs = await db
        .selectFrom('car_log_media')
        .select(['car_log_id', 'media_id'])
        .where('media_id', 'in', ids)
        .execute();
      for (const l of logs) add(l.media_id, { type: 'car log', id: l.car_log_id });
      const posts = await db
        .selectFrom('post_images')
        .select(['post_id', 'media_id'])
        .where('media_id', 'in', ids)
        .execute();
      for (const p of posts) add(p.media_id, { type: 'post', id: p.post_id });
      return out;
    },

    /**
     * The cars that show this file, with their owner: as a log's file (with what the log's write
     * rule reads of it) or as the car's image (`log` null).
     */
    async carsShowing(id: string): Promise<CarShowingFile[]> {
      const [logs, images] = await Promise.all([
        db
          .selectFrom('car_log_media')
          .innerJoin('car_logs', 'car_logs.id', 'car_log_media.car_log_id')
          .innerJoin('cars', 'cars.id', 'car_logs.car_id')
          .select([
            'cars.id as car_id',
            'cars.owner_id',
            'car_logs.author_id',
            'car_logs.type',
            'car_logs.mileage',
            'car_logs.fuel_quantity',
          ])
          .where('car_log_media.media_id', '=', id)
          .execute(),
        db
          .selectFrom('cars')
          .select(['id', 'owner_id'])
          .where((eb) =>
            eb.or([
              eb('image', '=', id),
              eb('id', 'in', eb.selectFrom('car_papers').select('car_id').where('media_id', '=', id)),
            ]),
          )
          .execute(),
      ]);
      return [
        ...logs.map((l) => ({
          carId: l.car_id,
          ownerId: l.owner_id,
          log: {
            authorId: l.author_id ?? undefined,
            type: l.type,
            mileage: l.mileage === null ? null : Number(l.mileage),
            ...(l.fuel_quantity !== null ? { fuel: true as const } : {}),
          },
        })),
        ...images.map((c) => ({ carId: c.id, ownerId: c.owner_id, log: null })),
      ];
    },

    /** Removes the file's row and every link to it in one transaction. */
    async delete(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('cars').set({ image: null }).where('image', '=', id).execute();
        await trx.deleteFrom('car_log_media').where('media_id', '=', id).execute();
        await trx.deleteFrom('car_papers').where('media_id', '=', id).execute();
        const posts = await trx
          .deleteFrom('post_images')
          .where('media_id', '=', id)
          .returning('post_id')
          .execute();
        await trx.deleteFrom('message_images').where('media_id', '=', id).execute();
        await trx.deleteFrom('chat_message_images').where('media_id', '=', id).execute();
        await trx.deleteFrom('media').where('id', '=', id).execute();
        // A post's first photo is also its `image` (migration 0038): the next one takes its place.
        for (const { post_id } of posts) {
          const next = await trx
            .selectFrom('post_images')
            .select(['media_id', 'width', 'height'])
            .where('post_id', '=', post_id)
            .orderBy('position')
            .limit(1)
            .executeTakeFirst();
          await trx
            .updateTable('posts')
            .set({
              image_id: next?.media_id ?? null,
              image_width: next?.width ?? null,
              image_height: next?.height ?? null,
            })
            .where('id', '=', post_id)
            .execute();
        }
      });
    },

    /** The media a car owns: its image, every file of its logs and its papers. */
    async idsOfCar(carId: string): Promise<string[]> {
      const car = await db.selectFrom('cars').select('image').where('id', '=', carId).executeTakeFirst();
      const logs = await db
        .selectFrom('car_log_media')
        .innerJoin('car_logs', 'car_logs.id', 'car_log_media.car_log_id')
        .select('car_log_media.media_id')
        .where('car_logs.car_id', '=', carId)
        .execute();
      const papers = await db
        .selectFrom('car_papers')
        .select('media_id')
        .where('car_id', '=', carId)
        .execute();
      return [
        ...(car?.image ? [car.image] : []),
        ...logs.map((l) => l.media_id),
        ...papers.map((p) => p.media_id),
      ];
    },

    async idsOfLog(carLogId: string): Promise<string[]> {
      return columnValues(
        db.selectFrom('car_log_media').select('media_id').where('car_log_id', '=', carLogId),
        'media_id',
      );
    },

    /**
     * Deletes the rows of those files that no car, no log and no paper uses any more; answers their storage
     * keys, for the caller to remove the files once its transaction has committed.
     */
    async deleteUnused(ids: string[]): Promise<string[]> {
      const keys: string[] = [];
      const unique = [...new Set(ids)];
      // Batches keep the `in (…)` list under every dialect's bound-parameter limit.
      for (let i = 0; i < unique.length; i += ID_BATCH) {
        const batch = unique.slice(i, i + ID_BATCH);
        const unused = await db
          .selectFrom('media')
          .select(['media.id', 'media.storage_key'])
          .where('media.id', 'in', batch)
          .where(({ exists, not, selectFrom }) =>
            not(exists(selectFrom('cars').select('cars.id').whereRef('cars.image', '=', 'media.id'))),
          )
          .where(({ exists, not, selectFrom }) =>
            not(
              exists(
                selectFrom('car_log_media')
                  .select('car_log_media.media_id')
                  .whereRef('car_log_media.media_id', '=', 'media.id'),
              ),
            ),
          )
          .where(({ exists, not, selectFrom }) =>
            not(
              exists(
                selectFrom('car_papers')
                  .select('car_papers.media_id')
                  .whereRef('car_papers.media_id', '=', 'media.id'),
              ),
            ),
          )
          .execute();
        if (unused.length === 0) continue;
        await db
          .deleteFrom('media')
          .where(
            'id',
            'in',
            unused.map((u) => u.id),
          )
          .execute();
        keys.push(...unused.map((u) => u.storage_key));
      }
      return keys;
    },

    async linkToLog(carLogId: string, mediaIds: string[]): Promise<void> {
      const start = await db
        .selectFrom('car_log_media')
        .select((eb) => eb.fn.coalesce(eb.fn.max<number>('position'), eb.lit(-1)).as('last'))
        .where('car_log_id', '=', carLogId)
        .executeTakeFirstOrThrow();
      const first = Number(start.last) + 1;
      if (mediaIds.length === 0) return;
      await db
        .insertInto('car_log_media')
        .values(mediaIds.map((media_id, i) => ({ car_log_id: carLogId, media_id, position: first + i })))
        .execute();
    },

    async forLogs(carLogIds: string[]): Promise<Map<string, MediaRow[]>> {
      const out = new Map<string, MediaRow[]>();
      if (carLogIds.length === 0) return out;
      const rows = await readRows(db, withValues(forLogsQuery(db, carLogIds.length), carLogIds));
      for (const { car_log_id, ...m } of rows) out.set(car_log_id, [...(out.get(car_log_id) ?? []), m]);
      return out;
    },
  };
}

export type MediaRepository = ReturnType<typeof mediaRepository>;
