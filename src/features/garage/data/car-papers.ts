// A car's papers offline, like its logs (docs/OFFLINE-FIRST.md): a paper added or removed lands in
// the mirror and the outbox in one Dexie transaction; its photo or PDF waits in mediaBlobs (shown
// from there until sent) and travels as the multipart call's `file`, with the client id in `data`
// (a repeat answers the stored paper). A paper of a car still queued waits for the car's writes.
import type { CarPaper, CarPaperKind } from '@/contract/car-papers';
import { db as defaultDb, type PaddockDb } from '@/lib/db';
import { localMediaUrl } from '@/lib/offline/types';
import { formBody, mediaRows, offlineWrite, queueWrite } from '@/lib/offline/write';
import type { OutboxEntry } from '@/lib/outbox';

export const PAPER_KINDS = { create: 'carPaper.create', delete: 'carPaper.delete' } as const;

const papersPath = (carId: string) => `/cars/${carId}/papers`;

/** Attaches a paper to the car; resolves with its id once kept on this device. */
export function addCarPaper(
  carId: string,
  kind: CarPaperKind,
  file: Blob,
  given?: PaddockDb,
): Promise<string> {
  return offlineWrite(given, async (database) => {
    const id = crypto.randomUUID();
    const entryId = crypto.randomUUID();
    const now = Date.now();
    const rows = mediaRows(entryId, [file], now, () => 'paper');
    const blob = rows[0]!;
    await queueWrite(
      database,
      {
        id: entryId,
        kind: PAPER_KINDS.create,
        entityId: id,
        method: 'POST',
        path: papersPath(carId),
        body: formBody({ id, kind }, 'file', rows),
        after: [carId],
      },
      async (tx) => {
        await tx.mediaBlobs.bulkAdd(rows);
        await tx.carPapers.put({
          id,
          carId,
          kind,
          fileId: blob.id,
          url: localMediaUrl(blob.id),
          fileKind: blob.kind,
          mime: blob.mime,
          name: blob.name,
          size: file.size,
          width: null,
          height: null,
          createdAt: new Date(now).toISOString(),
        });
      },
    );
    return id;
  });
}

/** Removes a paper (after its queued upload, if any). */
export function deleteCarPaper(carId: string, paperId: string, given?: PaddockDb): Promise<void> {
  return offlineWrite(given, async (database) => {
    await queueWrite(
      database,
      {
        kind: PAPER_KINDS.delete,
        entityId: paperId,
        method: 'DELETE',
        path: `${papersPath(carId)}/${paperId}`,
        after: [paperId],
      },
      async (tx) => {
        await tx.carPapers.delete(paperId);
      },
    );
  });
}

function isCarPaper(value: unknown): value is CarPaper {
  const v = value as Partial<CarPaper> | null;
  return typeof v?.id === 'string' && typeof v.carId === 'string' && typeof v.url === 'string';
}

/**
 * The server's paper (its file's url) becomes the local row, unless the member removed it
 * meanwhile: then the queued delete follows and the row stays gone.
 */
export async function reconcileCarPaper(
  _entry: OutboxEntry,
  data: unknown,
  database: PaddockDb = defaultDb,
): Promise<void> {
  if (!isCarPaper(data)) return;
  await database.transaction('rw', database.carPapers, database.outbox, async () => {
    const later = await database.outbox.where('entityId').equals(data.id).count();
    if (later === 0 || (await database.carPapers.get(data.id))) await database.carPapers.put(data);
  });
}
