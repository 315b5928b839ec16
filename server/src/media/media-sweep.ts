// The orphan sweep: removes from the media store (DATA_DIR or the bucket) the objects
// no row names — a file whose row went but whose delete failed (the store was down after the
// commit), an upload stopped between its object and its row. Objects younger than the grace period
// are left alone: an upload writes its object before the row that names it commits. Several nodes
// may sweep at once: deleting an object twice is harmless.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { avatarVersion } from '../people/avatar-storage';
import { peopleRepository } from '../people/people-repository';
import { mediaRepository } from './media-repository';
import type { ObjectInfo, ObjectStore, StoreLog } from './object-store';

/** How long a fresh object may wait for its row. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/** How often each node sweeps. */
export const MEDIA_SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;
const BATCH = 500;

export interface SweepResult {
  checked: number;
  removed: string[];
}

export async function sweepOrphanObjects({
  db,
  store,
  log,
  graceMs = ORPHAN_GRACE_MS,
  now = () => new Date(),
}: {
  db: Kysely<Database>;
  store: ObjectStore;
  log: StoreLog;
  graceMs?: number;
  now?: () => Date;
}): Promise<SweepResult> {
  const before = now().getTime() - graceMs;
  const result: SweepResult = { checked: 0, removed: [] };
  const remove = async (objects: ObjectInfo[]) => {
    for (const o of objects) {
      await store.delete(o.key);
      result.removed.push(o.key);
    }
  };

  // media/<storage_key>: checked against the rows a batch at a time.
  let batch: ObjectInfo[] = [];
  const flush = async () => {
    const old = batch.filter((o) => o.lastModified.getTime() < before);
    batch = [];
    if (old.length === 0) return;
    const named = await mediaRepository(db).namedStorageKeys(old.map((o) => o.key.slice('media/'.length)));
    await remove(old.filter((o) => !named.has(o.key.slice('media/'.length))));
  };
  for await (const o of store.list('media/')) {
    result.checked++;
    batch.push(o);
    if (batch.length >= BATCH) await flush();
  }
  await flush();

  // avatars/<version>-<size>.webp: the versions the members' avatar URLs name.
  const versions = new Set(
    (await peopleRepository(db).avatarUrls()).map(avatarVersion).filter((v): v is string => v !== null),
  );
  const orphanAvatars: ObjectInfo[] = [];
  for await (const o of store.list('avatars/')) {
    result.checked++;
    const version = o.key.slice('avatars/'.length, 'avatars/'.length + 36);
    if (o.lastModified.getTime() < before && !versions.has(version)) orphanAvatars.push(o);
  }
  await remove(orphanAvatars);
  if (result.removed.length > 0)
    log.warn({ removed: result.removed.length, store: store.kind }, 'orphan media objects removed');
  return result;
}
