// What the resale dossier reads (a car's logs in date order, their files, the log-type labels) and
// its public links. The only code of the feature that touches Kysely.
import type { Kysely, Selectable } from 'kysely';
import { DOSSIER_HIDE_FIELDS, type DossierHideField } from '../../../src/contract/dossier';
import type { CarLog } from '../../../src/contract/garage';
import type { CarLogsTable, Database } from '../db/schema';
import { carLogRowsInDateOrder, toCarLog } from '../garage/car-logs-repository';
import { mediaRepository, type MediaRow } from '../media/media-repository';
import './dossier-tables';

export interface StoredHistoryLink {
  id: string;
  carId: string;
  ownerId: string;
  hide: DossierHideField[];
  showPlate: boolean;
  nonce: string;
  tokenHash: string;
  createdAt: string;
}

const parseHide = (text: string): DossierHideField[] => {
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list)
      ? DOSSIER_HIDE_FIELDS.filter((f) => (list as unknown[]).includes(f))
      : [...DOSSIER_HIDE_FIELDS];
  } catch {
    return [...DOSSIER_HIDE_FIELDS]; // unreadable: show the least
  }
};

const toLink = (row: Selectable<Database['history_links']>): StoredHistoryLink => ({
  id: row.id,
  carId: row.car_id,
  ownerId: row.owner_id,
  hide: parseHide(row.hide),
  showPlate: Number(row.show_plate ?? 0) === 1,
  nonce: row.nonce,
  tokenHash: row.token_hash,
  createdAt: row.created_at,
});

/** Ids a query binds at once (well under SQLite's and PostgreSQL's limits). */
const CHUNK = 500;

export function dossierRepository(db: Kysely<Database>) {
  return {
    /** Every log of a car in date order (oldest first), without files. */
    async logsOf(carId: string): Promise<CarLog[]> {
      const rows = await carLogRowsInDateOrder(db, carId);
      return rows.map((row) => toCarLog(row as Selectable<CarLogsTable>));
    },

    /** The files of these logs, by log, in upload order. */
    async filesOf(logIds: string[]): Promise<Map<string, MediaRow[]>> {
      const media = mediaRepository(db);
      const out = new Map<string, MediaRow[]>();
      for (let i = 0; i < logIds.length; i += CHUNK)
        for (const [id, rows] of await media.forLogs(logIds.slice(i, i + CHUNK))) out.set(id, rows);
      return out;
    },

    /** True when the file is linked to one of the car's logs. */
    async isFileOfCar(mediaId: string, carId: string): Promise<boolean> {
      const row = await db
        .selectFrom('car_log_media')
        .innerJoin('car_logs', 'car_logs.id', 'car_log_media.car_log_id')
        .select('car_log_media.media_id')
        .where('car_log_media.media_id', '=', mediaId)
        .where('car_logs.car_id', '=', carId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async mediaRow(id: string): Promise<MediaRow | undefined> {
      return mediaRepository(db).findById(id);
    },

    /** The labels of a settings domain: key → { 'label_en-US', 'label_fr-FR', … }. */
    async labels(domainId: string): Promise<Map<string, Record<string, string>>> {
      const rows = await db
        .selectFrom('settings')
        .select(['key', 'json_payload'])
        .where('domain_id', '=', domainId)
        .execute();
      return new Map(rows.map((r) => [r.key, JSON.parse(r.json_payload) as Record<string, string>]));
    },

    async insertLink(link: StoredHistoryLink): Promise<void> {
      await db
        .insertInto('history_links')
        .values({
          id: link.id,
          car_id: link.carId,
          owner_id: link.ownerId,
          hide: JSON.stringify(link.hide),
          show_plate: link.showPlate ? 1 : 0,
          nonce: link.nonce,
          token_hash: link.tokenHash,
          created_at: link.createdAt,
        })
        .execute();
    },

    async findLink(id: string): Promise<StoredHistoryLink | undefined> {
      const row = await db.selectFrom('history_links').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toLink(row);
    },

    async findLinkByHash(tokenHash: string): Promise<StoredHistoryLink | undefined> {
      const row = await db
        .selectFrom('history_links')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row && toLink(row);
    },

    /** A car's links, newest first. */
    async linksOf(carId: string): Promise<StoredHistoryLink[]> {
      const rows = await db
        .selectFrom('history_links')
        .selectAll()
        .where('car_id', '=', carId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toLink);
    },

    async deleteLink(id: string): Promise<void> {
      await db.deleteFrom('history_links').where('id', '=', id).execute();
    },
  };
}

export type DossierRepository = ReturnType<typeof dossierRepository>;
