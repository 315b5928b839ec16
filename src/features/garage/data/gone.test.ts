// An offline edit of a car or a log that another device deleted: the server answers 404. The entry
// says so (deletedElsewhere), and the member keeps the local copy as a new one or drops it; either
// way this device's rows follow at once, with no refresh.
import { ListFormData, nodePhoto } from '@/testing/list-form-data';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CarLog } from '@/contract/garage';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { createReplayer, failedEntries, registerOutboxHandlers, type OutboxEntry } from '@/lib/outbox';
import { signedIn } from '@/testing/api-client';
import { installGarageServer } from '@/features/garage/testing/fake-garage-server';
import { logDraft } from '@/features/garage/testing/garage-fixtures';
import { garageHandlers } from './handlers';
import {
  deletedElsewhere,
  dropDeletedElsewhere,
  keepAsNew,
  saveCar,
  saveCarLog,
  useCarLogs,
  useCars,
} from './index';

beforeAll(() => registerOutboxHandlers(garageHandlers));

const photo = nodePhoto;

let server: ReturnType<typeof installGarageServer>;
beforeEach(() => {
  resetLocalDatabaseForTests(`garage-gone-${Math.random().toString(36).slice(2)}`);
  vi.stubGlobal('FormData', ListFormData);
  signedIn();
  server = installGarageServer();
});
afterEach(() => {
  db.close();
  vi.unstubAllGlobals();
});

const replay = () => createReplayer({ random: () => 0, refresh: vi.fn() }).replay();

/** A server file shown on this device once (the media cache keeps it for offline viewing). */
async function keptForOffline(url: string) {
  expect(url).toMatch(/\/media\//);
  await db.mediaCache.put({ url, blob: photo('kept.jpg'), cachedAt: Date.now() });
}

/** A car and a log with a photo, on the server and here; then another device deletes the log. */
async function logDeletedElsewhere() {
  const carId = await saveCar({ make: 'Alpine', model: 'A110' });
  const logId = await saveCarLog(logDraft(carId, 'Oil change'), { files: [photo('receipt.jpg')] });
  await replay();
  expect(server.logs.has(logId)).toBe(true);
  await keptForOffline((await db.carLogs.get(logId))?.media[0]?.url as string);
  server.logs.delete(logId); // another device
  return { carId, logId };
}

async function theFailedEntry(): Promise<OutboxEntry> {
  const [entry] = await failedEntries();
  expect(entry).toBeDefined();
  return entry!;
}

describe('an offline edit of a log deleted on another device', () => {
  it('needs attention as "deleted on another device", not as a write to retry', async () => {
    const { carId, logId } = await logDeletedElsewhere();
    await saveCarLog(logDraft(carId, 'Oil and filter'), { id: logId });
    await replay();
    const entry = await theFailedEntry();
    expect(entry).toMatchObject({ kind: 'carLog.update', entityId: logId, lastStatus: 404 });
    expect(deletedElsewhere(entry)).toBe('carLog');
    // Other refusals are not this case.
    expect(deletedElsewhere({ ...entry, lastStatus: 422 })).toBeNull();
    expect(deletedElsewhere({ ...entry, kind: 'carLog.create' })).toBeNull();
  });

  it('"Keep as a new log" re-creates it under a new id with its files, and the list shows only the copy', async () => {
    const { carId, logId } = await logDeletedElsewhere();
    await saveCarLog(logDraft(carId, 'Oil and filter'), { id: logId, files: [photo('invoice.jpg')] });
    await replay();
    const { result } = renderHook(() => useCarLogs(carId));
    await waitFor(() => expect(result.current?.map((l) => l.id)).toEqual([logId]));

    const newId = await keepAsNew(await theFailedEntry());
    expect(newId).toEqual(expect.any(String));
    expect(newId).not.toBe(logId);
    // At once, before any send or refresh: the copy, pending; the deleted one gone.
    await waitFor(() =>
      expect(result.current?.map((l) => [l.id, l.syncState])).toEqual([[newId, 'pending']]),
    );
    expect(await db.carLogs.get(logId)).toBeUndefined();
    expect(await db.outbox.where('entityId').equals(logId).count()).toBe(0);
    expect(await failedEntries()).toEqual([]);

    await replay();
    const created = server.logs.get(newId!) as CarLog;
    expect(created).toMatchObject({ carId, title: 'Oil and filter', cost: 89.9, currencyCode: 'EUR' });
    // Both files: the one uploaded with the deleted log (kept on this device) and the new one.
    expect(created.media).toHaveLength(2);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.mediaBlobs.count()).toBe(0);
    await waitFor(() =>
      expect(result.current?.map((l) => [l.id, l.syncState])).toEqual([[newId, undefined]]),
    );
  });

  it('"Drop" discards the edit and removes the log from this device at once', async () => {
    const { carId, logId } = await logDeletedElsewhere();
    await saveCarLog(logDraft(carId, 'Oil and filter'), { id: logId, files: [photo('invoice.jpg')] });
    await replay();
    const { result } = renderHook(() => useCarLogs(carId));
    await waitFor(() => expect(result.current?.map((l) => l.id)).toEqual([logId]));

    await dropDeletedElsewhere(await theFailedEntry());
    await waitFor(() => expect(result.current).toEqual([]));
    expect(await db.outbox.count()).toBe(0);
    expect(await db.mediaBlobs.count()).toBe(0);
    const writes = server.writes().length;
    await replay();
    expect(server.writes()).toHaveLength(writes); // nothing more sent
  });
});

describe('an offline edit of a car deleted on another device', () => {
  async function carDeletedElsewhere() {
    const carId = await saveCar({ make: 'Alpine', model: 'A110' }, { image: photo('front.jpg') });
    const logId = await saveCarLog(logDraft(carId, 'Oil change'));
    await replay();
    await keptForOffline((await db.cars.get(carId))?.image as string);
    server.cars.delete(carId); // another device deleted the car, its logs with it
    server.logs.delete(logId);
    await saveCar({ make: 'Alpine', model: 'A110 S' }, { id: carId });
    await replay();
    const entry = await theFailedEntry();
    expect(deletedElsewhere(entry)).toBe('car');
    return { carId, logId, entry };
  }

  it('"Keep as a new car" re-creates the car, its photo and its logs under new ids', async () => {
    const { carId, entry } = await carDeletedElsewhere();
    const { result } = renderHook(() => useCars());
    const newId = await keepAsNew(entry);
    await waitFor(() => expect(result.current?.map((c) => [c.id, c.model])).toEqual([[newId, 'A110 S']]));
    expect(await db.carLogs.where('carId').equals(carId).count()).toBe(0);
    await replay();
    expect(server.cars.get(newId!)).toMatchObject({ make: 'Alpine', model: 'A110 S' });
    expect(server.cars.get(newId!)?.image).toEqual(expect.any(String));
    expect([...server.logs.values()].map((l) => [l.carId, l.title])).toEqual([[newId, 'Oil change']]);
    expect(await db.outbox.count()).toBe(0);
    // A car of no energy (`energyTypes: []` on this device) is re-created without the empty list,
    // which the API refuses.
    const create = server.writes().findLast((w) => w.method === 'POST' && w.path.startsWith('/cars'));
    const sent = create?.body instanceof FormData ? create.body.get('data') : JSON.stringify(create?.body);
    expect(String(sent)).not.toContain('"energyTypes":[]');
  });

  it('"Drop" removes the car and its logs from this device', async () => {
    const { carId, entry } = await carDeletedElsewhere();
    await dropDeletedElsewhere(entry);
    expect(await db.cars.get(carId)).toBeUndefined();
    expect(await db.carLogs.where('carId').equals(carId).count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});
