// The garage's offline path end to end inside the client: writes land in Dexie and the outbox in
// one go, the real replayer sends them through the real transport to an in-memory server double,
// the handlers reconcile, and a sync never overwrites what is still queued.
import { File as NodeFile } from 'node:buffer';
import { ListFormData, nodePhoto } from '@/testing/list-form-data';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, beforeAll } from 'vitest';
import { activateCatalog } from '@/testing/test-utils';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { createReplayer } from '@/lib/outbox';
import { signedIn } from '@/testing/api-client';
import { installGarageServer } from '@/features/garage/testing/fake-garage-server';
import { logDraft } from '@/features/garage/testing/garage-fixtures';
import {
  deleteCar,
  deleteCarLog,
  saveCar,
  saveCarLog,
  SELECTED_CAR_STORAGE_KEY,
  syncCarLogs,
  syncCars,
  useCarLogs,
  useCars,
  useGarageRefresh,
  useSelectedCar,
  useSettingsOptions,
} from './index';
import { loadMedia, MEDIA_CACHE_MAX_ENTRIES } from '@/lib/offline/media';
import { StorageFullError } from '@/lib/offline/storage-full';
import {
  LOG_SYNC_MIN_INTERVAL_MS,
  SYNC_CONCURRENCY,
  SYNC_LOG_PAGE_LIMIT,
  SYNC_PAGE_LIMIT,
  syncSelectedCarLogsEarly,
} from './sync';
import { registerOutboxHandlers } from '@/lib/outbox';
import { garageHandlers } from './handlers';
import { FIRST_CARS_PAGE_MAX_AGE_MS, prefetchFirstCarsPage } from '../api/first-cars-page';

beforeAll(() => registerOutboxHandlers(garageHandlers));

const photo = (name = 'receipt.jpg') => nodePhoto(name);

let dbCount = 0;
beforeEach(() => {
  dbCount += 1;
  resetLocalDatabaseForTests(`garage-test-${dbCount}-${Math.random().toString(36).slice(2)}`);
  vi.stubGlobal('FormData', ListFormData);
  signedIn();
});
afterEach(() => {
  db.close();
  vi.unstubAllGlobals();
});

const replay = () => createReplayer({ random: () => 0, refresh: vi.fn() }).replay();
const carDraft = { make: 'Alpine', model: 'A110' };

describe('garage writes', () => {
  it('a log written offline with a higher reading raises the car’s mileage; a lower one leaves it', async () => {
    const carId = await saveCar({ ...carDraft, mileage: 182_000 });
    await saveCarLog({ ...logDraft(carId), mileage: 185_350 });
    expect((await db.cars.get(carId))?.mileage).toBe(185_350);
    await saveCarLog({ ...logDraft(carId), startDate: '2020-01-01', mileage: 150_000 });
    expect((await db.cars.get(carId))?.mileage).toBe(185_350);
  });

  it('a car created offline shows its energies as the server will: [energyType], main one first', async () => {
    const carId = await saveCar({ ...carDraft, energyType: 'gasoline', vin: 'vf1ab000123456789' });
    expect(await db.cars.get(carId)).toMatchObject({
      energyType: 'gasoline',
      energyTypes: ['gasoline'],
      vin: 'VF1AB000123456789',
    });
    const [entry] = await db.outbox.toArray();
    expect((entry?.body as { json: Record<string, unknown> }).json).not.toHaveProperty('energyTypes');
    // Offline edits keep them agreeing: a new main energy goes first, the others kept.
    await saveCar({ ...carDraft, energyTypes: ['lpg', 'gasoline'] }, { id: carId });
    expect(await db.cars.get(carId)).toMatchObject({ energyType: 'lpg', energyTypes: ['lpg', 'gasoline'] });
    await saveCar({ ...carDraft, energyType: 'gasoline' }, { id: carId });
    expect(await db.cars.get(carId)).toMatchObject({
      energyType: 'gasoline',
      energyTypes: ['gasoline', 'lpg'],
    });
    const bare = await saveCar(carDraft);
    expect(await db.cars.get(bare)).toMatchObject({ energyType: null, energyTypes: [] });
  });

  it('a fill-up saved without a title is named in the mirror as the server names it', async () => {
    const carId = await saveCar(carDraft);
    const { title: _title, ...draft } = logDraft(carId);
    const logId = await saveCarLog({
      ...draft,
      type: 'fuel',
      location: 'Total Access',
      mileage: 1_000,
      fuel: { quantity: 42.5, unit: 'l', fullTank: true, missedPrevious: false },
    });
    expect((await db.carLogs.get(logId))?.title).toMatch(
      /^(Fill-up: 42\.5\u00a0L at|Plein\u202f: 42,5\u00a0L à) Total Access$/,
    );
    const [entry] = await db.outbox.orderBy('seq').reverse().toArray();
    expect((entry?.body as { json: Record<string, unknown> }).json).not.toHaveProperty('title');
  });

  it('saves a car locally with the default mileage unit and queues one POST with its client id', async () => {
    const id = await saveCar(carDraft);
    expect(await db.cars.get(id)).toMatchObject({ id, make: 'Alpine', mileageUnit: 'km', image: null });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'car.create', entityId: id, method: 'POST', path: '/cars' });
    expect(entry?.body).toEqual({
      type: 'json',
      json: { id, make: 'Alpine', model: 'A110', mileageUnit: 'km' },
    });
  });

  it('a log of a car created offline waits for the car, and both reach the server once', async () => {
    const server = installGarageServer();
    const carId = await saveCar(carDraft);
    const logId = await saveCarLog(logDraft(carId), { files: [photo()] });
    const [carEntry, logEntry] = await db.outbox.orderBy('seq').toArray();
    expect(logEntry?.dependsOn).toEqual([carEntry?.id]);
    expect(logEntry?.path).toBe('/car-logs/with-media');
    // The photo is stored once, in mediaBlobs, and shown from there before the upload.
    const local = await db.carLogs.get(logId);
    const media = local?.media as { url: string }[];
    expect(media[0]?.url).toMatch(/^local:/);
    expect(await loadMedia(media[0]!.url)).not.toBeNull();

    await replay();
    await replay(); // a second replay finds nothing to send
    expect(server.writes().map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /cars',
      'POST /car-logs/with-media',
    ]);
    expect(server.writes()[1]?.files).toHaveLength(1);
    expect(server.logs.get(logId)?.media).toHaveLength(1);
    // Reconciled: the server's copy, with the server's media url; the blob is gone.
    expect(((await db.carLogs.get(logId))?.media as { url: string }[])[0]?.url).toMatch(
      /^\/api\/v1\.0\/media\//,
    );
    expect(await db.mediaBlobs.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('the idempotency key of an entry is its id, the same on every retry', async () => {
    const server = installGarageServer();
    server.setOffline(true);
    await saveCar(carDraft);
    const [entry] = await db.outbox.toArray();
    await replay();
    server.setOffline(false);
    await db.outbox.update(entry!.id, { nextAttemptAt: 0 });
    await replay();
    const keys = server.requests.map((r) => r.idempotencyKey);
    expect(keys).toEqual([entry!.id, entry!.id]);
    expect(server.cars.size).toBe(1);
  });

  it('a car the server refuses needs attention and its logs stay blocked, other writes go on', async () => {
    const server = installGarageServer();
    server.failNext('POST /cars', 422);
    const carId = await saveCar(carDraft);
    await saveCarLog(logDraft(carId));
    server.clearFailures();
    const other = await saveCar({ make: 'Lancia', model: 'Delta' });
    // the refusal has to be in place when the first car is sent
    server.failNext(`POST /cars`, 422);
    await replay();
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.kind, e.status])).toEqual([
      ['car.create', 'failed'],
      ['carLog.create', 'pending'],
      ['car.create', 'failed'],
    ]);
    server.clearFailures();
    // Another independent write still goes while the first car waits for the member.
    await deleteCar(other);
    expect(server.requests.filter((r) => r.path === '/car-logs').length).toBe(0);
  });

  it('editing a log keeps it pending, and deleting one queues a DELETE; the list shows both states', async () => {
    const server = installGarageServer();
    const carId = await saveCar(carDraft);
    const a = await saveCarLog(logDraft(carId, 'A'));
    const b = await saveCarLog(logDraft(carId, 'B'));
    await replay();
    await saveCarLog({ ...logDraft(carId, 'A, edited'), cost: 100 }, { id: a });
    await deleteCarLog(b);
    const { result } = renderHook(() => useCarLogs(carId));
    await waitFor(() =>
      expect(result.current?.map((l) => [l.title, l.syncState])).toEqual([['A, edited', 'pending']]),
    );
    await act(replay);
    expect(server.logs.get(a)).toMatchObject({ title: 'A, edited', cost: 100 });
    expect(server.logs.has(b)).toBe(false);
    await waitFor(() =>
      expect(result.current?.map((l) => [l.title, l.syncState])).toEqual([['A, edited', undefined]]),
    );
  });

  it('removing a photo not sent yet takes it out of its queued upload', async () => {
    const server = installGarageServer();
    server.setOffline(true);
    const carId = await saveCar(carDraft);
    const logId = await saveCarLog(logDraft(carId), { files: [photo('a.jpg'), photo('b.jpg')] });
    const media = (await db.carLogs.get(logId))?.media as { id: string }[];
    await saveCarLog(logDraft(carId), { id: logId, removeMediaIds: [media[0]!.id] });
    server.setOffline(false);
    await replay();
    const upload = server.writes().find((r) => r.path === '/car-logs/with-media');
    expect(upload?.files.map((f) => (f as unknown as { filename: string }).filename)).toEqual(['b.jpg']);
  });

  it('removing an uploaded photo deletes the file on the server before the edit', async () => {
    const server = installGarageServer();
    const carId = await saveCar(carDraft);
    const logId = await saveCarLog(logDraft(carId), { files: [photo()] });
    await replay();
    const [media] = (await db.carLogs.get(logId))?.media as { id: string }[];
    await saveCarLog(logDraft(carId), { id: logId, removeMediaIds: [media!.id] });
    expect((await db.carLogs.get(logId))?.media.length).toBe(0);
    await replay();
    expect(
      server
        .writes()
        .slice(-2)
        .map((r) => `${r.method} ${r.path}`),
    ).toEqual([`DELETE /files/${media!.id}`, `PUT /car-logs/${logId}`]);
    expect(server.logs.get(logId)?.media).toEqual([]);
  });

  it('a full storage is reported as StorageFullError and nothing is half-written', async () => {
    vi.spyOn(db.cars, 'put').mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
    await expect(saveCar(carDraft)).rejects.toBeInstanceOf(StorageFullError);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('garage sync', () => {
  /** `count` logs of the car that only the server has (another device wrote them). */
  function logsOnServer(server: ReturnType<typeof installGarageServer>, carId: string, count: number) {
    for (let i = 0; i < count; i++) {
      const id = crypto.randomUUID();
      server.logs.set(id, {
        ...logDraft(carId, `log ${i}`),
        id,
        content: null,
        location: null,
        tags: [],
        mileage: null,
        media: [],
        createdAt: '2026-01-01T00:00:00Z',
        updatedAt: '2026-01-01T00:00:00Z',
      });
    }
  }

  it('pins the page size, the concurrency and the revisit interval', () => {
    expect(SYNC_PAGE_LIMIT).toBe(100);
    expect(SYNC_LOG_PAGE_LIMIT).toBe(500);
    expect(SYNC_CONCURRENCY).toBe(4);
    expect(LOG_SYNC_MIN_INTERVAL_MS).toBe(60_000);
  });

  it('fetches every page of logs and never overwrites a row with queued writes', async () => {
    const server = installGarageServer();
    const carId = await saveCar(carDraft);
    await replay();
    logsOnServer(server, carId, 1100);
    // Two screens starting the car's first sync together share it: each page is asked once.
    await Promise.all([syncCarLogs(carId), syncCarLogs(carId)]);
    expect(await db.carLogs.where('carId').equals(carId).count()).toBe(1100);
    const pages = server.requests.filter((r) => r.path === `/car-logs/${carId}`);
    expect(pages).toHaveLength(3);

    const [first] = [...server.logs.keys()];
    server.setOffline(true);
    await saveCarLog({ ...logDraft(carId, 'mine'), cost: 1 }, { id: first });
    server.setOffline(false);
    await syncCarLogs(carId);
    expect((await db.carLogs.get(first!))?.title).toBe('mine');
  });

  it('keeps a log the outbox sent while the sync was under way (its listing predates it)', async () => {
    const server = installGarageServer();
    const carId = await saveCar(carDraft);
    await replay();
    logsOnServer(server, carId, 2 * SYNC_LOG_PAGE_LIMIT);
    server.setOffline(true);
    const wipers = await saveCarLog(logDraft(carId, 'Wipers'));
    server.setOffline(false);
    // The device back online: its outbox sends the log while the sync asks for its second page,
    // after the first page's answer (which cannot hold the log) and the read of the local rows.
    const answer = globalThis.fetch;
    let sent = false;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!sent && url.includes(`/car-logs/${carId}`) && url.includes('page=2')) {
        sent = true;
        await replay();
      }
      return answer(input, init);
    });
    await syncCarLogs(carId);
    expect(sent).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.carLogs.get(wipers))?.title).toBe('Wipers');
  });

  it('offline, a log sync fails without reading the device’s logbook (the garage visited again)', async () => {
    const server = installGarageServer();
    const carId = await saveCar(carDraft);
    await replay();
    logsOnServer(server, carId, 120);
    await syncCarLogs(carId);
    expect(await db.carLogs.where('carId').equals(carId).count()).toBe(120);
    const read: unknown[] = [];
    db.carLogs.hook('reading', (row) => {
      read.push(row);
      return row;
    });
    server.setOffline(true);
    await expect(syncCarLogs(carId)).rejects.toThrow();
    expect(read).toHaveLength(0);
    // Back online, the sync reads them to merge the server's answer.
    server.setOffline(false);
    await syncCarLogs(carId);
    expect(read.length).toBeGreaterThanOrEqual(120);
  });

  it("starts the selected car's log sync from the route, the screen sharing it; asks nothing for a stored value not shaped like a car id", async () => {
    const server = installGarageServer();
    const carId = await saveCar(carDraft);
    await replay();
    logsOnServer(server, carId, 600);
    const logPages = () => server.requests.filter((r) => r.path === `/car-logs/${carId}`);
    try {
      localStorage.setItem(SELECTED_CAR_STORAGE_KEY, carId);
      // The loader syncs the selected car's logs with no screen mounted yet.
      await syncSelectedCarLogsEarly();
      expect(await db.carLogs.where('carId').equals(carId).count()).toBe(600);
      expect(logPages()).toHaveLength(2);
      // The screen then finds them fresh and does not ask again; nor does the next visit's loader.
      const { result } = renderHook(() => useGarageRefresh(carId));
      await waitFor(() => expect(result.current.refreshing).toBe(false));
      expect(result.current.error).toBeNull();
      await syncSelectedCarLogsEarly();
      expect(logPages()).toHaveLength(2);

      localStorage.setItem(SELECTED_CAR_STORAGE_KEY, `${carId}/../../cars`);
      const before = server.requests.length;
      await syncSelectedCarLogsEarly();
      expect(server.requests).toHaveLength(before);
    } finally {
      localStorage.removeItem(SELECTED_CAR_STORAGE_KEY);
    }
  });

  it('drops cars the server no longer has, keeps cars created here and not sent yet', async () => {
    const server = installGarageServer();
    const gone = await saveCar(carDraft);
    await replay();
    server.cars.delete(gone);
    server.setOffline(true);
    const fresh = await saveCar({ make: 'Lancia', model: 'Delta' });
    server.setOffline(false);
    vi.useFakeTimers({ now: Date.now() + 5000, toFake: ['Date'] });
    await syncCars();
    vi.useRealTimers();
    expect(await db.cars.get(gone)).toBeUndefined();
    expect(await db.cars.get(fresh)).toBeDefined();
    const { result } = renderHook(() => useCars());
    await waitFor(() =>
      expect(result.current?.map((c) => [c.id, c.syncState])).toEqual([[fresh, 'pending']]),
    );
  });
});

describe('the first page of cars asked for at start-up (first-cars-page.ts)', () => {
  const carsAsked = (server: ReturnType<typeof installGarageServer>) =>
    server.requests.filter((r) => r.method === 'GET' && r.path === '/cars/feed').length;

  it('syncCars merges the page asked for on /my-cars without asking again, and takes it once', async () => {
    const server = installGarageServer();
    const id = await saveCar(carDraft);
    await replay();
    await db.cars.clear();
    const before = carsAsked(server);
    expect(prefetchFirstCarsPage('/my-cars')).toBe(true);
    await waitFor(() => expect(carsAsked(server)).toBe(before + 1));
    await syncCars();
    expect(carsAsked(server)).toBe(before + 1);
    expect((await db.cars.get(id))?.make).toBe('Alpine');
    await syncCars();
    expect(carsAsked(server)).toBe(before + 2);
  });

  it('a page asked for more than FIRST_CARS_PAGE_MAX_AGE_MS ago is asked for again', async () => {
    const server = installGarageServer();
    await saveCar(carDraft);
    await replay();
    const before = carsAsked(server);
    prefetchFirstCarsPage('/my-cars', Date.now() - FIRST_CARS_PAGE_MAX_AGE_MS - 1);
    await syncCars();
    expect(carsAsked(server)).toBe(before + 2);
  });

  it('other screens ask for nothing', () => {
    const server = installGarageServer();
    expect(prefetchFirstCarsPage('/feed')).toBe(false);
    expect(prefetchFirstCarsPage('/my-cars/x/import')).toBe(false);
    expect(carsAsked(server)).toBe(0);
  });
});

describe('cars shared with me', () => {
  it('are mirrored after mine, with their owner name and my role, and leave when I leave', async () => {
    const server = installGarageServer();
    const mine = await saveCar(carDraft);
    await replay();
    const shared = {
      ...server.cars.get(mine)!,
      id: crypto.randomUUID(),
      ownerId: 'someone-else',
      role: 'driver' as const,
      ownerName: 'Alice Martin',
    };
    server.cars.set(shared.id, shared);
    server.cars.set(mine, { ...server.cars.get(mine)!, role: 'owner' });
    await syncCars();
    expect(await db.cars.get(mine)).toBeDefined();
    expect(await db.cars.get(shared.id)).toMatchObject({ role: 'driver', ownerName: 'Alice Martin' });
    // The owner removed me (or I left): the next sync forgets the car on this device.
    server.cars.delete(shared.id);
    vi.useFakeTimers({ now: Date.now() + 5000, toFake: ['Date'] });
    await syncCars();
    vi.useRealTimers();
    expect(await db.cars.get(shared.id)).toBeUndefined();
  });
});

describe('a car whose create is still queued', () => {
  const logsAsked = (server: ReturnType<typeof installGarageServer>, carId: string) =>
    server.requests.filter((r) => r.method === 'GET' && r.path === `/car-logs/${carId}`).length;

  it('its logs are not asked of the server (it would answer 404) until the create has replayed', async () => {
    const server = installGarageServer();
    const id = await saveCar(carDraft, { image: photo('front.jpg') });
    await expect(syncCarLogs(id)).resolves.toBeUndefined();
    expect(logsAsked(server, id)).toBe(0);
    await replay();
    expect(server.cars.has(id)).toBe(true);
    await syncCarLogs(id);
    expect(logsAsked(server, id)).toBe(1);
  });

  it('the first car with a photo: no false "could not refresh", and its logs refresh once it is sent', async () => {
    const server = installGarageServer();
    const id = await saveCar(carDraft, { image: photo('front.jpg') });
    const { result } = renderHook(() => useGarageRefresh(id));
    await waitFor(() => expect(server.requests.some((r) => r.path === '/cars/feed')).toBe(true));
    await waitFor(() => expect(result.current.refreshing).toBe(false));
    expect(result.current.error).toBeNull();
    expect(logsAsked(server, id)).toBe(0);
    await act(replay);
    await waitFor(() => expect(logsAsked(server, id)).toBe(1));
    await waitFor(() => expect(result.current.refreshing).toBe(false));
    expect(result.current.error).toBeNull();
  });
});

describe('garage helpers', () => {
  it('remembers the selected car under the spec key', () => {
    const { result } = renderHook(() => useSelectedCar());
    act(() => result.current[1]('car-9'));
    expect(localStorage.getItem(SELECTED_CAR_STORAGE_KEY)).toBe('car-9');
    expect(SELECTED_CAR_STORAGE_KEY).toBe('selectedCar');
    expect(result.current[0]).toBe('car-9');
  });

  it('lists a settings domain with its keys from the mirror', async () => {
    activateCatalog('en-US');
    await db.settingsLabels.put({
      domain: 'mileageUnit',
      fetchedAt: 0,
      entries: [
        { key: 'km', jsonPayload: {} },
        { key: 'mi', jsonPayload: {} },
      ],
    });
    const { result } = renderHook(() => useSettingsOptions('mileageUnit'));
    await waitFor(() => expect(result.current?.map((o) => o.key)).toEqual(['km', 'mi']));
  });

  it('keeps at most MEDIA_CACHE_MAX_ENTRIES server files, dropping the oldest', async () => {
    expect(MEDIA_CACHE_MAX_ENTRIES).toBe(300);
    const blob = new NodeFile(['x'], 'x') as unknown as Blob;
    await db.mediaCache.bulkPut(
      Array.from({ length: MEDIA_CACHE_MAX_ENTRIES }, (_, i) => ({ url: `/old/${i}`, blob, cachedAt: i })),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('bytes', { status: 200 })),
    );
    expect(await loadMedia('/api/v1.0/media/new')).not.toBeNull();
    expect(await db.mediaCache.count()).toBe(MEDIA_CACHE_MAX_ENTRIES);
    expect(await db.mediaCache.get('/old/0')).toBeUndefined();
    expect(await db.mediaCache.get('/api/v1.0/media/new')).toBeDefined();
  });
});

describe('car photos', () => {
  it('removing an uploaded car photo deletes the file first; removing one not sent makes the create plain JSON', async () => {
    const server = installGarageServer();
    const id = await saveCar(carDraft, { image: photo('car.jpg') });
    await replay();
    const image = server.cars.get(id)?.image;
    expect(image).toMatch(/^\/api\/v1\.0\/media\//);
    await saveCar(carDraft, { id, image: null });
    expect((await db.cars.get(id))?.image).toBeNull();
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => `${e.method} ${e.path}`)).toEqual([
      `DELETE /files/${image!.split('/').pop()}`,
      `PUT /cars/${id}`,
    ]);

    server.setOffline(true);
    const other = await saveCar({ make: 'Lancia', model: 'Delta' }, { image: photo('delta.jpg') });
    await saveCar({ make: 'Lancia', model: 'Delta' }, { id: other, image: null });
    const create = (await db.outbox.orderBy('seq').toArray()).find((e) => e.entityId === other);
    expect(create?.path).toBe('/cars');
    expect(create?.body).toMatchObject({ type: 'json', json: { id: other, make: 'Lancia' } });
    expect(await db.mediaBlobs.count()).toBe(0);
  });
});
