// A car's papers and equipment between the server and the mirror, like its reminders: refreshed from
// GET /cars/{id}/papers and /equipment while its home shows them (on opening, on the car's event,
// when the connection is back), read from Dexie live with each row's sync state. A row with queued
// writes is never overwritten; one the server no longer has is dropped unless written here after
// the listing was asked for. `carPapersSyncedAt:` / `carEquipmentSyncedAt:` say the list was read
// once (offline, an empty list is then empty, not unknown).
import type { Table } from 'dexie';
import { useCallback, useEffect, useState } from 'react';
import type { CarEquipment } from '@/contract/car-equipment';
import type { CarPaper } from '@/contract/car-papers';
import { api } from '@/lib/http/api-client';
import { db, localDb, type PaddockDb } from '@/lib/db';
import { useLive } from '@/lib/offline/live';
import type { SyncState } from '@/lib/offline/types';
import { queuedEntityIds } from '@/lib/outbox';
import { useRetryWhenBack } from '@/lib/network/reachability';
import { realtime } from '@/lib/realtime/socket';
import { withDerived } from './car-equipment';
import { carCreateQueued } from './sync';

type Section = 'papers' | 'equipment';
type RowOf<S extends Section> = S extends 'papers' ? CarPaper : CarEquipment;

const tableOf = <S extends Section>(database: PaddockDb, section: S) =>
  (section === 'papers' ? database.carPapers : database.carEquipment) as unknown as Table<RowOf<S>, string>;

export const syncedKey = (section: Section, carId: string) =>
  `${section === 'papers' ? 'carPapers' : 'carEquipment'}SyncedAt:${carId}`;

/** The row's version: when it was last written (a paper is never changed, only made). */
const versionOf = (row: CarPaper | CarEquipment) => ('updatedAt' in row ? row.updatedAt : row.createdAt);

async function syncSection<S extends Section>(section: S, carId: string, given?: PaddockDb): Promise<void> {
  const database = given ?? (await localDb());
  // The server does not know the car yet: every row of it is on this device.
  if (await carCreateQueued(carId, database)) return;
  const askedAt = Date.now();
  const server = await api.get<RowOf<S>[]>(`/cars/${encodeURIComponent(carId)}/${section}`);
  const table = tableOf(database, section);
  await database.transaction('rw', table, database.outbox, database.meta, async () => {
    const queued = await queuedEntityIds(database);
    const local = await table.where('carId').equals(carId).toArray();
    const localById = new Map(local.map((row) => [row.id, row]));
    // Derived figures change without a new version (the car's mileage): a changed row is put.
    const puts = server.filter((row) => {
      if (queued.has(row.id)) return false;
      const mine = localById.get(row.id);
      if (!mine) return true;
      if (versionOf(mine) > versionOf(row)) return false;
      return JSON.stringify(mine) !== JSON.stringify(row);
    });
    if (puts.length) await table.bulkPut(puts);
    const seen = new Set(server.map((row) => row.id));
    const gone = local
      .filter((row) => !seen.has(row.id) && !queued.has(row.id) && Date.parse(versionOf(row)) < askedAt)
      .map((row) => row.id);
    if (gone.length) await table.bulkDelete(gone);
    await database.meta.put({ key: syncedKey(section, carId), value: askedAt });
  });
}

export const syncCarPapers = (carId: string, given?: PaddockDb) => syncSection('papers', carId, given);
export const syncCarEquipment = (carId: string, given?: PaddockDb) => syncSection('equipment', carId, given);

/** A row on this device with its sync state. */
export type Local<T> = T & { syncState?: SyncState };

/** What a section shows: its rows, and whether its list was ever read or written here. */
export interface CarSectionRows<T> {
  rows: Local<T>[];
  /** Read from the server once, or written on this device: an empty list is really empty. */
  known: boolean;
}

async function readSection<S extends Section>(
  database: PaddockDb,
  section: S,
  carId: string,
): Promise<CarSectionRows<RowOf<S>>> {
  const [rows, synced, queuedKeys, failed] = await Promise.all([
    tableOf(database, section).where('carId').equals(carId).toArray(),
    database.meta.get(syncedKey(section, carId)),
    database.outbox.orderBy('entityId').uniqueKeys(),
    database.outbox.where('status').equals('failed').toArray(),
  ]);
  const states = new Map<string, SyncState>();
  for (const key of queuedKeys) if (typeof key === 'string') states.set(key, 'pending');
  for (const entry of failed) if (entry.entityId) states.set(entry.entityId, 'failed');
  const withState = (row: RowOf<S>): Local<RowOf<S>> => {
    const syncState = states.get(row.id);
    return syncState ? { ...row, syncState } : (row as Local<RowOf<S>>);
  };
  return {
    rows: rows.map(withState),
    known: synced !== undefined || rows.length > 0 || (await carCreateQueued(carId, database)),
  };
}

/** The car's papers, oldest first. */
export async function readCarPapers(database: PaddockDb, carId: string): Promise<CarSectionRows<CarPaper>> {
  const read = await readSection(database, 'papers', carId);
  return { ...read, rows: read.rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt)) };
}

/** The car's sets, their figures derived here from the car's mileage (the contract's rule). */
export async function readCarEquipment(
  database: PaddockDb,
  carId: string,
): Promise<CarSectionRows<CarEquipment>> {
  const read = await readSection(database, 'equipment', carId);
  const rows = await Promise.all(
    read.rows.map(async (row): Promise<Local<CarEquipment>> => ({
      ...row,
      ...(await withDerived(database, row)),
    })),
  );
  return { ...read, rows };
}

export function useCarPapers(carId: string): CarSectionRows<CarPaper> | undefined {
  return useLive(() => readCarPapers(db, carId), [carId]);
}

export function useCarEquipment(carId: string): CarSectionRows<CarEquipment> | undefined {
  return useLive(() => readCarEquipment(db, carId), [carId]);
}

/**
 * Keeps a section fresh while it shows: on mount, on the car's event (its papers or equipment
 * changed on another device), and when the connection is back. Offline, `error` is a NetworkError
 * and the mirror stays as it is.
 */
function useSectionRefresh(section: Section, carId: string) {
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(async () => {
    try {
      await syncSection(section, carId);
      setError(null);
    } catch (caught) {
      setError(caught);
    }
  }, [section, carId]);

  useEffect(() => {
    void run();
    return realtime.on('car', (event) => {
      if (event.jsonPayload.relatedCarId === carId) void run();
    });
  }, [run, carId]);

  useRetryWhenBack(error !== null, run);
  return { error, refresh: run };
}

export const useCarPapersRefresh = (carId: string) => useSectionRefresh('papers', carId);
export const useCarEquipmentRefresh = (carId: string) => useSectionRefresh('equipment', carId);
