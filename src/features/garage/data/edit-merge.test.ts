// An edit made on this device sends only the fields the member changed, with the values they had
// here (base); an answer naming fields it overwrote is kept for the member, who can restore a value
// with one tap (an edit queued like any other); "Keep as a new log" of a fill-up keeps its fuel.
import { ListFormData } from '@/testing/list-form-data';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { createReplayer, failedEntries, registerOutboxHandlers } from '@/lib/outbox';
import { signedIn } from '@/testing/api-client';
import { installGarageServer } from '@/features/garage/testing/fake-garage-server';
import { logDraft } from '@/features/garage/testing/garage-fixtures';
import { garageHandlers } from './handlers';
import { keepAsNew, saveCar, saveCarLog } from './index';
import { dismissOverwritten, restoreOverwritten } from './overwritten';

beforeAll(() => registerOutboxHandlers(garageHandlers));

let server: ReturnType<typeof installGarageServer>;
beforeEach(() => {
  resetLocalDatabaseForTests(`garage-merge-${Math.random().toString(36).slice(2)}`);
  vi.stubGlobal('FormData', ListFormData);
  signedIn();
  server = installGarageServer();
});
afterEach(() => {
  db.close();
  vi.unstubAllGlobals();
});

const replay = () => createReplayer({ random: () => 0, refresh: vi.fn() }).replay();
const local = async (id: string) => await db.carLogs.get(id);

async function syncedLog() {
  const carId = await saveCar({ make: 'Alpine', model: 'A110' });
  const logId = await saveCarLog(logDraft(carId, 'Oil change'));
  await replay();
  const log = (await local(logId))!;
  const { id: _i, media: _m, createdAt: _c, updatedAt: _u, ...draft } = log;
  return { carId, logId, draft };
}

describe('an edit of a log', () => {
  it('sends only the fields changed here, with the values they had here', async () => {
    const { logId, draft } = await syncedLog();
    await saveCarLog({ ...draft, title: 'Oil and filter', cost: 120 }, { id: logId });
    const [entry] = await db.outbox.toArray();
    expect(entry?.body).toEqual({
      type: 'json',
      json: { title: 'Oil and filter', cost: 120, base: { title: 'Oil change', cost: 89.9 } },
    });
    // A second edit queued after it starts from the first: its base is the first one's values.
    await saveCarLog({ ...draft, title: 'Oil, filter and plugs', cost: 120 }, { id: logId });
    const second = (await db.outbox.orderBy('seq').toArray())[1];
    expect(second?.body).toEqual({
      type: 'json',
      json: { title: 'Oil, filter and plugs', base: { title: 'Oil and filter' } },
    });
  });

  it("keeps another device's change to a field not edited here, and tells what it replaced; Restore puts it back", async () => {
    const { logId, draft } = await syncedLog();
    // Another device changed the title and the cost meanwhile.
    server.logs.set(logId, { ...server.logs.get(logId)!, title: 'From the other device', cost: 120 });
    await saveCarLog({ ...draft, title: 'From this device', location: 'Lyon' }, { id: logId });
    await replay();
    expect(server.logs.get(logId)).toMatchObject({ title: 'From this device', cost: 120, location: 'Lyon' });
    expect(await local(logId)).not.toHaveProperty('overwritten');
    const told = (await db.meta.get(`overwritten:carLog:${logId}`))?.value;
    expect(told).toMatchObject({ kind: 'carLog', id: logId, fields: { title: 'From the other device' } });

    expect(await restoreOverwritten('carLog', logId, 'title')).toBe(true);
    expect(await db.meta.get(`overwritten:carLog:${logId}`)).toBeUndefined();
    expect((await local(logId))?.title).toBe('From the other device'); // at once, on this device
    const [restore] = await db.outbox.toArray();
    expect(restore?.body).toEqual({
      type: 'json',
      json: { title: 'From the other device', base: { title: 'From this device' } },
    });
    await replay();
    expect(server.logs.get(logId)).toMatchObject({
      title: 'From the other device',
      cost: 120,
      location: 'Lyon',
    });
    expect(await db.meta.get(`overwritten:carLog:${logId}`)).toBeUndefined();
  });

  it('"Keep my edit" forgets what was replaced, field by field or all', async () => {
    const { logId, draft } = await syncedLog();
    server.logs.set(logId, { ...server.logs.get(logId)!, title: 'Other', cost: 1 });
    await saveCarLog({ ...draft, title: 'Mine', cost: 2 }, { id: logId });
    await replay();
    await dismissOverwritten('carLog', logId, 'title');
    expect((await db.meta.get(`overwritten:carLog:${logId}`))?.value).toMatchObject({ fields: { cost: 1 } });
    await dismissOverwritten('carLog', logId);
    expect(await db.meta.get(`overwritten:carLog:${logId}`)).toBeUndefined();
  });
});

describe('an edit of a car', () => {
  it('sends only the fields changed, and a replaced one is kept for a restore', async () => {
    const carId = await saveCar({ make: 'Alpine', model: 'A110', nickname: 'Berlinette' });
    await replay();
    server.cars.set(carId, { ...server.cars.get(carId)!, nickname: 'La Bleue' });
    await saveCar({ make: 'Alpine', model: 'A110', nickname: 'Blue', mileageUnit: 'km' }, { id: carId });
    const [entry] = await db.outbox.toArray();
    expect(entry?.body).toEqual({
      type: 'json',
      json: { nickname: 'Blue', base: { nickname: 'Berlinette' } },
    });
    await replay();
    expect((await db.meta.get(`overwritten:car:${carId}`))?.value).toMatchObject({
      kind: 'car',
      fields: { nickname: 'La Bleue' },
    });
  });
});

describe('"Keep as a new log" of a fill-up deleted on another device', () => {
  it('rebuilds every field, the fuel included', async () => {
    const carId = await saveCar({ make: 'Alpine', model: 'A110' });
    const fuel = {
      quantity: 40,
      unit: 'l' as const,
      fullTank: true,
      missedPrevious: false,
      pricePerUnit: 1.8,
    };
    const logId = await saveCarLog({
      ...logDraft(carId, 'Fill-up'),
      type: 'fuel',
      mileage: 10_000,
      location: 'Lyon',
      tags: ['trip'],
      content: '<p>Full</p>',
      fuel,
    });
    await replay();
    server.logs.delete(logId); // another device
    const { id: _i, media: _m, createdAt: _c, updatedAt: _u, ...draft } = (await local(logId))!;
    await saveCarLog({ ...draft, title: 'Fill-up in Lyon' }, { id: logId });
    await replay();
    const [failed] = await failedEntries();
    const newId = await keepAsNew(failed!);
    await replay();
    expect(server.logs.get(newId!)).toMatchObject({
      carId,
      type: 'fuel',
      title: 'Fill-up in Lyon',
      cost: 89.9,
      currencyCode: 'EUR',
      mileage: 10_000,
      location: 'Lyon',
      tags: ['trip'],
      content: '<p>Full</p>',
      fuel,
    });
  });
});
