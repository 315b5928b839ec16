// Values a later write replaced (docs/OFFLINE-FIRST.md "Edits from two devices"): the server's
// answer to an edit names the fields another device had changed since the edit's base, with the
// values this write replaced. They are kept on this device until the member restores one (a new
// edit, queued like any other) or dismisses them, and shown on the car or log they belong to.
import type { FieldValues } from '@/contract/edit-merge';
import { db as defaultDb, type PaddockDb } from '@/lib/db';
import { useLive } from '@/lib/offline/live';
import { CAR_FIELDS, LOG_FIELDS } from './fields';
import type { CarDraft, CarLogDraft } from './types';
import { saveCar, saveCarLog } from './writes';

export type OverwrittenKind = 'car' | 'carLog';

export interface Overwritten {
  kind: OverwrittenKind;
  /** The car's or the log's id. */
  id: string;
  /** The car the thing belongs to (a car: itself). */
  carId: string;
  /** Field → the value replaced (null: it was empty). */
  fields: FieldValues;
  at: number;
}

const PREFIX = 'overwritten:';
const keyOf = (kind: OverwrittenKind, id: string) => `${PREFIX}${kind}:${id}`;

function isOverwritten(value: unknown): value is Overwritten {
  const v = value as Partial<Overwritten> | null;
  return typeof v?.id === 'string' && typeof v.fields === 'object' && v.fields !== null;
}

/** Keeps what an answer says it replaced; a later answer's value for the same field wins. */
export async function recordOverwritten(database: PaddockDb, record: Omit<Overwritten, 'at'>): Promise<void> {
  const key = keyOf(record.kind, record.id);
  await database.transaction('rw', database.meta, async () => {
    const known = (await database.meta.get(key))?.value;
    const fields = { ...(isOverwritten(known) ? known.fields : {}), ...record.fields };
    await database.meta.put({ key, value: { ...record, fields, at: Date.now() } });
  });
}

/** What was replaced on this car or log, or null. */
export function useOverwritten(kind: OverwrittenKind, id: string): Overwritten | null | undefined {
  return useLive(async () => {
    const value = (await defaultDb.meta.get(keyOf(kind, id)))?.value;
    return isOverwritten(value) ? value : null;
  }, [kind, id]);
}

/** Every log of this car with a replaced value (the garage says so above its list). */
export function useOverwrittenLogs(carId: string | undefined): Overwritten[] | undefined {
  return useLive(async () => {
    if (!carId) return [];
    const rows = await defaultDb.meta.where('key').startsWith(`${PREFIX}carLog:`).toArray();
    return rows
      .map((row) => row.value)
      .filter((value): value is Overwritten => isOverwritten(value) && value.carId === carId);
  }, [carId]);
}

/** Forgets one replaced field (restored or dismissed), or all of them. */
export async function dismissOverwritten(
  kind: OverwrittenKind,
  id: string,
  field?: string,
  database: PaddockDb = defaultDb,
): Promise<void> {
  const key = keyOf(kind, id);
  await database.transaction('rw', database.meta, async () => {
    const known = (await database.meta.get(key))?.value;
    if (!isOverwritten(known) || field === undefined) {
      await database.meta.delete(key);
      return;
    }
    const { [field]: _gone, ...fields } = known.fields;
    if (Object.keys(fields).length) await database.meta.put({ key, value: { ...known, fields } });
    else await database.meta.delete(key);
  });
}

/** The whole form of a row, as a draft: the edit then sends only the restored field. */
function draftOf<T>(row: object, keys: readonly string[], field: string, value: unknown): T {
  const values = row as Record<string, unknown>;
  const draft = Object.fromEntries(keys.filter((key) => key in values).map((key) => [key, values[key]]));
  return { ...draft, [field]: value } as T;
}

/**
 * "Restore": puts the replaced value back with an edit, queued like the member's own (so offline
 * too); the field is then forgotten. Resolves false when the row is no longer on this device.
 */
export async function restoreOverwritten(
  kind: OverwrittenKind,
  id: string,
  field: string,
  database: PaddockDb = defaultDb,
): Promise<boolean> {
  const known = (await database.meta.get(keyOf(kind, id)))?.value;
  if (!isOverwritten(known) || !(field in known.fields)) return false;
  const value = known.fields[field] ?? null;
  if (kind === 'carLog') {
    const log = await database.carLogs.get(id);
    if (!log) return false;
    await saveCarLog(draftOf<CarLogDraft>(log, LOG_FIELDS, field, value), { id }, database);
  } else {
    const car = await database.cars.get(id);
    if (!car) return false;
    await saveCar(draftOf<CarDraft>(car, CAR_FIELDS, field, value), { id }, database);
  }
  await dismissOverwritten(kind, id, field, database);
  return true;
}
