// Refreshing the local reminders from the server (GET /reminders, or ?carId= for one car), like the
// cars and logs: a reminder with queued writes is never overwritten, and one the server no longer has
// is dropped unless it was written here after the listing was asked for. The logs of the cars with
// reminders are synced too (when not fresh): the device derives each state from them.
import { useCallback, useEffect, useState } from 'react';
import type { Reminder } from '@/contract/maintenance-api';
import { api } from '@/lib/http/api-client';
import { localDb, type PaddockDb } from '@/lib/db';
import { queuedEntityIds } from '@/lib/outbox';
import { useRetryWhenBack } from '@/lib/network/reachability';
import { realtime } from '@/lib/realtime/socket';
import { useFirstSyncPending } from './first-sync-pending';
import { carCreateQueued, logsAreFresh, syncCarLogs } from './sync';

/** The member's reminders (all, or one car's) into Dexie. */
export async function syncReminders(carId?: string, given?: PaddockDb): Promise<void> {
  const database = given ?? (await localDb());
  if (carId && (await carCreateQueued(carId, database))) return; // the server does not know the car yet
  const askedAt = Date.now();
  const server = await api.get<Reminder[]>('/reminders', carId ? { query: { carId } } : {});
  await database.transaction('rw', database.reminders, database.outbox, async () => {
    const queued = await queuedEntityIds(database);
    const local = carId
      ? await database.reminders.where('carId').equals(carId).toArray()
      : await database.reminders.toArray();
    const localById = new Map(local.map((row) => [row.id, row]));
    // The derived state changes without updatedAt: a changed row is put whatever its stamp says.
    const puts = server.filter((row) => {
      if (queued.has(row.id)) return false;
      const mine = localById.get(row.id);
      if (!mine) return true;
      if (mine.updatedAt > row.updatedAt) return false;
      return JSON.stringify(mine) !== JSON.stringify(row);
    });
    if (puts.length) await database.reminders.bulkPut(puts);
    const seen = new Set(server.map((row) => row.id));
    const gone = local
      .filter((row) => !seen.has(row.id) && !queued.has(row.id) && Date.parse(row.updatedAt) < askedAt)
      .map((row) => row.id);
    if (gone.length) await database.reminders.bulkDelete(gone);
  });
}

/** The reminders, then the log books they are derived from (the ones not synced lately). */
export async function syncRemindersAndLogs(carId?: string, given?: PaddockDb): Promise<void> {
  const database = given ?? (await localDb());
  await syncReminders(carId, database);
  const carIds = carId ? [carId] : [...new Set((await database.reminders.toArray()).map((r) => r.carId))];
  for (const id of carIds) {
    if (!(await logsAreFresh(id, database))) await syncCarLogs(id, database);
  }
}

/**
 * Keeps the reminders fresh while a screen shows them: on mount, when a reminder changes state
 * (the `reminder` notification), and on refresh(). Offline, `error` is a NetworkError and the
 * local rows stay as they are.
 */
export function useRemindersRefresh(carId?: string) {
  const [error, setError] = useState<unknown>(null);
  const [firstSyncPending, firstSyncEnded] = useFirstSyncPending();
  const run = useCallback(async () => {
    try {
      await syncRemindersAndLogs(carId);
      setError(null);
    } catch (caught) {
      setError(caught);
    } finally {
      firstSyncEnded();
    }
  }, [carId, firstSyncEnded]);

  useEffect(() => {
    void run();
    return realtime.on('reminder', () => void run());
  }, [run]);

  useRetryWhenBack(error !== null, run);
  return { error, refresh: run, firstSyncPending };
}
