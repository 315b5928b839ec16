// The garage read from Dexie (docs/OFFLINE-FIRST.md property 8): live queries that re-render on every local
// change, whichever tab made it. Rows carry their sync state from the outbox.
import { Dexie, liveQuery } from 'dexie';
import { useMemo, useSyncExternalStore } from 'react';
import type { CarLog } from '@/contract/garage';
import { db, openLocalDatabase } from '@/lib/db';
import { useAfterPaint } from '@/lib/offline/after-paint';
import { LIVE_UPDATE_INTERVAL_MS, useLive } from '@/lib/offline/live';
import { syncStates } from '@/lib/offline/sync-states';
import type { LocalCar, LocalCarLog } from './types';
import { type SyncState } from '@/lib/offline/types';
import { reportUnlessClosed } from '@/lib/db/closed';

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

/**
 * Sync states live in one query of their own, shared by every hook on the screen: an outbox change
 * (each send marks, deletes…) re-runs only this small index read, once, not a whole log book.
 */
type StatesListener = () => void;
const statesListeners = new Set<StatesListener>();
let statesValue: Map<string, SyncState> | undefined;
let statesSubscription: { unsubscribe: () => void } | undefined;
let statesTrailing: ReturnType<typeof setTimeout> | undefined;
let statesShownAt = 0;

function subscribeStates(listener: StatesListener): () => void {
  statesListeners.add(listener);
  if (statesListeners.size === 1) {
    openLocalDatabase().then(() => {
      if (!statesListeners.size || statesSubscription) return;
      statesSubscription = liveQuery(syncStates).subscribe({
        next: (value) => {
          const show = () => {
            statesTrailing = undefined;
            statesShownAt = Date.now();
            statesValue = value;
            statesListeners.forEach((l) => l());
          };
          if (statesTrailing) clearTimeout(statesTrailing);
          const wait = statesShownAt + LIVE_UPDATE_INTERVAL_MS - Date.now();
          if (statesValue === undefined || wait <= 0) show();
          else statesTrailing = setTimeout(show, wait);
        },
        error: reportUnlessClosed('sync states unavailable'),
      });
    }, reportUnlessClosed('sync states unavailable'));
  }
  return () => {
    statesListeners.delete(listener);
    if (statesListeners.size) return;
    statesSubscription?.unsubscribe();
    statesSubscription = undefined;
    if (statesTrailing) clearTimeout(statesTrailing);
    statesTrailing = undefined;
    statesValue = undefined; // another member or database next time: read again
  };
}

function useSyncStates(): Map<string, SyncState> | undefined {
  return useSyncExternalStore(subscribeStates, () => statesValue);
}

function useWithStates<T extends { id: string }>(
  rows: T[] | undefined,
): (T & { syncState?: SyncState })[] | undefined {
  const states = useSyncStates();
  return useMemo(() => {
    if (!rows || !states) return undefined;
    return states.size ? rows.map((row) => withState(row, states)) : rows;
  }, [rows, states]);
}

function useOneWithState<T extends { id: string }>(
  row: T | null | undefined,
): (T & { syncState?: SyncState }) | null | undefined {
  const states = useSyncStates();
  return useMemo(() => {
    if (row === undefined || !states) return undefined;
    return row === null ? null : withState(row, states);
  }, [row, states]);
}

export function useCars(): LocalCar[] | undefined {
  const cars = useLive(async () => await db.cars.orderBy('createdAt').toArray(), []);
  return useWithStates(cars);
}

export function useCar(id: string | undefined): LocalCar | null | undefined {
  const car = useLive(async () => (id ? ((await db.cars.get(id)) ?? null) : null), [id]);
  return useOneWithState(car);
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
  const logs = useLive(async (): Promise<CarLog[]> => (carId ? readCarLogs(carId) : []), [carId]);
  return useWithStates(logs);
}

export function useCarLog(id: string | undefined): LocalCarLog | null | undefined {
  const log = useLive(async () => (id ? ((await db.carLogs.get(id)) ?? null) : null), [id]);
  return useOneWithState(log);
}

/**
 * How many logs a logbook's first paint reads: more than a tall screen holds (the list is
 * virtualised). The whole logbook (filters, sums, statistics) is read after that paint
 * (docs/BENCHMARKS.md, the car's home).
 */
export const FIRST_PAGE_LOGS = 30;

/**
 * A car's newest logs in the mirror's order (compareLogs) and how many it has: an indexed read of
 * `limit` rows and a count, not the whole logbook. Logs sharing the last row's day are all kept,
 * so the page is exactly the start of the full order (the index orders a day's logs by id).
 */
export async function readCarLogsFirstPage(
  carId: string,
  limit = FIRST_PAGE_LOGS,
): Promise<{ logs: CarLog[]; total: number }> {
  const range = () =>
    db.carLogs.where('[carId+startDate]').between([carId, Dexie.minKey], [carId, Dexie.maxKey]);
  const [newest, total] = await Promise.all([range().reverse().limit(limit).toArray(), range().count()]);
  const last = newest[newest.length - 1];
  // Sorted from the index's ascending order, as readCarLogs sorts (ties then fall the same way).
  if (!last || newest.length < limit) return { logs: newest.reverse().sort(compareLogs), total };
  const sameDay = await db.carLogs.where('[carId+startDate]').equals([carId, last.startDate]).toArray();
  const later = newest.filter((log) => log.startDate > last.startDate).reverse();
  return { logs: [...sameDay, ...later].sort(compareLogs), total };
}

/** The first page of a car's logbook, live (undefined while reading). */
export function useCarLogsFirstPage(
  carId: string | undefined,
): { logs: LocalCarLog[]; total: number } | undefined {
  const page = useLive(
    async (): Promise<{ logs: CarLog[]; total: number }> =>
      carId ? readCarLogsFirstPage(carId) : { logs: [], total: 0 },
    [carId],
  );
  const logs = useWithStates(page?.logs);
  return useMemo(() => (page && logs ? { logs, total: page.total } : undefined), [page, logs]);
}

/**
 * A car's whole logbook on a screen that paints its first page first (useCarLogsFirstPage): read
 * once that page has been shown a moment (useAfterPaint), or at once when `wanted` (the member
 * scrolls past the page, filters, sums); undefined until then. A screen left before that never
 * reads it, so a tap through it does not wait behind 5,000 rows (docs/BENCHMARKS.md).
 */
export function useCarLogsAfterPaint(
  carId: string,
  firstPage: { logs: LocalCarLog[]; total: number } | undefined,
  wanted = false,
): LocalCarLog[] | undefined {
  const go = useAfterPaint(firstPage !== undefined, wanted);
  const all = useCarLogs(go ? carId : undefined);
  return go ? all : undefined;
}

const isFillUp = (log: CarLog) => log.fuel !== undefined && log.fuel !== null;

/**
 * A car's newest fill-up, through the index of its logs of type fuel (the only ones that say one),
 * newest first: one limited request, not the whole logbook nor a cursor; null: none.
 */
export async function readLastFillUp(carId: string): Promise<CarLog | null> {
  const fuelLogs = () =>
    db.carLogs
      .where('[carId+type+startDate]')
      .between([carId, 'fuel', Dexie.minKey], [carId, 'fuel', Dexie.maxKey])
      .reverse();
  const newest = await fuelLogs().limit(FILL_UP_BATCH).toArray();
  const found = newest.find(isFillUp);
  if (found || newest.length < FILL_UP_BATCH) return found ?? null;
  return (await fuelLogs().filter(isFillUp).first()) ?? null;
}

/** The newest logs of type fuel read at once for the last fill-up (nearly always the first). */
const FILL_UP_BATCH = 4;

export function useLastFillUp(carId: string): CarLog | null | undefined {
  return useLive(() => readLastFillUp(carId), [carId]);
}

/** Some logs by id (e.g. the ones a notice names), live; missing ones left out. */
export function useCarLogsById(ids: readonly string[]): CarLog[] | undefined {
  const key = ids.join(',');
  return useLive(
    async () =>
      (await db.carLogs.bulkGet(key ? key.split(',') : [])).filter((l): l is CarLog => l !== undefined),
    [key],
  );
}
