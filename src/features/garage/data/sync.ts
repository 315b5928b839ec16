// Refreshing the local garage from the server. Local writes win until they are sent: a row with
// queued writes is never overwritten, and a row newer than the server's copy (it was just
// reconciled after a send) is kept. Rows the server no longer has are dropped, unless they were
// written on this device after the listing was asked for.
import { liveQuery } from 'dexie';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CAR_LOG_PAGE_MAX } from '@/contract/constants';
import type { Car, CarLog } from '@/contract/garage';
import { apiFetch, api } from '@/lib/http/api-client';
import type { Table } from 'dexie';
import { localDb, type PaddockDb } from '@/lib/db';
import type { NotificationPayload } from '@/contract/socket-events';
import { DELETED_VERSION } from '@/lib/offline/echo';
import { queuedEntityIds } from '@/lib/outbox';
import { useRetryWhenBack } from '@/lib/network/reachability';
import { realtime } from '@/lib/realtime/socket';
import { CARS_PAGE_LIMIT, fetchCarsPage, takeFirstCarsPage } from '../api/first-cars-page';
import { useFirstSyncPending } from './first-sync-pending';
import { ownChange } from './own-change';
import { readSelectedCar } from './selected-car';
import { CAR_KINDS } from './kinds';
import { reportUnlessClosed } from '@/lib/db/closed';

/** The server's largest page of cars (CarFeedQuery). */
export const SYNC_PAGE_LIMIT = CARS_PAGE_LIMIT;
/** The server's largest page of logs (CAR_LOG_PAGE_MAX): a long log book syncs in few requests. */
export const SYNC_LOG_PAGE_LIMIT = CAR_LOG_PAGE_MAX;
/** Pages of logs asked for at once after the first (a car may hold thousands of logs). */
export const SYNC_CONCURRENCY = 4;
/** A car's logs are synced again on a screen visit only after this long (socket events and pull-to-refresh sync at once). */
export const LOG_SYNC_MIN_INTERVAL_MS = 60_000;

type Row = { id: string; updatedAt: string };

/** Puts the server's rows, except rows with queued writes or a newer local copy. */
async function mergeRows<R extends Row>(
  database: PaddockDb,
  table: Table<R, string>,
  server: R[],
  localById: Map<string, Row>,
): Promise<void> {
  await database.transaction('rw', table, database.outbox, async () => {
    const queued = await queuedEntityIds(database);
    const puts = server.filter((row) => {
      if (queued.has(row.id)) return false;
      const mine = localById.get(row.id);
      if (!mine) return true;
      if (mine.updatedAt > row.updatedAt) return false;
      return mine.updatedAt !== row.updatedAt || JSON.stringify(mine) !== JSON.stringify(row);
    });
    if (puts.length) await table.bulkPut(puts);
  });
}

/**
 * Drops local rows the server no longer has, unless written here after the listing was asked for.
 * `local` was read before the last pages were answered: a row written since (the outbox sent its
 * create and put the server's copy, in this tab or another) is no longer queued, yet the listing
 * predates it. Only a row still as it was read, and not queued, goes.
 */
async function dropGone<R extends Row>(
  database: PaddockDb,
  table: Table<R, string>,
  local: R[],
  seen: Set<string>,
  askedAt: number,
): Promise<void> {
  const candidates = local.filter((row) => !seen.has(row.id) && Date.parse(row.updatedAt) < askedAt);
  if (!candidates.length) return;
  await database.transaction('rw', table, database.outbox, async () => {
    const queued = await queuedEntityIds(database);
    const now = await table.bulkGet(candidates.map((row) => row.id));
    const gone = candidates
      .filter((row, i) => !queued.has(row.id) && JSON.stringify(now[i]) === JSON.stringify(row))
      .map((row) => row.id);
    if (gone.length) await table.bulkDelete(gone);
  });
}

async function merge<R extends Row>(
  database: PaddockDb,
  table: Table<R, string>,
  server: R[],
  local: R[],
  askedAt: number,
): Promise<void> {
  await mergeRows(database, table, server, new Map(local.map((row) => [row.id, row])));
  await dropGone(database, table, local, new Set(server.map((row) => row.id)), askedAt);
}

/**
 * The member's cars, all pages. The first may be the one the start-up asked for on /my-cars
 * (first-cars-page.ts): taken once, while fresh, and dated from when it was asked for.
 */
export async function syncCars(given?: PaddockDb): Promise<void> {
  const early = takeFirstCarsPage();
  const askedAt = early?.askedAt ?? Date.now();
  const database = given ?? (await localDb());
  const cars: Car[] = [];
  for (let offset = 0; ; offset += SYNC_PAGE_LIMIT) {
    const page = offset === 0 && early ? await early.page : await fetchCarsPage(offset);
    // The cars shared with me come after mine, each with its owner's name and my role:
    // they are mirrored too, and the screens show what the role allows.
    cars.push(...page);
    if (page.length < SYNC_PAGE_LIMIT) break;
  }
  const local = await database.cars.toArray();
  await merge(database, database.cars, cars, local, askedAt);
}

/**
 * Is the car's create still in the outbox? The server does not know the car yet (it answers 404
 * for its log book) and every log of it is on this device: there is nothing to ask for.
 */
export async function carCreateQueued(carId: string, database: PaddockDb): Promise<boolean> {
  const entries = database.outbox.where('entityId').equals(carId);
  return (await entries.filter((entry) => entry.kind === CAR_KINDS.create).count()) > 0;
}

/**
 * One car's logs: the first page tells the total and is shown at once; the others are asked for a
 * few at a time and written together in one transaction (one live-query update, not one a page).
 * A car whose create is still queued has no log book on the server yet: nothing is asked.
 */
export async function syncCarLogs(carId: string, given?: PaddockDb): Promise<void> {
  const database = given ?? (await localDb());
  // Two screens (or a screen and the reminders) starting the same car's sync share one: the
  // first sync of a long log book otherwise asked every page twice (40 pages for 20).
  const key = `${database.name}\u0000${carId}`;
  const running = inFlightLogSyncs.get(key);
  if (running) return running;
  const sync = syncCarLogsOnce(carId, database).finally(() => inFlightLogSyncs.delete(key));
  inFlightLogSyncs.set(key, sync);
  return sync;
}

/** The log syncs under way, by database and car. */
const inFlightLogSyncs = new Map<string, Promise<void>>();

async function syncCarLogsOnce(carId: string, database: PaddockDb): Promise<void> {
  if (await carCreateQueued(carId, database)) return;
  const askedAt = Date.now();
  const path = `/car-logs/${carId}`;
  // The server first: offline (a NetworkError) the device's whole logbook is then never read, a
  // read of every row that sat in the way of the garage's taps on each visit (docs/BENCHMARKS.md,
  // the car's home). Read after the answer, it also holds any log written meanwhile.
  const first = await apiFetch<CarLog[]>(path, { query: { page: 1, limit: SYNC_LOG_PAGE_LIMIT } });
  const local = await database.carLogs.where('carId').equals(carId).toArray();
  const localById = new Map<string, Row>(local.map((row) => [row.id, row]));
  const shown = mergeRows(database, database.carLogs, first.data, localById);
  const total = typeof first.meta?.total === 'number' ? first.meta.total : first.data.length;
  const pages = Math.ceil(total / SYNC_LOG_PAGE_LIMIT);
  const rest: CarLog[] = [];
  let next = 2;
  const worker = async () => {
    while (next <= pages) {
      const page = next++;
      rest.push(...(await api.get<CarLog[]>(path, { query: { page, limit: SYNC_LOG_PAGE_LIMIT } })));
    }
  };
  await Promise.all(Array.from({ length: Math.min(SYNC_CONCURRENCY, Math.max(0, pages - 1)) }, worker));
  await shown;
  if (rest.length) await mergeRows(database, database.carLogs, rest, localById);
  const seen = new Set([...first.data, ...rest].map((row) => row.id));
  await dropGone(database, database.carLogs, local, seen, askedAt);
  await database.meta.put({ key: `carLogsSyncedAt:${carId}`, value: Date.now() });
}

/** One log after a socket event: fetched, or dropped when the server no longer has it. */
export async function syncCarLog(logId: string, given?: PaddockDb): Promise<void> {
  const database = given ?? (await localDb());
  const askedAt = Date.now();
  const local = await database.carLogs.get(logId);
  try {
    const log = await api.get<CarLog>(`/car-logs/log/${logId}`);
    await merge(database, database.carLogs, [log], local ? [local] : [], askedAt);
  } catch (error) {
    if ((error as { status?: unknown }).status !== 404) throw error;
    await merge(database, database.carLogs, [], local ? [local] : [], askedAt);
  }
}

export async function logsAreFresh(carId: string, database: PaddockDb): Promise<boolean> {
  // (the caller passes the member's opened database)
  const row = await database.meta.get(`carLogsSyncedAt:${carId}`);
  return typeof row?.value === 'number' && Date.now() - row.value < LOG_SYNC_MIN_INTERVAL_MS;
}

/** A car id's shape (the server's ids are UUIDs). */
const CAR_ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The garage route's loader calls this before the screen's chunk has even loaded: the car the
 * garage opens on (spec §9 `selectedCar`), unless its logs are fresh, starts its log sync at once.
 * The screen's own refresh then shares the sync under way, so the first sync of a long log book
 * starts with the navigation instead of after the screen's first render and its car list
 * (docs/BENCHMARKS.md's budget: first sync of a 10,000-log car ≤ 2 s).
 */
export async function syncSelectedCarLogsEarly(given?: PaddockDb): Promise<void> {
  const carId = readSelectedCar();
  // Stored text goes into a URL path: only a car id's shape. The car list may not be on this
  // device yet (a first visit): a stored car no longer the member's costs one refused request,
  // and the screen still resolves the car it shows.
  if (!carId || !CAR_ID_SHAPE.test(carId)) return;
  const database = given ?? (await localDb());
  if (await logsAreFresh(carId, database)) return;
  await syncCarLogs(carId, database);
}

/** The version a garage event says the row has now (a deleted row: newer than any). */
function versionOf(payload: NotificationPayload): string | null {
  if (payload.action === 'deleted') return DELETED_VERSION;
  return typeof payload.updatedAt === 'string' ? payload.updatedAt : null;
}

/**
 * A car's home opened on a device whose mirror does not hold that car: a deep link on a new
 * device, or a page opened before the garage's first sync wrote its answer. The member's cars are
 * mirrored once, so one of theirs (or one shared with them) shows as theirs, with its sections,
 * not as a friend's. Answers true while that sync is under way; offline it ends at once.
 */
export function useMirrorCarWhenMissing(carId: string, missing: boolean): boolean {
  const [askedFor, setAskedFor] = useState<string | null>(null);
  useEffect(() => {
    if (!missing || askedFor === carId) return;
    let current = true;
    // A failure (offline, the server down) leaves the car unknown here: the screen says so.
    void syncCars()
      .catch(() => undefined)
      .finally(() => {
        if (current) setAskedFor(carId);
      });
    return () => {
      current = false;
    };
  }, [carId, missing, askedFor]);
  return missing && askedFor !== carId;
}

/**
 * Keeps the local garage fresh while a screen shows it: on mount, on the car and car log socket
 * streams (another device of the member changed something), and on refresh() (pull-to-refresh).
 * Offline, `error` is a NetworkError and the local rows stay as they are.
 */
export function useGarageRefresh(carId?: string) {
  const [refreshing, setRefreshing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [firstSyncPending, firstSyncEnded] = useFirstSyncPending();
  const carRef = useRef(carId);
  carRef.current = carId;

  const run = useCallback(
    async (force: boolean) => {
      const current = carRef.current;
      setRefreshing(true);
      try {
        // The car's logs are asked beside the car list, not after it: one round trip less before
        // the first page of a long log book.
        const logs = (async () => {
          if (current && (force || !(await logsAreFresh(current, await localDb()))))
            await syncCarLogs(current);
        })();
        await Promise.all([syncCars(), logs]);
        setError(null);
      } catch (caught) {
        setError(caught);
      } finally {
        setRefreshing(false);
        firstSyncEnded();
      }
    },
    [firstSyncEnded],
  );

  useEffect(() => {
    void run(false);
  }, [run, carId]);

  useEffect(() => {
    // An event is skipped only when it is this device's own echo (no newer than the answer it had):
    // another device's later write of the same row is shown at once.
    const offCar = realtime.on('car', (event) => {
      const { relatedCarId } = event.jsonPayload;
      void (async () => {
        if (!(await ownChange(relatedCarId, await localDb(), versionOf(event.jsonPayload)))) await run(false);
      })().catch(() => undefined);
    });
    const offLog = realtime.on('carLog', (event) => {
      const { relatedCarLogId: logId, relatedCarId } = event.jsonPayload;
      if (typeof logId !== 'string') return;
      void (async () => {
        const database = await localDb();
        if (await ownChange(logId, database, versionOf(event.jsonPayload))) return;
        // Another car's log: its log book is synced again on its next visit, not 60 s later.
        if (relatedCarId !== carRef.current) {
          if (typeof relatedCarId === 'string') await database.meta.delete(`carLogsSyncedAt:${relatedCarId}`);
          return;
        }
        await syncCarLog(logId, database);
      })().catch((caught: unknown) => setError(caught));
    });
    return () => {
      offCar();
      offLog();
    };
  }, [run]);

  // A car created on this device: its logs are refreshed once its create has reached the server.
  useEffect(() => {
    if (!carId) return;
    let wasQueued = false;
    let subscription: { unsubscribe: () => void } | undefined;
    let ended = false;
    localDb().then((database) => {
      if (ended) return;
      subscription = liveQuery(() => carCreateQueued(carId, database)).subscribe({
        next: (queued) => {
          if (wasQueued && !queued) void run(false);
          wasQueued = queued;
        },
        error: () => undefined, // the database closed (a logout): nothing left to refresh
      });
    }, reportUnlessClosed('local data unavailable'));
    return () => {
      ended = true;
      subscription?.unsubscribe();
    };
  }, [carId, run]);

  const refresh = useCallback(() => run(true), [run]);
  useRetryWhenBack(error !== null, refresh);
  // Until the first sync of this screen has ended (and the device's lists have shown what it wrote),
  // an empty garage may only be a device that has not synced yet: the screen says "loading", not
  // "add your first car".
  return { refreshing, error, refresh, firstSyncPending };
}
