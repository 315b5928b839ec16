// A car's papers and equipment offline, inside the client: writes land in the mirror and the outbox
// in one go (pending at once), the real replayer sends them to the in-memory server double, the
// server's answer becomes the row; a refused write keeps its row and its file, marked failed with
// the server's reason, until retried or discarded; the figures of a set are the contract's.
import { File as NodeFile } from 'node:buffer';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { equipmentDerived } from '@/contract/car-equipment';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { createReplayer, discardEntry, registerOutboxHandlers, retryEntry } from '@/lib/outbox';
import { outboxKindLabel } from '@/lib/outbox/handlers';
import { signedIn } from '@/testing/api-client';
import { ListFormData } from '@/testing/list-form-data';
import { installGarageServer } from '@/features/garage/testing/fake-garage-server';
import { garageHandlers } from './handlers';
import {
  addCarPaper,
  addEquipment,
  deleteCarPaper,
  deleteEquipment,
  moveEquipment,
  readCarEquipment,
  readCarPapers,
  saveCar,
  syncCarEquipment,
  syncCarPapers,
  syncCars,
  updateEquipment,
} from './index';

beforeAll(() => registerOutboxHandlers(garageHandlers));

let dbCount = 0;
beforeEach(() => {
  dbCount += 1;
  resetLocalDatabaseForTests(`car-home-offline-${dbCount}-${Math.random().toString(36).slice(2)}`);
  signedIn();
  vi.stubGlobal('FormData', ListFormData);
});
afterEach(() => {
  db.close();
  vi.unstubAllGlobals();
});

/** A Node file (jsdom's do not survive IndexedDB: src/testing/list-form-data.ts). */
const file = (name: string, type: string) => new NodeFile(['bytes'], name, { type }) as unknown as File;
const replay = () => createReplayer({ random: () => 0, refresh: vi.fn() }).replay();
const due = () => db.outbox.toCollection().modify({ nextAttemptAt: 0 });
const TYRES = {
  kind: 'tyres',
  name: 'Alpin 6, winter',
  dotCode: '2319',
  reminderDistance: 30_000,
  reminderAgeMonths: null,
} as const;

/** A car on the server at 42,000 km, synced to this device, then the connection gone. */
async function syncedCarOffline(server: ReturnType<typeof installGarageServer>) {
  const carId = await saveCar({ make: 'Alpine', model: 'A110', mileage: 42_000 });
  await replay();
  await syncCars();
  expect(server.cars.has(carId)).toBe(true);
  server.setOffline(true);
  return carId;
}

describe("a car's papers offline", () => {
  it('a paper added offline shows from the device, pending, and reaches the server once with its file', async () => {
    const server = installGarageServer();
    const carId = await syncedCarOffline(server);
    const id = await addCarPaper(carId, 'insurance', file('carte-verte.pdf', 'application/pdf'));

    const [row] = (await readCarPapers(db, carId)).rows;
    expect(row).toMatchObject({ id, carId, kind: 'insurance', fileKind: 'pdf', syncState: 'pending' });
    expect(row?.url).toMatch(/^local:/);
    const blob = await db.mediaBlobs.get(row!.url.slice('local:'.length));
    expect(blob?.name).toBe('carte-verte.pdf');
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'carPaper.create',
      entityId: id,
      method: 'POST',
      path: `/cars/${carId}/papers`,
    });
    expect(outboxKindLabel('carPaper.create')).toBe('SYNC.KIND_CAR_PAPER_CREATE');

    await replay(); // still offline: nothing changes
    expect(server.papers.size).toBe(0);
    server.setOffline(false);
    await due();
    await replay();
    await replay();
    expect([...server.papers.values()]).toMatchObject([{ id, kind: 'insurance', name: 'carte-verte.pdf' }]);
    const post = server.requests.find((r) => r.method === 'POST' && r.path === `/cars/${carId}/papers`);
    expect(post?.idempotencyKey).toBe(entry!.id);
    expect(post?.files).toHaveLength(1);
    // The server's row, its file's url: the local blob is no longer needed.
    const [synced] = (await readCarPapers(db, carId)).rows;
    expect(synced).toEqual(server.papers.get(id));
    expect(await db.mediaBlobs.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a refused paper stays, failed with the reason, its file kept until retried', async () => {
    const server = installGarageServer();
    const carId = await syncedCarOffline(server);
    const id = await addCarPaper(carId, 'registration', file('cg.jpg', 'image/jpeg'));
    server.setOffline(false);
    server.failNext(`POST /cars/${carId}/papers`, 413, 'PAYLOAD_TOO_LARGE');
    await due();
    await replay();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      status: 'failed',
      lastStatus: 413,
      lastError: `server refused POST /cars/${carId}/papers`,
    });
    const [row] = (await readCarPapers(db, carId)).rows;
    expect(row).toMatchObject({ id, syncState: 'failed' });
    expect(await db.mediaBlobs.count()).toBe(1);
    // A refresh meanwhile keeps the row the server does not have.
    await syncCarPapers(carId);
    expect((await readCarPapers(db, carId)).rows.map((p) => p.id)).toEqual([id]);

    server.clearFailures();
    await retryEntry(entry!.id);
    await replay();
    expect(server.papers.has(id)).toBe(true);
    expect((await readCarPapers(db, carId)).rows[0]?.syncState).toBeUndefined();
  });

  it('a paper added and removed offline: sent in order, gone on both sides', async () => {
    const server = installGarageServer();
    const carId = await syncedCarOffline(server);
    const id = await addCarPaper(carId, 'other', file('x.pdf', 'application/pdf'));
    await deleteCarPaper(carId, id);
    expect((await readCarPapers(db, carId)).rows).toEqual([]);
    const [create, removal] = await db.outbox.orderBy('seq').toArray();
    expect(removal).toMatchObject({ kind: 'carPaper.delete', path: `/cars/${carId}/papers/${id}` });
    expect(removal?.dependsOn).toEqual([create?.id]);
    server.setOffline(false);
    await due();
    await replay();
    await replay();
    expect(server.writes().map((r) => r.method)).toEqual(['POST', 'POST', 'DELETE']); // car, paper, removal
    expect(server.papers.size).toBe(0);
    expect((await readCarPapers(db, carId)).rows).toEqual([]);
  });

  it("the refresh mirrors the server's list, drops what it no longer has and says the list is known", async () => {
    const server = installGarageServer();
    const carId = await syncedCarOffline(server);
    expect((await readCarPapers(db, carId)).known).toBe(false);
    server.setOffline(false);
    await addCarPaper(carId, 'insurance', file('a.pdf', 'application/pdf'));
    await replay();
    const [stored] = [...server.papers.values()];
    await syncCarPapers(carId);
    expect(await readCarPapers(db, carId)).toEqual({ rows: [stored], known: true });
    server.papers.clear(); // removed on another device
    await syncCarPapers(carId);
    expect(await readCarPapers(db, carId)).toEqual({ rows: [], known: true });
  });
});

describe("a car's equipment offline", () => {
  it('a set added and mounted offline derives its figures here, then reaches the server in order', async () => {
    const server = installGarageServer();
    server.setToday('2026-06-01');
    const carId = await syncedCarOffline(server);
    const id = await addEquipment(carId, TYRES);
    await moveEquipment(id, 'mount', { mileage: 30_000, date: '2026-01-10' });

    const [row] = (await readCarEquipment(db, carId)).rows;
    // Mounted at 30,000 on a car at 42,000: 12,000 covered, its distance reminder not reached.
    expect(row).toMatchObject({ id, mounted: true, distance: 12_000, due: null, syncState: 'pending' });
    const kinds = (await db.outbox.orderBy('seq').toArray()).map((e) => [e.kind, e.path]);
    expect(kinds).toEqual([
      ['equipment.create', `/cars/${carId}/equipment`],
      ['equipment.mount', `/equipment/${id}/mount`],
    ]);
    expect(outboxKindLabel('equipment.mount')).toBe('SYNC.KIND_EQUIPMENT_MOUNT');

    server.setOffline(false);
    await due();
    await replay();
    await replay();
    expect(server.equipment.get(id)?.stints).toEqual([
      { mountedOn: '2026-01-10', mountedMileage: 30_000, removedOn: null, removedMileage: null },
    ]);
    const [synced] = (await readCarEquipment(db, carId)).rows;
    expect(synced?.syncState).toBeUndefined();
    // The same figures on both sides: the contract's rule over the same stints and mileage.
    await syncCarEquipment(carId);
    const [fromServer] = (await readCarEquipment(db, carId)).rows;
    expect(fromServer).toMatchObject({ distance: 12_000, mounted: true, ageMonths: row?.ageMonths });
  });

  it('removal, change and deletion offline are applied here at once and sent once each', async () => {
    const server = installGarageServer();
    const carId = await syncedCarOffline(server);
    server.setOffline(false);
    const id = await addEquipment(carId, TYRES);
    await moveEquipment(id, 'mount', { mileage: 10_000, date: '2025-11-01' });
    await replay();
    server.setOffline(true);
    await moveEquipment(id, 'remove', { mileage: 41_000, date: '2026-04-01' });
    await updateEquipment(id, { name: 'Alpin 6 (worn)' });
    let [row] = (await readCarEquipment(db, carId)).rows;
    expect(row).toMatchObject({ name: 'Alpin 6 (worn)', mounted: false, distance: 31_000, due: 'distance' });
    const other = await addEquipment(carId, { ...TYRES, kind: 'roof_box', name: 'Box', dotCode: null });
    await deleteEquipment(other);
    server.setOffline(false);
    await due();
    await replay();
    await replay();
    const writes = server
      .writes()
      .filter((r) => r.path.includes('equipment'))
      .map((r) => `${r.method} ${r.path.replace(id, 'ID').replace(other, 'OTHER').replace(carId, 'CAR')}`);
    expect(writes).toEqual([
      'POST /cars/CAR/equipment',
      'POST /equipment/ID/mount',
      'POST /equipment/ID/remove',
      'PUT /equipment/ID',
      'POST /cars/CAR/equipment',
      'DELETE /equipment/OTHER',
    ]);
    expect(server.equipment.has(other)).toBe(false);
    [row] = (await readCarEquipment(db, carId)).rows;
    expect(row).toMatchObject({ name: 'Alpin 6 (worn)', distance: 31_000 });
    expect(row?.syncState).toBeUndefined();
  });

  it('a mounting the server refuses needs attention with its reason; discarded, the refresh restores its row', async () => {
    const server = installGarageServer();
    const carId = await syncedCarOffline(server);
    server.setOffline(false);
    const id = await addEquipment(carId, TYRES);
    await replay();
    await moveEquipment(id, 'mount', { mileage: 40_000, date: '2026-05-01' });
    server.failNext(`POST /equipment/${id}/mount`, 409, 'CONFLICT');
    await replay();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'equipment.mount', status: 'failed', lastStatus: 409 });
    expect(entry?.lastError).toBe(`server refused POST /equipment/${id}/mount`);
    expect((await readCarEquipment(db, carId)).rows[0]).toMatchObject({ mounted: true, syncState: 'failed' });
    // A refresh does not overwrite a row with a write waiting.
    await syncCarEquipment(carId);
    expect((await readCarEquipment(db, carId)).rows[0]).toMatchObject({ mounted: true });

    await discardEntry(entry!.id);
    await syncCarEquipment(carId);
    expect((await readCarEquipment(db, carId)).rows[0]).toMatchObject({ mounted: false, stints: [] });
  });

  it('refuses locally a mounting of a set already mounted (nothing is queued)', async () => {
    const server = installGarageServer();
    const carId = await syncedCarOffline(server);
    const id = await addEquipment(carId, TYRES);
    await moveEquipment(id, 'mount', { mileage: 1, date: '2026-01-01' });
    await expect(moveEquipment(id, 'mount', { mileage: 2, date: '2026-01-02' })).rejects.toThrow(
      'mounted already',
    );
    expect(await db.outbox.count()).toBe(2);
  });
});

describe('equipmentDerived (the contract: server and device)', () => {
  const stint = (mountedMileage: number, removedMileage: number | null) => ({
    mountedOn: '2025-01-01',
    mountedMileage,
    removedOn: removedMileage === null ? null : '2025-06-01',
    removedMileage,
  });

  it('sums each stint, a stint under way to the car mileage; age from the DOT week; distance first', () => {
    const item = {
      stints: [stint(1000, 6000), stint(20_000, null)],
      dotCode: '0120', // week 1 of 2020: Monday 2019-12-30
      reminderDistance: 10_000,
      reminderAgeMonths: 12,
    };
    expect(equipmentDerived(item, 26_000, '2026-01-15')).toEqual({
      mounted: true,
      distance: 11_000,
      ageMonths: 72,
      due: 'distance',
    });
    expect(equipmentDerived({ ...item, reminderDistance: null }, 26_000, '2026-01-15').due).toBe('age');
    // No mileage known: a stint under way counts nothing yet.
    expect(equipmentDerived({ ...item, dotCode: null }, null, '2026-01-15')).toMatchObject({
      distance: 5000,
      ageMonths: null,
      due: null,
    });
    expect(equipmentDerived({ ...item, stints: [] }, 26_000, '2026-01-15').mounted).toBe(false);
  });
});
