// A write refused because the member lost access to the car (a driver removed while offline): it
// can be kept rather than only retried (it fails again) or discarded. Kept as a copy on one of the
// member's own cars (a create of the same log, queued through its feature's own write: what the
// feature registered for the kind), or as a file of the entry's content the member downloads.
import { localDb } from '@/lib/db';
import { discardEntry, type OutboxEntry } from '@/lib/outbox';
import { copyOf, readEntryData, type JsonObject } from './entry-content';

/** A write a copy can be made of: its feature registered where a copy may go (a log: my cars). */
export function canCopy(entry: Pick<OutboxEntry, 'kind'>): boolean {
  return copyOf(entry.kind) !== undefined;
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
 * Queues the copy on `targetId` through the entry's feature (a log: the garage's own write, every
 * field of the log and its files), then drops the refused entry: the copy is what will be sent.
 * Resolves once both are durable on this device.
 */
export async function copyEntryTo(entry: OutboxEntry, targetId: string): Promise<void> {
  const copy = copyOf(entry.kind);
  if (!copy) throw new Error(`No copy for the entry kind "${entry.kind}"`);
  const { json } = readEntryData(entry.body);
  if (!json) throw new Error('The entry has no content to copy');
  await copy.copy(entry, json, targetId, await entryFiles(entry));
  await discardEntry(entry.id);
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
