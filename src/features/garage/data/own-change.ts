// This device's own changes of cars and logs: a write queued or in flight, or the echo of one
// just sent. Apart from the outbox handlers (which note each send here) so that the garage's sync,
// loaded at start-up by the Garage badge, does not bring the handlers and their write paths.
import { db as defaultDb, type PaddockDb } from '@/lib/db';
import { createEchoWindow, DELETED_VERSION } from '@/lib/offline/echo';
import type { OutboxEntry } from '@/lib/outbox';
import { MEDIA_DELETE_KIND } from './kinds';

/**
 * The changes this device has just sent, with the version (`updatedAt`) the server answered: their
 * echo needs no fetch. Another device's later write of the same row is newer, and is fetched.
 */
const echoes = createEchoWindow();

export function rememberSent(entry: OutboxEntry, data: unknown): void {
  if (!entry.entityId) return;
  const version = (data as { updatedAt?: unknown } | null)?.updatedAt;
  if (typeof version === 'string') echoes.remember(entry.entityId, version);
  // A delete of the row itself: nothing can be newer. A file's delete tells no version of its log.
  else if (entry.method === 'DELETE' && entry.kind !== MEDIA_DELETE_KIND)
    echoes.remember(entry.entityId, DELETED_VERSION);
  else echoes.remember(entry.entityId);
}

/**
 * Is this change this device's own: a write of this car or log queued or in flight, or the echo of
 * one just sent (an event no newer than the server's answer to it)? An event without a version
 * (an older server) is not taken for an echo: the row is fetched.
 */
export async function ownChange(
  id: string | null | undefined,
  database: PaddockDb = defaultDb,
  version?: unknown,
): Promise<boolean> {
  if (!id) return false;
  if (echoes.echoOf(id, typeof version === 'string' ? version : null)) return true;
  // The push can overtake the HTTP answer: the entry is still in the outbox then.
  return (await database.outbox.where('entityId').equals(id).count()) > 0;
}
