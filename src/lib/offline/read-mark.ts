// A read mark (a chat room, an inbox message) is queued only when there is something to mark: the
// local change finds the row already read and rolls the whole enqueue back, so no request is sent.
import type { PaddockDb } from '@/lib/db';
import type { LocalWrite, NewOutboxEntry } from '@/lib/outbox';
import { offlineWrite, queueWrite } from './write';

/** Thrown by the local change: the row is already read; the enqueue rolls back. */
export class NothingToMark extends Error {}

/** Queues the read mark with its local change, unless that finds nothing to mark; answers whether it queued. */
export function queueReadMark(
  given: PaddockDb | undefined,
  entry: NewOutboxEntry,
  mark: LocalWrite,
): Promise<boolean> {
  return offlineWrite(given, async (database) => {
    try {
      await queueWrite(database, entry, mark);
      return true;
    } catch (error) {
      if (error instanceof NothingToMark) return false;
      throw error;
    }
  });
}
