// The garage read from Dexie (OFFLINE.md property 8): live queries that re-render on every local
// change, whichever tab made it. Rows carry their sync state from the outbox.
import { Dexie } from 'dexie';
import type { Car, CarLog } from '@/contract/garage';
import { db } from '@/lib/db';
import { useLive } from './live';
import type { LocalCar, LocalCarLog, SyncState } from './types';

/**
 * entityId → 'failed' if one of its writes needs attention, else 'pending'. Reads only the index
 * keys (never the entries' bodies and files): live queries run this on every outbox change.
 */
async function syncStates(): Promise<Map<string, SyncState>> {
  const [queued, failed] = await Promise.all([
    db.outbox.orderBy('entityId').uniqueKeys(),
    db.outbox.where('status').equals('failed').toArray(), // few: the ones the member must look at
  ]);
  const states = new Map<string, SyncState>();
  for (const key of queued) if (typeof key === 'string') states.set(key, 'pending');
  for (const entry of failed) if (entry.entityId) states.set(entry.entityId, 'failed');
  return states;
}

function withState<T extends { id: string }>(
  row: T,
  states: Map<string, SyncState>,
): T & { syncState?: SyncState } {
  const state = states.get(row.id);
  return state ? { ...row, syncState: state } : row;
}

/** Newest dates first; the same day, the entry written last first. */
export function compareLogs(a: CarLog, b: CarLog): number {
  if (a.startDate !== b.startDate) return a.startDate < b.startDate ? 1 : -1;
  return a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;
}

export function useCars(): LocalCar[] | undefined {
  return useLive(async () => {
    const [cars, states] = await Promise.all([db.cars.orderBy('createdAt').toArray(), syncStates()]);
    return (cars as unknown as Car[]).map((car) => withState(car, states));
  }, []);
}

export function useCar(id: string | undefined): LocalCar | null | undefined {
  return useLive(async () => {
    if (!id) return null;
    const [car, states] = await Promise.all([db.cars.get(id), syncStates()]);
    return car ? withState(car as unknown as Car, states) : null;
  }, [id]);
}

/** A car's logs, newest first. */
export function readCarLogs(carId: string): Promise<CarLog[]> {
  return db.carLogs
    .where('[carId+startDate]')
    .between([carId, Dexie.minKey], [carId, Dexie.maxKey])
    .toArray()
    .then((rows) => (rows as unknown as CarLog[]).sort(compareLogs));
}

export function useCarLogs(carId: string | undefined): LocalCarLog[] | undefined {
  return useLive(async () => {
    if (!carId) return [];
    const [logs, states] = await Promise.all([readCarLogs(carId), syncStates()]);
    return states.size ? logs.map((log) => withState(log, states)) : logs;
  }, [carId]);
}

export function useCarLog(id: string | undefined): LocalCarLog | null | undefined {
  return useLive(async () => {
    if (!id) return null;
    const [log, states] = await Promise.all([db.carLogs.get(id), syncStates()]);
    return log ? withState(log as unknown as CarLog, states) : null;
  }, [id]);
}
