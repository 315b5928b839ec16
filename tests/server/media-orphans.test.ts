// Files nothing uses any more go with what used them: a car's replaced image, a deleted car's
// image and its logs' files, a deleted log's files — rows (GET /files) and bytes on disk. A file
// something else still uses stays; a file that cannot be removed never fails the request.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Car, CarLog } from '../../src/contract/garage';
import { logCollector } from './auth-fixtures';
import { API, createCar, logBody, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { form, jpeg, listFiles, PDF, png, send, stored, storedNames } from './media-fixtures';

let t: TestApp;
let ann: Member;
const log = logCollector();

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'warn' }, { logger: { stream: log.stream } });
  ann = await member(t.app);
});
afterAll(async () => t?.close());

const idOf = (url: string) => url.split('/').pop()!;
const call = (method: 'DELETE' | 'GET', url: string, who: Member = ann) =>
  t.app.inject({ method, url: `${API}${url}`, headers: who.headers });

/** The store key of a media row's file (under DATA_DIR or in the bucket with TEST_MEDIA_STORE=s3). */
async function fileOf(mediaId: string): Promise<string> {
  const row = await t.app.db.kysely
    .selectFrom('media')
    .select('storage_key')
    .where('id', '=', mediaId)
    .executeTakeFirstOrThrow();
  return `media/${row.storage_key}`;
}
const exists = (key: string) => stored(t.app, key);

/** Whether the member's GET /files lists each id. */
async function listed(ids: string[], who: Member = ann): Promise<boolean[]> {
  const files = (await listFiles(t.app, who)).data.map((f) => f.id);
  return ids.map((id) => files.includes(id));
}

async function carWithImage(who: Member = ann): Promise<Car> {
  const res = await send(
    t.app,
    who,
    'POST',
    '/cars/with-image',
    form({ make: 'Lancia', model: 'Fulvia' }, [
      { name: 'image', bytes: await jpeg(30, 20), filename: 'f.jpg' },
    ]),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Car }>().data;
}

async function logWithMedia(carId: string, who: Member = ann): Promise<CarLog> {
  const res = await send(
    t.app,
    who,
    'POST',
    '/car-logs/with-media',
    form({ data: JSON.stringify(logBody(carId)) }, [
      { name: 'media', bytes: await png(20, 10), filename: 'engine.png' },
      { name: 'media', bytes: PDF, filename: 'invoice.pdf' },
    ]),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: CarLog }>().data;
}

describe('PUT /cars/:id/with-image', () => {
  it('deletes the replaced image: row and file', async () => {
    const car = await carWithImage();
    const old = idOf(car.image!);
    const oldFile = await fileOf(old);
    expect(await exists(oldFile)).toBe(true);
    const res = await send(
      t.app,
      ann,
      'PUT',
      `/cars/${car.id}/with-image`,
      form({}, [{ name: 'image', bytes: await png(), filename: 'new.png' }]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const fresh = idOf(res.json<{ data: Car }>().data.image!);
    expect(await listed([old, fresh])).toEqual([false, true]);
    expect(await exists(oldFile)).toBe(false);
    expect(await exists(await fileOf(fresh))).toBe(true);
    expect((await call('GET', `/media/${old}`)).statusCode).toBe(404);
  });

  it('keeps the new file out when the fields are refused, and the old image in place', async () => {
    const car = await carWithImage();
    const before = (await storedNames(t.app, 'media/')).length;
    const count = (await listFiles(t.app, ann)).data.length;
    const res = await send(
      t.app,
      ann,
      'PUT',
      `/cars/${car.id}/with-image`,
      form({ energyType: 'steam' }, [{ name: 'image', bytes: await png(), filename: 'x.png' }]),
    );
    expect(res.statusCode).toBe(400);
    expect((await listFiles(t.app, ann)).data.length).toBe(count);
    expect((await storedNames(t.app, 'media/')).length).toBe(before);
    expect((await call('GET', `/cars/${car.id}`)).json().data.image).toBe(car.image);
  });

  it('keeps a replaced image another car still uses', async () => {
    const car = await carWithImage();
    const other = await createCar(t.app, ann);
    const shared = idOf(car.image!);
    // No route shares a file between cars today; the sweep must not rely on that.
    await t.app.db.kysely.updateTable('cars').set({ image: shared }).where('id', '=', other.id).execute();
    const res = await send(
      t.app,
      ann,
      'PUT',
      `/cars/${car.id}/with-image`,
      form({}, [{ name: 'image', bytes: await png(), filename: 'new.png' }]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await listed([shared])).toEqual([true]);
    expect(await exists(await fileOf(shared))).toBe(true);
    expect((await listFiles(t.app, ann)).data.find((f) => f.id === shared)?.usedBy).toEqual([
      { type: 'car', id: other.id },
    ]);
  });
});

describe('DELETE /car-logs/:id', () => {
  it("deletes the log's files: rows and files", async () => {
    const car = await createCar(t.app, ann);
    const kept = await logWithMedia(car.id);
    const gone = await logWithMedia(car.id);
    const goneIds = gone.media.map((m) => m.id);
    const goneFiles = await Promise.all(goneIds.map(fileOf));
    expect((await call('DELETE', `/car-logs/${gone.id}`)).statusCode).toBe(200);
    expect(await listed(goneIds)).toEqual([false, false]);
    expect(await Promise.all(goneFiles.map(exists))).toEqual([false, false]);
    // The other log of the same car keeps its files.
    const keptIds = kept.media.map((m) => m.id);
    expect(await listed(keptIds)).toEqual([true, true]);
    for (const id of keptIds) expect(await exists(await fileOf(id))).toBe(true);
  });

  it('answers 200 when a file cannot be removed, forgets its row and logs it', async () => {
    const car = await createCar(t.app, ann);
    const entry = await logWithMedia(car.id);
    const [stuck, removable] = await Promise.all(entry.media.map((m) => fileOf(m.id)));
    const store = t.app.objectStore;
    const remove = store.delete;
    if (store.kind === 'local') {
      // A non-empty directory where the file was: removing it fails (EISDIR), even as root.
      const at = path.join(t.dataDir, stuck!);
      rmSync(at);
      mkdirSync(at);
      writeFileSync(path.join(at, 'keep'), 'x');
    } else {
      // The bucket refuses this one delete.
      store.delete = async (key) => {
        if (key === stuck) throw Object.assign(new Error('refused'), { code: 'AccessDenied' });
        return remove(key);
      };
    }
    const res = await call('DELETE', `/car-logs/${entry.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { id: entry.id } });
    expect(await listed(entry.media.map((m) => m.id))).toEqual([false, false]);
    // The other file still went.
    expect(await exists(removable!)).toBe(false);
    const warnings = log.lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'media file could not be removed');
    expect(warnings).toContainEqual(
      expect.objectContaining({ level: 40, storageKey: path.basename(stuck!) }),
    );
    if (store.kind === 'local') rmSync(path.join(t.dataDir, stuck!), { recursive: true });
    else store.delete = remove;
  });
});

describe('DELETE /cars/:id', () => {
  it("deletes the car's image and every file of its logs, and nobody else's", async () => {
    const car = await carWithImage();
    const entries = [await logWithMedia(car.id), await logWithMedia(car.id)];
    const ids = [idOf(car.image!), ...entries.flatMap((e) => e.media.map((m) => m.id))];
    const files = await Promise.all(ids.map(fileOf));
    const otherCar = await carWithImage();
    const otherLog = await logWithMedia(otherCar.id);
    const bob = await member(t.app);
    const bobCar = await carWithImage(bob);

    expect((await call('DELETE', `/cars/${car.id}`)).statusCode).toBe(200);
    expect(await listed(ids)).toEqual(ids.map(() => false));
    expect(await Promise.all(files.map(exists))).toEqual(ids.map(() => false));
    const untouched = [idOf(otherCar.image!), ...otherLog.media.map((m) => m.id)];
    expect(await listed(untouched)).toEqual(untouched.map(() => true));
    for (const id of untouched) expect(await exists(await fileOf(id))).toBe(true);
    expect(await listed([idOf(bobCar.image!)], bob)).toEqual([true]);
  });

  it('deletes a car without files as before', async () => {
    const car = await createCar(t.app, ann);
    expect((await call('DELETE', `/cars/${car.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/cars/${car.id}`)).statusCode).toBe(404);
  });
});

describe('what stays', () => {
  it('a plain PUT /cars/:id keeps the image', async () => {
    const car = await carWithImage();
    const res = await t.app.inject({
      method: 'PUT',
      url: `${API}/cars/${car.id}`,
      headers: ann.headers,
      payload: { nickname: 'Zagato' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.image).toBe(car.image);
    expect(await listed([idOf(car.image!)])).toEqual([true]);
    expect(await exists(await fileOf(idOf(car.image!)))).toBe(true);
  });
});
