// The garage's writes (docs/OFFLINE-FIRST.md): each one puts the local row and its outbox
// entry in one Dexie transaction (enqueue), so the promise resolving means "saved on this device".
// The replayer sends them in order; a write waits for every earlier entry of the same car or log
// (dependsOn), so a log of a car created offline goes after the car, and is blocked if it failed.
import type { Car, CarLog, CarLogMedia } from '@/contract/garage';
import { sessionStore } from '@/lib/auth/session-store';
import { type MediaBlobRow, type PaddockDb } from '@/lib/db';
import { LOCAL_MEDIA_PREFIX, localMediaUrl } from '@/lib/offline/types';
import { formBody, mediaRows, offlineWrite, queuedFor, queueWrite } from '@/lib/offline/write';
import { changedFields, type FieldValues } from '@/contract/edit-merge';
import { fillUpTitle } from '@/contract/maintenance/fill-up-title';
import { energiesAfter } from '@/contract/maintenance/fuel-economy';
import { CAR_LOG_TITLE_MAX } from '@/contract/constants';
import { currentLocale } from '@/lib/i18n/core';
import { CAR_FIELDS, LOG_FIELDS } from './fields';
import { DEFAULT_MILEAGE_UNIT, type CarDraft, type CarLogDraft } from './types';

export { CAR_KINDS, LOG_KINDS, MEDIA_DELETE_KIND } from './kinds';
import { CAR_KINDS, LOG_KINDS, MEDIA_DELETE_KIND } from './kinds';

function localMedia(rows: MediaBlobRow[]): CarLogMedia[] {
  return rows.map((row) => ({
    id: row.id,
    url: localMediaUrl(row.id),
    kind: row.kind,
    mime: row.mime,
    width: null,
    height: null,
  }));
}

/**
 * An edit's body (docs/OFFLINE-FIRST.md "Edits from two devices"): only the fields the member
 * changed from the row this device shows, and `base`, the values they had there. The row already
 * holds this device's earlier edits still queued, which the server has when this one arrives (they
 * are sent in order): a field whose stored value is not its base was changed on another device.
 */
function editBody(shown: object, draft: object, keys: readonly string[]): object {
  const { fuel, ...row } = shown as Record<string, unknown>;
  // A log without a fill-up has no `fuel`; null is the edit's "no fill-up".
  const { changes, base } = changedFields({ ...row, fuel: fuel ?? null }, draft as FieldValues, keys);
  // A car's energies take no empty list (the contract's minItems), its edit's base neither: a car
  // that had none gives no base for them (docs/OFFLINE-FIRST.md "Edits from two devices": a base is
  // per field, one left out only forgoes naming that field in `overwritten`).
  if (Array.isArray(base.energyTypes) && base.energyTypes.length === 0) delete base.energyTypes;
  return { ...changes, base };
}

/** Fields a draft may leave out, as the server stores them (the fake server's too). */
export const CAR_DEFAULTS: Partial<Car> = {
  year: null,
  nickname: null,
  energyType: null,
  gearboxType: null,
  upholsteryMaterial: null,
  mileage: null,
  description: null,
  energyTypes: [],
  vin: null,
  plate: null,
  firstRegistrationDate: null,
  inspectionDueDate: null,
  insuranceDueDate: null,
};
export const LOG_DEFAULTS: Partial<CarLog> = {
  content: null,
  location: null,
  tags: [],
  cost: null,
  currencyCode: null,
  mileage: null,
};

/**
 * Creates (no id) or updates a car. `image`: a Blob replaces the photo, null removes it, absent
 * keeps it. Resolves with the car id once durable on this device.
 */
export function saveCar(
  draft: CarDraft,
  options: { id?: string; image?: Blob | null } = {},
  given?: PaddockDb,
): Promise<string> {
  return offlineWrite(given, async (database) => {
    const creating = options.id === undefined;
    const id = options.id ?? crypto.randomUUID();
    const entryId = crypto.randomUUID();
    const now = Date.now();
    const image = options.image ? mediaRows(entryId, [options.image], now) : [];
    const fields: CarDraft = { ...draft, mileageUnit: draft.mileageUnit ?? DEFAULT_MILEAGE_UNIT };
    const path = creating ? '/cars' : `/cars/${id}`;
    const dependsOn = creating ? [] : await queuedFor(database, [id]);
    const shown = creating ? undefined : await database.cars.get(id);
    const data = creating ? { id, ...fields } : editBody(shown ?? {}, fields, CAR_FIELDS);
    const previousImage = shown?.image ?? null;
    // image: null removes the photo. A server file is deleted first (DELETE /files/{id}, which
    // unlinks it from the car); a photo not uploaded yet is taken out of its queued upload.
    const removing = options.image === null && previousImage !== null;
    if (removing && !previousImage.startsWith(LOCAL_MEDIA_PREFIX)) {
      await queueFileDeletions(database, id, [previousImage.split('/').pop() ?? ''], dependsOn);
    }
    await queueSave(
      database,
      { entryId, kinds: CAR_KINDS, creating, entityId: id, path, files: { part: 'image', rows: image } },
      data,
      dependsOn,
      async (tx) => {
        if (removing && previousImage.startsWith(LOCAL_MEDIA_PREFIX)) {
          await dropLocalBlob(tx, previousImage.slice(LOCAL_MEDIA_PREFIX.length));
        }
        const stamp = new Date(now).toISOString();
        const previous = await tx.cars.get(id);
        if (!creating && !previous) throw new Error(`No car ${id} on this device`);
        const base = { ...CAR_DEFAULTS, ...previous } as Car;
        const row: Car = {
          ...CAR_DEFAULTS,
          ...(previous ?? {
            id,
            ownerId: sessionStore.getState().user?.id ?? '',
            image: null,
            createdAt: stamp,
          }),
          ...fields,
          // The mirror shows what the server will store (docs/SPEC-NOTES.md "A car's home"): the
          // energies agree with the main one, the VIN upper-case.
          ...energiesAfter({ energyType: base.energyType, energyTypes: base.energyTypes }, fields),
          ...(typeof fields.vin === 'string' ? { vin: fields.vin.toUpperCase() } : {}),
          id,
          image: image[0] ? localMediaUrl(image[0].id) : removing ? null : (previous?.image ?? null),
          updatedAt: stamp,
        } as Car;
        await tx.cars.put(row);
      },
    );
    return id;
  });
}

/** Deletes a car and, on this device, its logs. */
export function deleteCar(id: string, given?: PaddockDb): Promise<void> {
  return offlineWrite(given, async (database) => {
    const logIds = await database.carLogs.where('carId').equals(id).primaryKeys();
    await queueWrite(
      database,
      { kind: CAR_KINDS.delete, entityId: id, method: 'DELETE', path: `/cars/${id}`, after: [id, ...logIds] },
      async (tx) => {
        await tx.cars.delete(id);
        await tx.carLogs.where('carId').equals(id).delete();
      },
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
  return offlineWrite(given, async (database) => {
    const creating = options.id === undefined;
    const id = options.id ?? crypto.randomUUID();
    const entryId = crypto.randomUUID();
    const now = Date.now();
    const files = mediaRows(entryId, options.files ?? [], now);
    const removed = new Set(options.removeMediaIds ?? []);
    const base = creating ? '/car-logs' : `/car-logs/${id}`;
    const dependsOn = await queuedFor(database, creating ? [draft.carId] : [id, draft.carId]);
    const previous = creating ? undefined : await database.carLogs.get(id);
    if (!creating && !previous) throw new Error(`No log ${id} on this device`);
    const { odometerConfirmed } = draft;
    const data = creating
      ? { id, ...draft }
      : {
          ...editBody(previous ?? {}, draft, LOG_FIELDS),
          ...(odometerConfirmed ? { odometerConfirmed } : {}),
        };
    // Server files to delete go first, each its own entry (DELETE /files/{id}).
    const serverRemovals = (previous?.media ?? []).filter(
      (m) => removed.has(m.id) && !m.url.startsWith(LOCAL_MEDIA_PREFIX),
    );
    const localRemovals = (previous?.media ?? []).filter(
      (m) => removed.has(m.id) && m.url.startsWith(LOCAL_MEDIA_PREFIX),
    );
    await queueFileDeletions(
      database,
      id,
      serverRemovals.map((media) => media.id),
      dependsOn,
    );
    await queueSave(
      database,
      {
        entryId,
        kinds: LOG_KINDS,
        creating,
        entityId: id,
        path: base,
        files: { part: 'media', rows: files },
      },
      data,
      dependsOn,
      async (tx) => {
        // A file picked offline and removed before it was sent: take it out of its entry.
        for (const media of localRemovals) await dropLocalBlob(tx, media.id);
        const stamp = new Date(now).toISOString();
        // The row is the server's shape: the confirmation is for the request only, and a log
        // without a fill-up has no `fuel` (null in a draft removes it).
        const { odometerConfirmed: _confirmed, fuel, ...fields } = draft;
        const row: CarLog = {
          ...LOG_DEFAULTS,
          ...(previous ?? { id, media: [], createdAt: stamp }),
          ...fields,
          ...(fuel ? { fuel } : {}),
          id,
          media: [...(previous?.media ?? []).filter((m) => !removed.has(m.id)), ...localMedia(files)],
          updatedAt: stamp,
        } as CarLog;
        if (fuel === null) delete row.fuel;
        // A fill-up sent without a title: named as the server will name it (the request carries
        // this locale), shown at once.
        if (row.title === undefined)
          row.title = fillUpTitle(currentLocale(), row.fuel, row.location, CAR_LOG_TITLE_MAX);
        await tx.carLogs.put(row);
        await raiseCarMileage(tx, row.carId, row.mileage);
      },
    );
    return id;
  });
}

/**
 * A car's mileage follows its logbook: a log with a higher reading raises it on this device too,
 * as the server does when the log arrives. The car's `updatedAt` stays (the car was not edited), so
 * the server's copy replaces it at the next sync.
 */
async function raiseCarMileage(tx: PaddockDb, carId: string, reading: number | null): Promise<void> {
  if (reading === null || reading === undefined) return;
  const car = (await tx.cars.get(carId)) as Car | undefined;
  if (car && (car.mileage === null || car.mileage === undefined || car.mileage < reading))
    await tx.cars.update(carId, { mileage: reading });
}

/**
 * Queues DELETE /files/{id} for each server file, in order, each after `dependsOn`; the entries
 * join `dependsOn`, so the write queued next goes after them.
 */
async function queueFileDeletions(
  database: PaddockDb,
  entityId: string,
  fileIds: string[],
  dependsOn: string[],
): Promise<void> {
  for (const fileId of fileIds) {
    const removal = await queueWrite(database, {
      kind: MEDIA_DELETE_KIND,
      entityId,
      method: 'DELETE',
      path: `/files/${fileId}`,
      dependsOn,
    });
    dependsOn.push(removal.id);
  }
}

/**
 * Queues the create (POST `path`) or update (PUT `path`) of a car or log; with files, the
 * multipart call `path/with-<part>` carries them (their blobs are stored in the same transaction),
 * else the JSON call. `apply` then writes the local row.
 */
async function queueSave(
  database: PaddockDb,
  write: {
    entryId: string;
    kinds: { create: string; update: string };
    creating: boolean;
    entityId: string;
    path: string;
    files: { part: 'image' | 'media'; rows: MediaBlobRow[] };
  },
  data: object,
  dependsOn: string[],
  apply: (tx: PaddockDb) => Promise<void>,
): Promise<void> {
  const { part, rows } = write.files;
  await queueWrite(
    database,
    {
      id: write.entryId,
      kind: write.creating ? write.kinds.create : write.kinds.update,
      entityId: write.entityId,
      method: write.creating ? 'POST' : 'PUT',
      path: rows.length ? `${write.path}/with-${part}` : write.path,
      body: rows.length ? formBody(data, part, rows) : { type: 'json', json: data },
      dependsOn,
    },
    async (tx) => {
      if (rows.length) await tx.mediaBlobs.bulkAdd(rows);
      await apply(tx);
    },
  );
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
  return offlineWrite(given, async (database) => {
    await queueWrite(
      database,
      { kind: LOG_KINDS.delete, entityId: id, method: 'DELETE', path: `/car-logs/${id}`, after: [id] },
      async (tx) => {
        await tx.carLogs.delete(id);
      },
    );
  });
}
