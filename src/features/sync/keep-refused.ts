// A write refused because the member lost access to the car (a driver removed while offline): it
// can be kept rather than only retried (it fails again) or discarded. Kept as a copy on one of the
// member's own cars (a create of the same log, queued through the garage's own write, with every
// field of the log and its files), or as a file of the entry's content the member downloads.
import type { CarLogInput } from '@/contract/garage';
import { LOG_FIELDS } from '@/features/garage';
import { localDb } from '@/lib/db';
import { discardEntry, type OutboxEntry } from '@/lib/outbox';
import { readEntryData, type JsonObject } from './entry-content';

/** The log writes a copy can be made of: a new log, or the changes to one (merged with its row). */
export function canCopyToCar(entry: Pick<OutboxEntry, 'kind'>): boolean {
  return entry.kind === 'carLog.create' || entry.kind === 'carLog.update';
}

/**
 * Every field a log is created with: the garage's contract-checked list, and the request's
 * odometer confirmation (a copy keeps the member's answer to the jump question).
 */
const LOG_INPUT_FIELDS: readonly string[] = [...LOG_FIELDS, 'odometerConfirmed'];

export type LogCopy = Omit<CarLogInput, 'id'>;

/**
 * The log the copy creates on `carId`: the entry's fields over the log's row on this device (an
 * update carries only what changed), every field of CarLogInput, none of the lost car's ids.
 */
export function logCopy(body: JsonObject, row: JsonObject | undefined, carId: string): LogCopy {
  const source: JsonObject = { ...(row ?? {}), ...body };
  const copy: JsonObject = {};
  for (const key of LOG_INPUT_FIELDS) {
    if (source[key] !== undefined) copy[key] = source[key];
  }
  copy.carId = carId;
  // A fill-up's reading on another car says nothing of its neighbours there: the server checks again.
  delete copy.odometerConfirmed;
  if (copy.fuel === null) delete copy.fuel;
  return copy as LogCopy;
}

/** The files the entry uploads (kept on this device until sent): the copy uploads them too. */
async function entryFiles(entry: OutboxEntry): Promise<Blob[]> {
  if (entry.body?.type !== 'form') return [];
  const database = await localDb();
  const files: Blob[] = [];
  for (const part of entry.body.parts) {
    if ('blobId' in part) {
      const row = await database.mediaBlobs.get(part.blobId);
      if (row) files.push(new File([row.blob], row.name, { type: row.mime }));
    } else if (part.value instanceof Blob) files.push(part.value);
  }
  return files;
}

/**
 * Queues the copy on `carId` through the garage's write (`save`: its saveCarLog), then drops the
 * refused entry: the copy is what will be sent. Resolves once both are durable on this device.
 */
export async function copyEntryToCar(
  entry: OutboxEntry,
  carId: string,
  save: (draft: LogCopy, options: { files?: Blob[] }) => Promise<string>,
): Promise<string> {
  const { json } = readEntryData(entry.body);
  if (!json) throw new Error('The entry has no content to copy');
  const database = await localDb();
  const row =
    entry.kind === 'carLog.update' && entry.entityId ? await database.carLogs.get(entry.entityId) : undefined;
  const files = await entryFiles(entry);
  const id = await save(logCopy(json, row, carId), files.length ? { files } : {});
  await discardEntry(entry.id);
  return id;
}

/** The content of the entry as a file the member keeps: its fields, its files' names, when. */
export function entryExport(entry: OutboxEntry, row?: JsonObject): { name: string; text: string } {
  const { json, files } = readEntryData(entry.body);
  const content = { ...(row ?? {}), ...(json ?? {}) };
  const made = new Date(entry.createdAt).toISOString();
  const text = JSON.stringify(
    { kind: entry.kind, createdAt: made, content, ...(files.length ? { files } : {}) },
    null,
    2,
  );
  const stamp = made.slice(0, 10);
  return { name: `paddock-${entry.kind.replace(/[^a-z0-9]+/gi, '-')}-${stamp}.json`, text };
}

const DOWNLOAD_URL_LIFETIME_MS = 30_000;

/** Hands the entry's content to the browser as a JSON download. */
export async function downloadEntry(entry: OutboxEntry): Promise<void> {
  const row =
    entry.kind === 'carLog.update' && entry.entityId
      ? await (await localDb()).carLogs.get(entry.entityId)
      : undefined;
  const { name, text } = entryExport(entry, row);
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the download has surely started: a URL revoked in the click's own task may
  // cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}
