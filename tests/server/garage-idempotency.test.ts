// Every garage write acts once when replayed: by Idempotency-Key (the stored answer comes back,
// marked Idempotent-Replayed, and the handler does not run again) and, for creates, by client id.
// The outbox replays each entry with the same key (docs/OFFLINE-FIRST.md property 2), so this is what makes a
// flaky network harmless: no second log, no second file, no 404 for a delete that worked.
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Car, CarLog } from '../../src/contract/garage';
import { API, carBody, createCar, createLog, logBody, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { form, listFiles, PDF, png } from './media-fixtures';

let t: TestApp;
let ann: Member;
let bob: Member;

beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
  bob = await member(t.app);
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const json = (method: Method, url: string, key: string | null, payload?: object, who: Member = ann) =>
  t.app.inject({
    method,
    url: `${API}${url}`,
    headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });

/** A multipart request; `body` builds a fresh FormData each time (a body is read once). */
const multipart = (method: Method, url: string, key: string | null, body: () => Promise<FormData>) =>
  body().then((payload) =>
    t.app.inject({
      method,
      url: `${API}${url}`,
      headers: { ...ann.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    }),
  );

/** A multipart body written by hand, so that its boundary is the one given. */
function raw(
  method: Method,
  url: string,
  key: string,
  boundary: string,
  bytes: Buffer,
  { filename = 'receipt.pdf', type = 'application/pdf', title = 'With a receipt' } = {},
) {
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${title}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method,
    url: `${API}${url}`,
    headers: {
      ...ann.headers,
      'idempotency-key': key,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

/** The second answer is the first one, replayed. */
function expectReplay(first: LightMyRequestResponse, again: LightMyRequestResponse, status: number) {
  expect(first.statusCode, first.body).toBe(status);
  expect(first.headers['idempotent-replayed']).toBeUndefined();
  expect(again.statusCode).toBe(status);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(again.json()).toEqual(first.json());
}

const filesOnDisk = () => {
  try {
    return readdirSync(path.join(t.dataDir, 'media')).length;
  } catch {
    return 0;
  }
};
const fileCount = async (who: Member = ann) => (await listFiles(t.app, who)).data.length;
const carRows = (ownerId: string) =>
  t.app.db.kysely.selectFrom('cars').select('id').where('owner_id', '=', ownerId).execute();
const logRows = (carId: string) =>
  t.app.db.kysely.selectFrom('car_logs').select('id').where('car_id', '=', carId).execute();

describe('Idempotency-Key on the JSON garage writes', () => {
  it('POST /cars: one car', async () => {
    const key = randomUUID();
    const before = (await carRows(ann.id)).length;
    const first = await json('POST', '/cars', key, carBody());
    const again = await json('POST', '/cars', key, carBody());
    expectReplay(first, again, 201);
    expect(await carRows(ann.id)).toHaveLength(before + 1);
  });

  it('PUT /cars/:id: the first answer, its updatedAt included', async () => {
    const car = await createCar(t.app, ann);
    const key = randomUUID();
    const first = await json('PUT', `/cars/${car.id}`, key, { mileage: 90_000 });
    await new Promise((r) => setTimeout(r, 5));
    const again = await json('PUT', `/cars/${car.id}`, key, { mileage: 90_000 });
    expectReplay(first, again, 200);
    expect((await json('GET', `/cars/${car.id}`, null)).json().data).toEqual(first.json().data);
  });

  it('DELETE /cars/:id: the replay answers 200 like the first time; without a key, 404', async () => {
    const car = await createCar(t.app, ann);
    const key = randomUUID();
    const first = await json('DELETE', `/cars/${car.id}`, key);
    const again = await json('DELETE', `/cars/${car.id}`, key);
    expectReplay(first, again, 200);
    expect(again.json()).toEqual({ success: true, data: { id: car.id } });
    const unkeyed = await json('DELETE', `/cars/${car.id}`, null);
    expect(unkeyed.statusCode).toBe(404);
    expect(unkeyed.json().error.code).toBe('NOT_FOUND');
    // Another key is another request: it runs, and the car is gone.
    expect((await json('DELETE', `/cars/${car.id}`, randomUUID())).statusCode).toBe(404);
  });

  it('POST /car-logs: one log', async () => {
    const car = await createCar(t.app, ann);
    const key = randomUUID();
    const first = await json('POST', '/car-logs', key, logBody(car.id));
    const again = await json('POST', '/car-logs', key, logBody(car.id));
    expectReplay(first, again, 201);
    expect(await logRows(car.id)).toHaveLength(1);
  });

  it('PUT /car-logs/:id: the first answer, its updatedAt included', async () => {
    const car = await createCar(t.app, ann);
    const entry = await createLog(t.app, ann, car.id);
    const key = randomUUID();
    const first = await json('PUT', `/car-logs/${entry.id}`, key, { title: 'Brakes' });
    await new Promise((r) => setTimeout(r, 5));
    const again = await json('PUT', `/car-logs/${entry.id}`, key, { title: 'Brakes' });
    expectReplay(first, again, 200);
  });

  it('DELETE /car-logs/:id: the replay answers 200 like the first time; without a key, 404', async () => {
    const car = await createCar(t.app, ann);
    const entry = await createLog(t.app, ann, car.id);
    const key = randomUUID();
    const first = await json('DELETE', `/car-logs/${entry.id}`, key);
    const again = await json('DELETE', `/car-logs/${entry.id}`, key);
    expectReplay(first, again, 200);
    expect(again.json()).toEqual({ success: true, data: { id: entry.id } });
    const unkeyed = await json('DELETE', `/car-logs/${entry.id}`, null);
    expect(unkeyed.statusCode).toBe(404);
    expect(unkeyed.json()).toEqual({
      success: false,
      error: { code: 'NOT_FOUND', message: 'Car log not found.' },
    });
    expect(await logRows(car.id)).toEqual([]);
  });

  it('a refusal is replayed too (404 for another member’s log), and changes nothing', async () => {
    const car = await createCar(t.app, ann);
    const entry = await createLog(t.app, ann, car.id);
    const key = randomUUID();
    const first = await json('DELETE', `/car-logs/${entry.id}`, key, undefined, bob);
    const again = await json('DELETE', `/car-logs/${entry.id}`, key, undefined, bob);
    expectReplay(first, again, 404);
    expect(await logRows(car.id)).toHaveLength(1);
  });
});

describe('Idempotency-Key on the upload routes: files stored once', () => {
  it('POST /cars/with-image without a client id: one car, one file', async () => {
    const key = randomUUID();
    const [files, disk, cars] = [await fileCount(), filesOnDisk(), (await carRows(ann.id)).length];
    const body = async () =>
      form({ make: 'Renault', model: '5 Turbo' }, [
        { name: 'image', bytes: await png(), filename: 'r5.png' },
      ]);
    const first = await multipart('POST', '/cars/with-image', key, body);
    const again = await multipart('POST', '/cars/with-image', key, body);
    expectReplay(first, again, 201);
    expect(await carRows(ann.id)).toHaveLength(cars + 1);
    expect(await fileCount()).toBe(files + 1);
    expect(filesOnDisk()).toBe(disk + 1);
  });

  it('PUT /cars/:id/with-image: the image is replaced once', async () => {
    const car = await createCar(t.app, ann);
    const key = randomUUID();
    const body = async () =>
      form({ nickname: 'Maxi' }, [{ name: 'image', bytes: await png(), filename: 'new.png' }]);
    const [files, disk] = [await fileCount(), filesOnDisk()];
    const first = await multipart('PUT', `/cars/${car.id}/with-image`, key, body);
    const again = await multipart('PUT', `/cars/${car.id}/with-image`, key, body);
    expectReplay(first, again, 200);
    expect(await fileCount()).toBe(files + 1);
    expect(filesOnDisk()).toBe(disk + 1);
    const stored = (await json('GET', `/cars/${car.id}`, null)).json<{ data: Car }>().data;
    expect(stored.image).toBe(first.json<{ data: Car }>().data.image);
  });

  it('POST /car-logs/with-media without a client id: one log, its files once', async () => {
    const car = await createCar(t.app, ann);
    const key = randomUUID();
    const body = async () =>
      form({ data: JSON.stringify(logBody(car.id)) }, [
        { name: 'media', bytes: await png(), filename: 'a.png' },
        { name: 'media', bytes: PDF, filename: 'b.pdf' },
      ]);
    const [files, disk] = [await fileCount(), filesOnDisk()];
    const first = await multipart('POST', '/car-logs/with-media', key, body);
    const again = await multipart('POST', '/car-logs/with-media', key, body);
    expectReplay(first, again, 201);
    expect(await logRows(car.id)).toHaveLength(1);
    expect(await fileCount()).toBe(files + 2);
    expect(filesOnDisk()).toBe(disk + 2);
  });

  it('PUT /car-logs/:id/with-media: the same answer, the files added once', async () => {
    const car = await createCar(t.app, ann);
    const entry = await createLog(t.app, ann, car.id);
    const key = randomUUID();
    const body = async () =>
      form({ title: 'With receipts' }, [{ name: 'media', bytes: PDF, filename: 'receipt.pdf' }]);
    const [files, disk] = [await fileCount(), filesOnDisk()];
    const first = await multipart('PUT', `/car-logs/${entry.id}/with-media`, key, body);
    const again = await multipart('PUT', `/car-logs/${entry.id}/with-media`, key, body);
    expectReplay(first, again, 200);
    expect(first.json<{ data: CarLog }>().data.media).toHaveLength(1);
    expect(await fileCount()).toBe(files + 1);
    expect(filesOnDisk()).toBe(disk + 1);
    const stored = (await json('GET', `/car-logs/log/${entry.id}`, null)).json<{ data: CarLog }>();
    expect(stored.data.media).toHaveLength(1);
  });

  it('an upload retried with a new boundary replays; the same key with another file answers 422', async () => {
    const car = await createCar(t.app, ann);
    const key = randomUUID();
    const entry = await createLog(t.app, ann, car.id);
    const url = `/car-logs/${entry.id}/with-media`;
    const other = Buffer.concat([PDF, Buffer.from('% another receipt\n')]);
    const [files, disk] = [await fileCount(), filesOnDisk()];
    const first = await raw('PUT', url, key, 'boundary-one', PDF);
    // The browser draws a new boundary on each retry: still the same upload.
    const retry = await raw('PUT', url, key, 'boundary-two', PDF);
    expectReplay(first, retry, 200);
    // Same key, same fields and file name, other bytes: another request.
    const changed = await raw('PUT', url, key, 'boundary-three', other);
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({ success: false, error: { code: 'IDEMPOTENCY_CONFLICT' } });
    // Another file name or content type is another request too.
    expect((await raw('PUT', url, key, 'b4', PDF, { filename: 'other.pdf' })).statusCode).toBe(422);
    expect((await raw('PUT', url, key, 'b5', PDF, { type: 'image/png' })).statusCode).toBe(422);
    expect((await raw('PUT', url, key, 'b6', PDF, { title: 'Other title' })).statusCode).toBe(422);
    expect(await fileCount()).toBe(files + 1);
    expect(filesOnDisk()).toBe(disk + 1);
  });

  it('DELETE /files/:id: the replay answers 200 like the first time; without a key, 404', async () => {
    const car = await createCar(t.app, ann);
    const added = await multipart(
      'PUT',
      `/car-logs/${(await createLog(t.app, ann, car.id)).id}/with-media`,
      null,
      async () => form({}, [{ name: 'media', bytes: PDF, filename: 'r.pdf' }]),
    );
    const fileId = added.json<{ data: CarLog }>().data.media[0]!.id;
    const key = randomUUID();
    const first = await json('DELETE', `/files/${fileId}`, key);
    const again = await json('DELETE', `/files/${fileId}`, key);
    expectReplay(first, again, 200);
    expect((await json('DELETE', `/files/${fileId}`, null)).statusCode).toBe(404);
  });
});

describe('client ids across the JSON and upload routes', () => {
  it('POST /cars/with-image with the id of a car made by POST /cars answers it, storing no file', async () => {
    const id = randomUUID();
    const created = await json('POST', '/cars', null, carBody({ id }));
    expect(created.statusCode).toBe(201);
    const [files, disk] = [await fileCount(), filesOnDisk()];
    const again = await multipart('POST', '/cars/with-image', null, async () =>
      form({ data: JSON.stringify(carBody({ id })) }, [
        { name: 'image', bytes: await png(), filename: 'a.png' },
      ]),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(created.json().data);
    expect(await fileCount()).toBe(files);
    expect(filesOnDisk()).toBe(disk);
  });

  it("POST /cars/with-image with another member's car id: 409, no file kept", async () => {
    const theirs = await createCar(t.app, bob, { id: randomUUID() });
    const [files, disk] = [await fileCount(), filesOnDisk()];
    const res = await multipart('POST', '/cars/with-image', null, async () =>
      form({ data: JSON.stringify(carBody({ id: theirs.id })) }, [
        { name: 'image', bytes: await png(), filename: 'a.png' },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CONFLICT');
    expect(await fileCount()).toBe(files);
    expect(filesOnDisk()).toBe(disk);
  });

  it('POST /car-logs/with-media with the id of a log made by POST /car-logs answers it, storing no file', async () => {
    const car = await createCar(t.app, ann);
    const id = randomUUID();
    const created = await json('POST', '/car-logs', null, logBody(car.id, { id }));
    expect(created.statusCode).toBe(201);
    const [files, disk] = [await fileCount(), filesOnDisk()];
    const again = await multipart('POST', '/car-logs/with-media', null, async () =>
      form({ data: JSON.stringify(logBody(car.id, { id })) }, [
        { name: 'media', bytes: PDF, filename: 'r.pdf' },
      ]),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(created.json().data);
    expect(await fileCount()).toBe(files);
    expect(filesOnDisk()).toBe(disk);
    expect(await logRows(car.id)).toHaveLength(1);
  });

  it("POST /car-logs/with-media with another member's log id: 409, no file kept", async () => {
    const bobCar = await createCar(t.app, bob);
    const theirs = await createLog(t.app, bob, bobCar.id, { id: randomUUID() });
    const car = await createCar(t.app, ann);
    const [files, disk] = [await fileCount(), filesOnDisk()];
    const res = await multipart('POST', '/car-logs/with-media', null, async () =>
      form({ data: JSON.stringify(logBody(car.id, { id: theirs.id })) }, [
        { name: 'media', bytes: PDF, filename: 'r.pdf' },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(await fileCount()).toBe(files);
    expect(filesOnDisk()).toBe(disk);
  });
});
