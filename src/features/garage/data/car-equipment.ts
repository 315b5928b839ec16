// A car's tyres and equipment offline, like its reminders (docs/OFFLINE-FIRST.md): each write lands
// in the mirror and the outbox in one Dexie transaction, with a client id for a new set and the
// entry id as Idempotency-Key. A mounting or removal is applied to the row's stints at once, as the
// server applies it; the derived figures are the contract's (equipmentDerived), so they read the
// same before and after the server answers. Writes of a car still queued wait for the car's.
import {
  equipmentDerived,
  type CarEquipment,
  type CarEquipmentInput,
  type CarEquipmentUpdate,
  type EquipmentMove,
} from '@/contract/car-equipment';
import { db as defaultDb, type PaddockDb } from '@/lib/db';
import { offlineWrite, queueWrite } from '@/lib/offline/write';
import type { OutboxEntry } from '@/lib/outbox';
import { localToday } from './reminders-reads';

export const EQUIPMENT_KINDS_OUTBOX = {
  create: 'equipment.create',
  update: 'equipment.update',
  mount: 'equipment.mount',
  remove: 'equipment.remove',
  delete: 'equipment.delete',
} as const;

const itemPath = (id: string) => `/equipment/${id}`;

/** The set with its figures derived on this device, from its car's mileage here. */
export async function withDerived(
  database: PaddockDb,
  item: CarEquipment,
  today = localToday(),
): Promise<CarEquipment> {
  const car = await database.cars.get(item.carId);
  return { ...item, ...equipmentDerived(item, car?.mileage ?? null, today) };
}

/** Adds a set to the car; resolves with its id once kept on this device. */
export function addEquipment(
  carId: string,
  input: Omit<CarEquipmentInput, 'id'>,
  given?: PaddockDb,
): Promise<string> {
  return offlineWrite(given, async (database) => {
    const id = crypto.randomUUID();
    const body: CarEquipmentInput = { id, ...input };
    await queueWrite(
      database,
      {
        kind: EQUIPMENT_KINDS_OUTBOX.create,
        entityId: id,
        method: 'POST',
        path: `/cars/${carId}/equipment`,
        body: { type: 'json', json: body },
        after: [carId],
      },
      async (tx) => {
        const stamp = new Date().toISOString();
        const row: CarEquipment = {
          id,
          carId,
          kind: input.kind,
          name: input.name.trim() || input.name,
          dotCode: input.dotCode ?? null,
          reminderDistance: input.reminderDistance ?? null,
          reminderAgeMonths: input.reminderAgeMonths ?? null,
          stints: [],
          mounted: false,
          distance: 0,
          ageMonths: null,
          due: null,
          createdAt: stamp,
          updatedAt: stamp,
        };
        await tx.carEquipment.put(await withDerived(tx, row));
      },
    );
    return id;
  });
}

/** Queues one write of a set kept here, and applies `change` to its row in the same transaction. */
async function queueItemWrite(
  database: PaddockDb,
  id: string,
  entry: { kind: string; method: 'PUT' | 'POST'; path: string; json: unknown },
  change: (item: CarEquipment) => CarEquipment,
): Promise<void> {
  const item = await database.carEquipment.get(id);
  if (!item) throw new Error(`No equipment ${id} on this device`);
  const next = change(item); // checked before anything is queued
  await queueWrite(
    database,
    {
      kind: entry.kind,
      entityId: id,
      method: entry.method,
      path: entry.path,
      body: { type: 'json', json: entry.json },
      after: [id, item.carId],
    },
    // The row keeps the server's version (updatedAt) until the server answers: a discarded write
    // then leaves a row the next refresh replaces with the server's copy.
    async (tx) => {
      await tx.carEquipment.put(await withDerived(tx, next));
    },
  );
}

/** Changes a set's fields. */
export function updateEquipment(id: string, update: CarEquipmentUpdate, given?: PaddockDb): Promise<void> {
  return offlineWrite(given, (database) =>
    queueItemWrite(
      database,
      id,
      { kind: EQUIPMENT_KINDS_OUTBOX.update, method: 'PUT', path: itemPath(id), json: update },
      (item) => {
        const next = { ...item };
        for (const [key, value] of Object.entries(update))
          if (value !== undefined) (next as Record<string, unknown>)[key] = value;
        return next;
      },
    ),
  );
}

/** A mounting or removal the server would refuse as this device sees the set (a bug of the caller). */
export class EquipmentMoveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EquipmentMoveError';
  }
}

/** The set's stints after a mounting or removal at `at`, as the server applies it. */
export function movedStints(item: CarEquipment, move: 'mount' | 'remove', at: EquipmentMove) {
  const stints = [...item.stints];
  const last = stints[stints.length - 1];
  if (move === 'mount') {
    if (last && last.removedOn === null) throw new EquipmentMoveError('mounted already');
    stints.push({ mountedOn: at.date, mountedMileage: at.mileage, removedOn: null, removedMileage: null });
  } else {
    if (!last || last.removedOn !== null) throw new EquipmentMoveError('not mounted');
    stints[stints.length - 1] = { ...last, removedOn: at.date, removedMileage: at.mileage };
  }
  return stints;
}

/** Mounts (`mount`) or removes (`remove`) a set at an odometer reading and a day. */
export function moveEquipment(
  id: string,
  move: 'mount' | 'remove',
  at: EquipmentMove,
  given?: PaddockDb,
): Promise<void> {
  return offlineWrite(given, (database) =>
    queueItemWrite(
      database,
      id,
      {
        kind: move === 'mount' ? EQUIPMENT_KINDS_OUTBOX.mount : EQUIPMENT_KINDS_OUTBOX.remove,
        method: 'POST',
        path: `${itemPath(id)}/${move}`,
        json: at,
      },
      (item) => ({ ...item, stints: movedStints(item, move, at) }),
    ),
  );
}

export function deleteEquipment(id: string, given?: PaddockDb): Promise<void> {
  return offlineWrite(given, async (database) => {
    await queueWrite(
      database,
      {
        kind: EQUIPMENT_KINDS_OUTBOX.delete,
        entityId: id,
        method: 'DELETE',
        path: itemPath(id),
        after: [id],
      },
      async (tx) => {
        await tx.carEquipment.delete(id);
      },
    );
  });
}

function isCarEquipment(value: unknown): value is CarEquipment {
  const v = value as Partial<CarEquipment> | null;
  return typeof v?.id === 'string' && typeof v.carId === 'string' && Array.isArray(v.stints);
}

/**
 * The server's answer becomes the local row, unless later writes of the set are still queued:
 * then the member's newer row stays, with the server's creation stamp.
 */
export async function reconcileEquipment(
  _entry: OutboxEntry,
  data: unknown,
  database: PaddockDb = defaultDb,
): Promise<void> {
  if (!isCarEquipment(data)) return;
  await database.transaction('rw', database.carEquipment, database.outbox, async () => {
    const later = await database.outbox.where('entityId').equals(data.id).count();
    if (later === 0) {
      await database.carEquipment.put(data);
      return;
    }
    const local = await database.carEquipment.get(data.id);
    if (!local) return; // deleted meanwhile on this device: the queued delete follows
    await database.carEquipment.put({ ...local, createdAt: data.createdAt });
  });
}
