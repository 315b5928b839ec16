// The one way a feature writes offline (docs/OFFLINE-FIRST.md): the local row and its outbox entry
// in ONE Dexie transaction (enqueue), so a resolved promise means "kept on this device". A full
// disk is a StorageFullError; a write goes after the queued writes of the rows it names (`after`),
// so a log of a car created offline is sent after the car, and is blocked if that one failed.
import { localDb, type MediaBlobRow, type PaddockDb } from '@/lib/db';
import {
  enqueue,
  type LocalWrite,
  type NewOutboxEntry,
  type OutboxBody,
  type OutboxEntry,
  type OutboxPart,
} from '@/lib/outbox';
import { guardStorage } from './storage-full';

/** Runs a writer on the member's database (or the one given); a full disk is a StorageFullError. */
export function offlineWrite<T>(
  given: PaddockDb | undefined,
  write: (database: PaddockDb) => Promise<T>,
): Promise<T> {
  return guardStorage(async () => write(given ?? (await localDb())));
}

/** The ids of queued entries that touch any of these rows: a new write goes after them. */
export async function queuedFor(database: PaddockDb, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  return (await database.outbox.where('entityId').anyOf(ids).primaryKeys()) as string[];
}

/**
 * Queues one entry and its local write in one transaction. `after`: rows whose queued writes this
 * one waits for (added to any explicit `dependsOn`).
 */
export async function queueWrite(
  database: PaddockDb,
  entry: NewOutboxEntry & { after?: string[] },
  local?: LocalWrite,
): Promise<OutboxEntry> {
  const { after, ...rest } = entry;
  const dependsOn = [...(rest.dependsOn ?? []), ...(await queuedFor(database, after ?? []))];
  return enqueue({ ...rest, dependsOn }, local, database);
}

function fileName(file: Blob, fallback: string): string {
  const name = (file as Partial<File>).name;
  return typeof name === 'string' && name ? name : fallback;
}

/** Files become mediaBlobs rows (stored once, shown before upload) that the entry's parts name. */
export function mediaRows(
  entryId: string,
  files: Blob[],
  now: number,
  fallbackName: (index: number) => string = (i) => `file-${i + 1}`,
): MediaBlobRow[] {
  return files.map((file, i) => ({
    id: crypto.randomUUID(),
    entryId,
    blob: file,
    name: fileName(file, fallbackName(i)),
    mime: file.type || 'application/octet-stream',
    kind: file.type === 'application/pdf' ? 'pdf' : 'image',
    createdAt: now,
  }));
}

/** A multipart body: the JSON `data` part, then one `field` part per stored file. */
export function formBody(data: unknown, field: string, rows: MediaBlobRow[]): OutboxBody {
  const parts: OutboxPart[] = [{ name: 'data', value: JSON.stringify(data) }];
  for (const row of rows) parts.push({ name: field, blobId: row.id, filename: row.name });
  return { type: 'form', parts };
}
