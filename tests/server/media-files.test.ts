import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_FILE_BYTES,
  MAX_FILES_PER_LOG,
  MEMBER_QUOTA_BYTES,
} from '../../server/src/media/media-processing';
import { mediaRepository } from '../../server/src/media/media-repository';
import { mediaService } from '../../server/src/media/media-service';
import { mediaStorage } from '../../server/src/media/media-storage';
import { API, createCar, logBody, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { form, getMedia, jpeg, listFiles, PDF, png, send } from './media-fixtures';

let t: TestApp;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  t = await createTestApp();
  alice = await member(t.app);
  bob = await member(t.app);
});
afterAll(async () => t?.close());

const filesOf = (who: Member) => listFiles(t.app, who);

describe('car logs with media', () => {
  it('keeps a PDF as sent, takes a photo, lists both with usedBy, and unlinks on delete', async () => {
    const car = await createCar(t.app, alice);
    const photo = await png(40, 20);
    const res = await send(
      t.app,
      alice,
      'POST',
      '/car-logs/with-media',
      form({ data: JSON.stringify(logBody(car.id)) }, [
        { name: 'media', bytes: PDF, filename: 'receipt.jpg', type: 'image/jpeg' },
        { name: 'media', bytes: photo, filename: 'engine.pdf', type: 'application/pdf' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const log = res.json<{
      data: {
        id: string;
        title: string;
        tags: string[];
        media: {
          id: string;
          url: string;
          kind: string;
          mime: string;
          width: number | null;
          height: number | null;
        }[];
      };
    }>().data;
    expect(log.title).toBe('Oil change');
    expect(log.tags).toEqual(['oil', 'filter']);
    expect(log.media.map(({ kind, mime, width, height }) => ({ kind, mime, width, height }))).toEqual([
      { kind: 'pdf', mime: 'application/pdf', width: null, height: null },
      { kind: 'image', mime: 'image/webp', width: 40, height: 20 },
    ]);

    const pdf = await getMedia(t.app, alice, log.media[0]!.url);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(pdf.rawPayload, PDF)).toBe(0);

    const { data, meta } = await filesOf(alice);
    const item = data.find((f) => f.id === log.media[0]!.id);
    expect(item).toMatchObject({ kind: 'pdf', size: PDF.length, usedBy: [{ type: 'car log', id: log.id }] });
    expect(meta.quotaBytes).toBe(MEMBER_QUOTA_BYTES);
    expect(meta.totalBytes).toBe(data.reduce((sum, f) => sum + f.size, 0));

    // Another member sees none of it.
    expect((await getMedia(t.app, bob, log.media[0]!.url)).statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${API}/files/${log.media[0]!.id}`,
      headers: bob.headers,
    });
    expect(del.statusCode).toBe(404);
    expect((await filesOf(bob)).data.some((f) => f.id === log.media[0]!.id)).toBe(false);

    const mine = await t.app.inject({
      method: 'DELETE',
      url: `${API}/files/${log.media[0]!.id}`,
      headers: alice.headers,
    });
    expect(mine.statusCode).toBe(200);
    const updated = await send(
      t.app,
      alice,
      'PUT',
      `/car-logs/${log.id}/with-media`,
      form({ title: 'Oil and filter' }, []),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const now = updated.json<{ data: { title: string; media: { id: string }[] } }>().data;
    expect(now.title).toBe('Oil and filter');
    expect(now.media.map((m) => m.id)).toEqual([log.media[1]!.id]);
    expect((await getMedia(t.app, alice, log.media[0]!.url)).statusCode).toBe(404);
  });

  it('shows a car image as used by the car', async () => {
    const res = await send(
      t.app,
      bob,
      'POST',
      '/cars/with-image',
      form({ make: 'Lancia', model: 'Stratos' }, [
        { name: 'image', bytes: await jpeg(30, 20), filename: 'stratos.jpg' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const car = res.json<{ data: { id: string; image: string } }>().data;
    const item = (await filesOf(bob)).data.find((f) => car.image.endsWith(f.id));
    expect(item?.usedBy).toEqual([{ type: 'car', id: car.id }]);
    const replaced = await send(
      t.app,
      bob,
      'PUT',
      `/cars/${car.id}/with-image`,
      form({ nickname: 'Rally' }, [{ name: 'image', bytes: await png(), filename: 'new.png' }]),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<{ data: { image: string; nickname: string } }>().data.nickname).toBe('Rally');
    expect(replaced.json<{ data: { image: string } }>().data.image).not.toBe(car.image);
    const other = await send(
      t.app,
      alice,
      'PUT',
      `/cars/${car.id}/with-image`,
      form({}, [{ name: 'image', bytes: await png(), filename: 'x.png' }]),
    );
    expect(other.statusCode).toBe(404);
  });

  it(`refuses more than ${MAX_FILES_PER_LOG} files with 413`, async () => {
    const car = await createCar(t.app, alice);
    const one = await png();
    const parts = Array.from({ length: MAX_FILES_PER_LOG + 1 }, (_, i) => ({
      name: 'media',
      bytes: one,
      filename: `${i}.png`,
    }));
    const res = await send(
      t.app,
      alice,
      'POST',
      '/car-logs/with-media',
      form({ data: JSON.stringify(logBody(car.id)) }, parts),
    );
    expect(res.statusCode).toBe(413);
  });
});

describe('limits', () => {
  it('pins the limits', () => {
    expect(MAX_FILE_BYTES).toBe(10 * 1024 * 1024);
    expect(MEMBER_QUOTA_BYTES).toBe(200 * 1024 * 1024);
    expect(MAX_FILES_PER_LOG).toBe(10);
  });

  it('refuses a file over 10 MiB with 413', async () => {
    const big = Buffer.concat([PDF, randomBytes(MAX_FILE_BYTES)]);
    const res = await send(
      t.app,
      alice,
      'POST',
      '/cars/with-image',
      form({ make: 'A', model: 'B' }, [{ name: 'image', bytes: big, filename: 'big.pdf' }]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json<{ error: { message: string } }>().error.message).toMatch(/10 MiB/);
  });

  it('refuses an upload that would pass the quota with 413 and a clear message', async () => {
    const quotaBytes = PDF.length * 2;
    const service = mediaService({
      media: mediaRepository(t.app.db.kysely),
      storage: mediaStorage(t.app.objectStore),
      log: t.app.log,
      quotaBytes,
    });
    const fresh = await member(t.app);
    await service.save(fresh.id, await service.prepare(fresh.id, [{ filename: 'a.pdf', bytes: PDF }], true));
    await service.save(fresh.id, await service.prepare(fresh.id, [{ filename: 'b.pdf', bytes: PDF }], true));
    const third = service.prepare(fresh.id, [{ filename: 'c.pdf', bytes: PDF }], true);
    await expect(third).rejects.toMatchObject({ statusCode: 413, message: expect.stringMatching(/quota/) });
  });
});
