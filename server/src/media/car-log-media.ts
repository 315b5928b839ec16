import type { Kysely } from 'kysely';
import type { CarLog } from '../../../src/contract/garage';
import type { Database } from '../db/schema';
import { mediaRepository } from './media-repository';
import { mediaUrl } from './media-url';

/** Fills each log's `media` with its linked files, in upload order. */
export async function withMedia(db: Kysely<Database>, logs: CarLog[]): Promise<CarLog[]> {
  const byLog = await mediaRepository(db).forLogs(logs.map((l) => l.id));
  return logs.map((log) => ({
    ...log,
    media: (byLog.get(log.id) ?? []).map((m) => ({
      id: m.id,
      url: mediaUrl(m.id),
      kind: m.kind,
      mime: m.mime,
      width: m.width === null ? null : Number(m.width),
      height: m.height === null ? null : Number(m.height),
    })),
  }));
}
