// After the server confirms a write, the local row becomes the server's copy (ids of uploaded
// files, sanitised rich text, server timestamps) — unless later writes of the same row are still
// queued: then only what the server made (file urls, createdAt) is taken, the member's newer
// fields stay.
import type { Car, CarLog } from '@/contract/garage';
import { db as defaultDb, type PaddockDb } from '@/lib/db';
import { type OutboxEntry, type OutboxHandlers, withKindLabels } from '@/lib/outbox';
import { LOCAL_MEDIA_PREFIX } from '@/lib/offline/types';
import type { FieldValues } from '@/contract/edit-merge';
import { EQUIPMENT_KINDS_OUTBOX, reconcileEquipment } from './car-equipment';
import { PAPER_KINDS, reconcileCarPaper } from './car-papers';
import { GARAGE_KIND_CONTENTS } from './entry-content';
import { rememberSent } from './own-change';
import { recordOverwritten } from './overwritten';
import { reconcileReminder, REMINDER_KINDS } from './reminders';
import { CAR_KINDS, LOG_KINDS, MEDIA_DELETE_KIND } from './writes';

function isCar(value: unknown): value is Car {
  const v = value as Partial<Car> | null;
  return typeof v?.id === 'string' && typeof v.make === 'string' && typeof v.ownerId === 'string';
}

function isCarLog(value: unknown): value is CarLog {
  const v = value as Partial<CarLog> | null;
  return typeof v?.id === 'string' && typeof v.carId === 'string' && Array.isArray(v.media);
}

/** Is this `local:` url a file of `entry` (now uploaded)? */
async function uploadedBy(database: PaddockDb, url: string | null | undefined, entry: OutboxEntry) {
  if (!url?.startsWith(LOCAL_MEDIA_PREFIX)) return false;
  const blob = await database.mediaBlobs.get(url.slice(LOCAL_MEDIA_PREFIX.length));
  return !blob || blob.entryId === entry.id;
}

/**
 * The answer without `overwritten` (the fields it replaced on the server, kept apart by
 * recordOverwritten): the local row is the thing itself.
 */
function withoutOverwritten(data: unknown): { row: unknown; overwritten?: FieldValues } {
  if (typeof data !== 'object' || data === null || !('overwritten' in data)) return { row: data };
  const { overwritten, ...row } = data as { overwritten?: unknown };
  return typeof overwritten === 'object' && overwritten !== null
    ? { row, overwritten: overwritten as FieldValues }
    : { row };
}

export async function reconcileCar(entry: OutboxEntry, answer: unknown, database: PaddockDb = defaultDb) {
  const { row: data, overwritten } = withoutOverwritten(answer);
  if (!isCar(data)) return;
  if (overwritten)
    await recordOverwritten(database, { kind: 'car', id: data.id, carId: data.id, fields: overwritten });
  await database.transaction('rw', database.cars, database.outbox, database.mediaBlobs, async () => {
    const later = await database.outbox.where('entityId').equals(data.id).count();
    const local = await database.cars.get(data.id);
    if (later === 0) {
      await database.cars.put(data);
      return;
    }
    if (!local) return; // deleted meanwhile on this device: the queued delete will follow
    const image = (await uploadedBy(database, local.image, entry)) ? data.image : local.image;
    await database.cars.put({ ...local, ownerId: data.ownerId, createdAt: data.createdAt, image });
  });
}

export async function reconcileCarLog(entry: OutboxEntry, answer: unknown, database: PaddockDb = defaultDb) {
  const { row: data, overwritten } = withoutOverwritten(answer);
  if (!isCarLog(data)) return;
  if (overwritten) {
    await recordOverwritten(database, {
      kind: 'carLog',
      id: data.id,
      carId: data.carId,
      fields: overwritten,
    });
  }
  await database.transaction('rw', database.carLogs, database.outbox, database.mediaBlobs, async () => {
    const later = await database.outbox.where('entityId').equals(data.id).toArray();
    const local = await database.carLogs.get(data.id);
    if (later.length === 0) {
      await database.carLogs.put(data);
      return;
    }
    if (!local) return;
    // Files the member removed since: their deletion is queued, they must not come back.
    const removing = new Set(
      later.filter((e) => e.kind === MEDIA_DELETE_KIND).map((e) => e.path.split('/').pop() ?? ''),
    );
    const stillLocal = [];
    for (const media of local.media) {
      if (media.url.startsWith(LOCAL_MEDIA_PREFIX) && !(await uploadedBy(database, media.url, entry))) {
        stillLocal.push(media);
      }
    }
    const serverIds = new Set(data.media.map((m) => m.id));
    const keptServer = local.media.filter(
      (m) => !m.url.startsWith(LOCAL_MEDIA_PREFIX) && serverIds.has(m.id) && !removing.has(m.id),
    );
    const fresh = data.media.filter((m) => !local.media.some((l) => l.id === m.id) && !removing.has(m.id));
    await database.carLogs.put({
      ...local,
      createdAt: data.createdAt,
      media: [...keptServer, ...fresh, ...stillLocal],
    });
  });
}

const track =
  (reconcile?: (entry: OutboxEntry, data: unknown) => Promise<void>) =>
  async (entry: OutboxEntry, data: unknown) => {
    rememberSent(entry, data);
    await reconcile?.(entry, data);
  };

/** The garage's reconciliation handlers, by entry kind (the app registers them before a replay). */
// Each kind with how the sync panel shows it (entry-content.ts: the feature names its own writes).
export const garageHandlers: OutboxHandlers = withKindLabels(
  {
    [CAR_KINDS.create]: track((entry, data) => reconcileCar(entry, data)),
    [CAR_KINDS.update]: track((entry, data) => reconcileCar(entry, data)),
    [CAR_KINDS.delete]: track(),
    [LOG_KINDS.create]: track((entry, data) => reconcileCarLog(entry, data)),
    [LOG_KINDS.update]: track((entry, data) => reconcileCarLog(entry, data)),
    [LOG_KINDS.delete]: track(),
    [MEDIA_DELETE_KIND]: track(),
    [REMINDER_KINDS.create]: track((entry, data) => reconcileReminder(entry, data)),
    [REMINDER_KINDS.update]: track((entry, data) => reconcileReminder(entry, data)),
    [REMINDER_KINDS.delete]: track(),
    [PAPER_KINDS.create]: track((entry, data) => reconcileCarPaper(entry, data)),
    [PAPER_KINDS.delete]: track(),
    [EQUIPMENT_KINDS_OUTBOX.create]: track((entry, data) => reconcileEquipment(entry, data)),
    [EQUIPMENT_KINDS_OUTBOX.update]: track((entry, data) => reconcileEquipment(entry, data)),
    [EQUIPMENT_KINDS_OUTBOX.mount]: track((entry, data) => reconcileEquipment(entry, data)),
    [EQUIPMENT_KINDS_OUTBOX.remove]: track((entry, data) => reconcileEquipment(entry, data)),
    [EQUIPMENT_KINDS_OUTBOX.delete]: track(),
  },
  GARAGE_KIND_CONTENTS,
);
