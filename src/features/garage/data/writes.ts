// The garage's writes (docs/OFFLINE-FIRST.md): each one puts the local row and its outbox
// entry in one Dexie transaction (enqueue), so the promise resolving means "saved on this device".
// The replayer sends them in order; a write waits for every earlier entry of the same car or log
// (dependsOn), so a log of a car created offline goes after the car, and is blocked if it failed.
import type { Car, CarLog, CarLogMedia } from '@/contract/garage';
import { sessionStore } from '@/lib/auth/session-store';
import { localDb, type MediaBlobRow, type PaddockDb } from '@/lib/db';
import { enqueue, type OutboxPart } from '@/lib/outbox';
import {
  DEFAULT_MILEAGE_UNIT,
  isQuotaError,
  LOCAL_MEDIA_PREFIX,
  StorageFullError,
  type CarDraft,
  type CarLogDraft,
} from './types';

export const CAR_KINDS = { create: 'car.create', update: 'car.update', delete: 'car.delete' } as const;
export const LOG_KINDS = {
  create: 'carLog.create',
  update: 'carLog.update',
  delete: 'carLog.delete',
} as const;
export const MEDIA_DELETE_KIND = 'media.delete';

/** The ids of queued entries that touch any of these rows: a new write goes after them. */
async function queuedFor(database: PaddockDb, ids: string[]): Promise<string[]> {
  const entries = await database.outbox.where('entityId').anyOf(ids).toArray();
  return entries.map((e) => e.id);
}

function kindOf(file: Blob): 'image' | 'pdf' {
  return file.type === 'application/pdf' ? 'pdf' : 'image';
}

function fileName(file: Blob, fallback: string): string {
  const name = (file as Partial<File>).name;
  return typeof name === 'string' && name ? name : fallback;
}

/** Files become mediaBlobs rows (stored once) and multipart parts that name them. */
function blobRows(entryId: string, files: Blob[], now: number): MediaBlobRow[] {
  return files.map((file, i) => ({
    id: crypto.randomUUID(),
    entryId,
    blob: file,
    name: fileName(file, `file-${i + 1}`),
    mime: file.type || 'application/octet-stream',
    kind: kindOf(file),
    createdAt: now,
  }));
}

function formBody(data: unknown, field: string, rows: MediaBlobRow[]) {
  const parts: OutboxPart[] = [{ name: 'data', value: JSON.stringify(data) }];
  for (const row of rows) parts.push({ name: field, blobId: row.id, filename: row.name });
  return { type: 'form' as const, parts };
}

function localMedia(rows: MediaBlobRow[]): CarLogMedia[] {
  return rows.map((row) => ({
    id: row.id,
    url: `${LOCAL_MEDIA_PREFIX}${row.id}`,
    kind: row.kind,
    mime: row.mime,
    width: null,
    height: null,
  }));
}

/** Fields a draft may leave out, as the server stores them. */
const CAR_DEFAULTS: Partial<Car> = {
  year: null,
  nickname: null,
  energyType: null,
  gearboxType: null,
  upholsteryMaterial: null,
  mileage: null,
  description: null,
};
const LOG_DEFAULTS: Partial<CarLog> = {
  content: null,
  location: null,
  tags: [],
  cost: null,
  currencyCode: null,
  mileage: null,
};

async function guard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isQuotaError(error)) throw new StorageFullError(error);
    throw error;
  }
}

/**
 * Creates (no id) or updates a car. `image`: a Blob replaces the photo, null removes it, absent
 * keeps it. Resolves with the car id once durable on this device.
 */
export function saveCar(
  draft: CarDraft,
  options: { id?: string; image?: Blob | null } = {},
  given?: PaddockDb,
): Promise<string> {
  return guard(async () => {
    const database = given ?? (await localDb());
    const creating = options.id === undefined;
    const id = options.id ?? crypto.randomUUID();
    const entryId = crypto.randomUUID();
    const now = Date.now();
    const image = options.image ? blobRows(entryId, [options.image], now) : [];
    const fields: CarDraft = { ...draft, mileageUnit: draft.mileageUnit ?? DEFAULT_MILEAGE_UNIT };
    const data = creating ? { id, ...fields } : fields;
    const path = creating ? '/cars' : `/cars/${id}`;
    const dependsOn = creating ? [] : await queuedFor(database, [id]);
    const previousImage = creating
      ? null
      : (((await database.cars.get(id)) as Car | undefined)?.image ?? null);
    // image: null removes the photo. A server file is deleted first (DELETE /files/{id}, which
    // unlinks it from the car); a photo not uploaded yet is taken out of its queued upload.
    const removing = options.image === null && previousImage !== null;
    if (removing && !previousImage.startsWith(LOCAL_MEDIA_PREFIX)) {
      const removal = await enqueue(
        {
          kind: MEDIA_DELETE_KIND,
          entityId: id,
          method: 'DELETE',
          path: `/files/${previousImage.split('/').pop() ?? ''}`,
          dependsOn,
        },
        undefined,
        database,
      );
      dependsOn.push(removal.id);
    }
    await enqueue(
      {
        id: entryId,
        kind: creating ? CAR_KINDS.create : CAR_KINDS.update,
        entityId: id,
        method: creating ? 'POST' : 'PUT',
        path: image.length ? `${path}/with-image` : path,
        body: image.length ? formBody(data, 'image', image) : { type: 'json', json: data },
        dependsOn,
      },
      async (tx) => {
        if (image.length) await tx.mediaBlobs.bulkAdd(image);
        if (removing && previousImage.startsWith(LOCAL_MEDIA_PREFIX)) {
          await dropLocalBlob(tx, previousImage.slice(LOCAL_MEDIA_PREFIX.length));
        }
        const stamp = new Date(now).toISOString();
        const previous = (await tx.cars.get(id)) as Car | undefined;
        if (!creating && !previous) throw new Error(`No car ${id} on this device`);
        const row: Car = {
          ...CAR_DEFAULTS,
          ...(previous ?? {
            id,
            ownerId: sessionStore.getState().user?.id ?? '',
            image: null,
            createdAt: stamp,
          }),
          ...fields,
          id,
          image: image[0]
            ? `${LOCAL_MEDIA_PREFIX}${image[0].id}`
            : removing
              ? null
              : (previous?.image ?? null),
          updatedAt: stamp,
        } as Car;
        await tx.cars.put(row);
      },
      database,
    );
    return id;
  });
}

/** Deletes a car and, on this device, its logs. */
export function deleteCar(id: string, given?: PaddockDb): Promise<void> {
  return guard(async () => {
    const database = given ?? (await localDb());
    const logIds = (await database.carLogs.where('carId').equals(id).primaryKeys()) as string[];
    const dependsOn = await queuedFor(database, [id, ...logIds]);
    await enqueue(
      { kind: CAR_KINDS.delete, entityId: id, method: 'DELETE', path: `/cars/${id}`, dependsOn },
      async (tx) => {
        await tx.cars.delete(id);
        await tx.carLogs.where('carId').equals(id).delete();
      },
      database,
    );
  });
}

/**
 * Creates (no id) or updates a log; `files` are uploaded with it, `removeMediaIds` deleted.
 * Resolves with the log id once durable on this device.
 */
export function saveCarLog(
  draft: CarLogDraft,
  options: { id?: string; files?: Blob[]; removeMediaIds?: string[] } = {},
  given?: PaddockDb,
): Promise<string> {
  return guard(async () => {
    const database = given ?? (await localDb());
    const creating = options.id === undefined;
    const id = options.id ?? crypto.randomUUID();
    const entryId = crypto.randomUUID();
    const now = Date.now();
    const files = blobRows(entryId, options.files ?? [], now);
    const removed = new Set(options.removeMediaIds ?? []);
    const data = creating ? { id, ...draft } : draft;
    const base = creating ? '/car-logs' : `/car-logs/${id}`;
    const dependsOn = await queuedFor(database, creating ? [draft.carId] : [id, draft.carId]);
    const previous = creating ? undefined : ((await database.carLogs.get(id)) as CarLog | undefined);
    if (!creating && !previous) throw new Error(`No log ${id} on this device`);
    // Server files to delete go first, each its own entry (DELETE /files/{id}).
    const serverRemovals = (previous?.media ?? []).filter(
      (m) => removed.has(m.id) && !m.url.startsWith(LOCAL_MEDIA_PREFIX),
    );
    const localRemovals = (previous?.media ?? []).filter(
      (m) => removed.has(m.id) && m.url.startsWith(LOCAL_MEDIA_PREFIX),
    );
    for (const media of serverRemovals) {
      const removal = await enqueue(
        { kind: MEDIA_DELETE_KIND, entityId: id, method: 'DELETE', path: `/files/${media.id}`, dependsOn },
        undefined,
        database,
      );
      dependsOn.push(removal.id);
    }
    await enqueue(
      {
        id: entryId,
        kind: creating ? LOG_KINDS.create : LOG_KINDS.update,
        entityId: id,
        method: creating ? 'POST' : 'PUT',
        path: files.length ? `${base}/with-media` : base,
        body: files.length ? formBody(data, 'media', files) : { type: 'json', json: data },
        dependsOn,
      },
      async (tx) => {
        if (files.length) await tx.mediaBlobs.bulkAdd(files);
        // A file picked offline and removed before it was sent: take it out of its entry.
        for (const media of localRemovals) await dropLocalBlob(tx, media.id);
        const stamp = new Date(now).toISOString();
        const row: CarLog = {
          ...LOG_DEFAULTS,
          ...(previous ?? { id, media: [], createdAt: stamp }),
          ...draft,
          id,
          media: [...(previous?.media ?? []).filter((m) => !removed.has(m.id)), ...localMedia(files)],
          updatedAt: stamp,
        } as CarLog;
        await tx.carLogs.put(row);
      },
      database,
    );
    return id;
  });
}

/** Removes a not-yet-sent file from the entry that would upload it, and the blob itself. */
async function dropLocalBlob(tx: PaddockDb, blobId: string): Promise<void> {
  const blob = await tx.mediaBlobs.get(blobId);
  if (!blob) return;
  const entry = await tx.outbox.get(blob.entryId);
  if (entry?.status === 'sending') return; // on its way: the server will have it, like any file
  if (entry?.body?.type === 'form') {
    const parts = entry.body.parts.filter((p) => !('blobId' in p) || p.blobId !== blobId);
    const data = parts.find((p) => p.name === 'data' && 'value' in p && typeof p.value === 'string');
    if (parts.some((p) => p !== data) || !data || !('value' in data)) {
      await tx.outbox.update(entry.id, { body: { type: 'form', parts } });
    } else {
      // No file left: the plain JSON call (the with-image/with-media routes want a file).
      await tx.outbox.update(entry.id, {
        path: entry.path.replace(/\/with-(image|media)$/, ''),
        body: { type: 'json', json: JSON.parse(data.value as string) as unknown },
      });
    }
  }
  await tx.mediaBlobs.delete(blobId);
}

export function deleteCarLog(id: string, given?: PaddockDb): Promise<void> {
  return guard(async () => {
    const database = given ?? (await localDb());
    const dependsOn = await queuedFor(database, [id]);
    await enqueue(
      { kind: LOG_KINDS.delete, entityId: id, method: 'DELETE', path: `/car-logs/${id}`, dependsOn },
      async (tx) => {
        await tx.carLogs.delete(id);
      },
      database,
    );
  });
}
