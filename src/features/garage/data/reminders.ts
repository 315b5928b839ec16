// The maintenance reminders' writes, offline-first like the rest of the garage: the local
// row and its outbox entry in one Dexie transaction, a client id, the entry id as Idempotency-Key.
// A reminder of a car still queued waits for the car's writes (dependsOn), like a log does.
import { odometerSummary, readingsOf } from '@/contract/maintenance';
import type { Reminder, ReminderInput } from '@/contract/maintenance-api';
import { db as defaultDb, type PaddockDb } from '@/lib/db';
import { offlineWrite, queuedFor, queueWrite } from '@/lib/offline/write';
import type { OutboxEntry } from '@/lib/outbox';
import type { SyncState } from '@/lib/offline/types';

export const REMINDER_KINDS = {
  create: 'reminder.create',
  update: 'reminder.update',
  delete: 'reminder.delete',
} as const;

/** What the member fills in: every field of the API's input but the client id (null: not set). */
export type ReminderDraft = Required<Omit<ReminderInput, 'id'>>;

/**
 * A reminder on this device: the server's row (state derived on the device), with its sync state and
 * its car's current odometer on this device (what "Done" pre-fills, what "distance left" counts from).
 */
export type LocalReminder = Reminder & { syncState?: SyncState; carOdometer?: number | null };

/** The derived fields of a new row until the device computes them (reminders-reads.ts). */
const DERIVED_DEFAULTS: Partial<Reminder> = {
  state: 'ok',
  dueDate: null,
  dueMileage: null,
  predictedDate: null,
  firedBy: null,
  doneLogId: null,
};

/** The car's odometer now, on this device: what a reminder made now starts from (as the server does). */
async function currentOdometer(database: PaddockDb, carId: string): Promise<number | null> {
  const car = await database.cars.get(carId);
  const logs = await database.carLogs.where('carId').equals(carId).toArray();
  return odometerSummary(readingsOf(logs), car?.mileage ?? null).current;
}

/** Creates (no id) or updates a reminder; resolves with its id once kept on this device. */
export function saveReminder(
  draft: ReminderDraft,
  options: { id?: string } = {},
  given?: PaddockDb,
): Promise<string> {
  return offlineWrite(given, async (database) => {
    const creating = options.id === undefined;
    const id = options.id ?? crypto.randomUUID();
    const previous = creating ? undefined : await database.reminders.get(id);
    if (!creating && !previous) throw new Error(`No reminder ${id} on this device`);
    const body: ReminderInput = creating ? { id, ...draft } : draft;
    const dependsOn = await queuedFor(database, creating ? [draft.carId] : [id, draft.carId]);
    const moved = previous !== undefined && previous.carId !== draft.carId;
    const createdMileage =
      previous && !moved ? previous.createdMileage : await currentOdometer(database, draft.carId);
    await queueWrite(
      database,
      {
        kind: creating ? REMINDER_KINDS.create : REMINDER_KINDS.update,
        entityId: id,
        method: creating ? 'POST' : 'PUT',
        path: creating ? '/reminders' : `/reminders/${id}`,
        body: { type: 'json', json: body },
        dependsOn,
      },
      async (tx) => {
        const stamp = new Date().toISOString();
        const { dueDate, dueMileage, ...rest } = draft;
        const row: Reminder = {
          ...DERIVED_DEFAULTS,
          ...(previous ?? { createdAt: stamp }),
          ...rest,
          id,
          setDueDate: dueDate,
          setDueMileage: dueMileage,
          createdMileage,
          updatedAt: stamp,
        } as Reminder;
        await tx.reminders.put(row);
      },
    );
    return id;
  });
}

export function deleteReminder(id: string, given?: PaddockDb): Promise<void> {
  return offlineWrite(given, async (database) => {
    await queueWrite(
      database,
      { kind: REMINDER_KINDS.delete, entityId: id, method: 'DELETE', path: `/reminders/${id}`, after: [id] },
      async (tx) => {
        await tx.reminders.delete(id);
      },
    );
  });
}

function isReminder(value: unknown): value is Reminder {
  const v = value as Partial<Reminder> | null;
  return typeof v?.id === 'string' && typeof v.carId === 'string' && typeof v.title === 'string';
}

/**
 * The server's answer to a create or update becomes the local row, unless later writes of it are
 * still queued: then only what the server made (its creation stamp and odometer) is taken.
 */
export async function reconcileReminder(
  _entry: OutboxEntry,
  data: unknown,
  database: PaddockDb = defaultDb,
): Promise<void> {
  if (!isReminder(data)) return;
  await database.transaction('rw', database.reminders, database.outbox, async () => {
    const later = await database.outbox.where('entityId').equals(data.id).count();
    if (later === 0) {
      await database.reminders.put(data);
      return;
    }
    const local = await database.reminders.get(data.id);
    if (!local) return; // deleted meanwhile on this device: the queued delete follows
    await database.reminders.put({
      ...local,
      createdAt: data.createdAt,
      createdMileage: data.createdMileage,
    });
  });
}
