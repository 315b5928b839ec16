// An edit of a car or a log that another device deleted meanwhile: the server answers 404, and no
// retry can change that. The member keeps the local copy as a new car or log (a new id, its files
// included, through the outbox), or drops it; either way the local rows follow at once.
import type { CarLog } from '@/contract/garage';
import { type PaddockDb } from '@/lib/db';
import { loadMedia } from '@/lib/offline/media';
import { offlineWrite } from '@/lib/offline/write';
import { discardEntry, type OutboxEntry } from '@/lib/outbox';
import { CAR_FIELDS, LOG_FIELDS } from './fields';
import type { CarDraft, CarLogDraft } from './types';
import { CAR_KINDS, LOG_KINDS, saveCar, saveCarLog } from './writes';

export type DeletedElsewhere = 'car' | 'carLog';

/** A refused edit whose car or log no longer exists on the server (deleted on another device). */
export function deletedElsewhere(entry: OutboxEntry): DeletedElsewhere | null {
  if (entry.status !== 'failed' || entry.lastStatus !== 404 || !entry.entityId) return null;
  if (entry.kind === LOG_KINDS.update) return 'carLog';
  if (entry.kind === CAR_KINDS.update) return 'car';
  return null;
}

/**
 * The fields a create carries, from a local row (empty values left out, as a new form would). The
 * lists are the contract's (fields.ts), so a restore rebuilds every field, a fill-up's fuel included.
 */
function pick<T>(row: object, keys: readonly string[]): T {
  const values = row as Record<string, unknown>;
  return Object.fromEntries(
    keys.filter((key) => values[key] !== null && values[key] !== undefined).map((key) => [key, values[key]]),
  ) as T;
}

/** The bytes of files shown on this device: files not sent yet, and server files kept for offline. */
async function filesOf(database: PaddockDb, urls: string[]): Promise<Blob[]> {
  const blobs = await Promise.all(urls.map((url) => loadMedia(url, database).catch(() => null)));
  return blobs.filter((blob): blob is Blob => blob !== null);
}

/**
 * Forgets rows on this device and every queued write of them (with their files). Writes that
 * depended on those go to "needs attention" (discardEntry), never silently.
 */
async function forgetRows(database: PaddockDb, carIds: string[], logIds: string[]): Promise<void> {
  await database.transaction('rw', database.tables, async () => {
    const entries = await database.outbox
      .where('entityId')
      .anyOf([...carIds, ...logIds])
      .primaryKeys();
    for (const id of entries) await discardEntry(id as string, database);
    await database.carLogs.bulkDelete(logIds);
    await database.cars.bulkDelete(carIds);
  });
}

async function logIdsOf(database: PaddockDb, carId: string): Promise<string[]> {
  return await database.carLogs.where('carId').equals(carId).primaryKeys();
}

/** "Drop": the write is discarded and the row leaves this device too (a car with its logs). */
export function dropDeletedElsewhere(entry: OutboxEntry, given?: PaddockDb): Promise<void> {
  return offlineWrite(given, async (database) => {
    const id = entry.entityId ?? '';
    if (deletedElsewhere(entry) === 'car') await forgetRows(database, [id], await logIdsOf(database, id));
    else await forgetRows(database, [], [id]);
  });
}

async function recreateLog(database: PaddockDb, log: CarLog, carId: string): Promise<string> {
  const draft = { ...pick<CarLogDraft>(log, LOG_FIELDS), carId };
  const files = await filesOf(
    database,
    log.media.map((m) => m.url),
  );
  return saveCarLog(draft, { files }, database);
}

/**
 * "Keep as a new log / car": the local copy is created again under a new id, its files included
 * (what this device holds of them), then the old row and its writes are forgotten. A car comes
 * back with its logs on this device (the server deleted them with it).
 * Resolves with the new id.
 */
export function keepAsNew(entry: OutboxEntry, given?: PaddockDb): Promise<string | null> {
  return offlineWrite(given, async (database) => {
    const id = entry.entityId ?? '';
    if (deletedElsewhere(entry) === 'car') {
      const car = await database.cars.get(id);
      const logs = await database.carLogs.where('carId').equals(id).toArray();
      if (!car) {
        await forgetRows(
          database,
          [id],
          logs.map((l) => l.id),
        );
        return null;
      }
      const [image] = await filesOf(database, car.image ? [car.image] : []);
      const draft = pick<CarDraft>(car, CAR_FIELDS);
      // A car of no energy answers `energyTypes: []`, which a create refuses: it goes unsaid.
      if (draft.energyTypes?.length === 0) delete draft.energyTypes;
      const newId = await saveCar(draft, image ? { image } : {}, database);
      for (const log of logs) await recreateLog(database, log, newId);
      await forgetRows(
        database,
        [id],
        logs.map((l) => l.id),
      );
      return newId;
    }
    const log = await database.carLogs.get(id);
    if (!log) {
      await forgetRows(database, [], [id]);
      return null;
    }
    // Created first, forgotten after: a page closed in between leaves a copy too many, never none.
    const newId = await recreateLog(database, log, log.carId);
    await forgetRows(database, [], [id]);
    return newId;
  });
}
