// Media on S3-compatible object storage, against a real S3-protocol server (s3rver) on
// loopback: the settings are checked at start, files go to the bucket (nothing under DATA_DIR),
// GET /media/:id streams the object with the usual headers, a bucket that is down answers 503
// MEDIA_STORE_UNAVAILABLE on media routes only, and the sweep removes objects no row names.
// (Every other media path runs on S3 too: `npm run test:media-s3`.)
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMediaStore } from '../../server/src/config';
import { sweepOrphanObjects } from '../../server/src/media/media-sweep';
import { API, logBody, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { form, getMedia, jpeg, listFiles, PDF, png, send } from './media-fixtures';
import { startTestBucket, type TestBucket } from './s3-fixtures';

let bucket: TestBucket;
let t: TestApp;
let ann: Member;

beforeAll(async () => {
  bucket = await startTestBucket();
  t = await createTestApp(bucket.env);
  ann = await member(t.app);
});
afterAll(async () => {
  await t?.close();
  await bucket?.close();
});

const idOf = (url: string) => url.split('/').pop()!;
const get = (url: string, who: Member = ann) =>
  t.app.inject({ method: 'GET', url: `${API}${url}`, headers: who.headers });

async function carWithImage(): Promise<{ id: string; image: string }> {
  const res = await send(
    t.app,
    ann,
    'POST',
    '/cars/with-image',
    form({ make: 'Lancia', model: 'Fulvia' }, [
      { name: 'image', bytes: await jpeg(60, 40), filename: 'f.jpg' },
    ]),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: string; image: string } }>().data;
}

async function keyOf(mediaId: string): Promise<string> {
  const row = await t.app.db.kysely
    .selectFrom('media')
    .select('storage_key')
    .where('id', '=', mediaId)
    .executeTakeFirstOrThrow();
  return `media/${row.storage_key}`;
}

describe('settings', () => {
  it('refuses wrong settings at start with the name of the setting', () => {
    const base = { MEDIA_STORE: 's3', S3_BUCKET: 'paddock-media' };
    expect(() => parseMediaStore({ MEDIA_STORE: 'ftp' })).toThrow(/MEDIA_STORE must be "local" or "s3"/);
    expect(() => parseMediaStore({ MEDIA_STORE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => parseMediaStore({ ...base, S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET must be/);
    expect(() => parseMediaStore({ ...base, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => parseMediaStore({ ...base, S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => parseMediaStore({ ...base, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(parseMediaStore({})).toEqual({ kind: 'local' });
    expect(parseMediaStore({ ...base, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toMatchObject({
      kind: 's3',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: null,
    });
  });
});

describe('with MEDIA_STORE=s3', () => {
  it('keeps the re-encoded photo in the bucket, not in DATA_DIR, and streams it with the usual headers', async () => {
    const car = await carWithImage();
    const key = await keyOf(idOf(car.image));
    expect(await bucket.keys('media/')).toContain(key);
    expect(existsSync(path.join(t.dataDir, 'media'))).toBe(false);
    const res = await getMedia(t.app, ann, car.image);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(await bucket.store.read(key))).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    // Another member still cannot read it.
    expect((await getMedia(t.app, await member(t.app), car.image)).statusCode).toBe(404);
  });

  it('keeps a PDF as sent and deletes the object after the row', async () => {
    const car = await carWithImage();
    const res = await send(
      t.app,
      ann,
      'POST',
      '/car-logs/with-media',
      form({ data: JSON.stringify(logBody(car.id)) }, [{ name: 'media', bytes: PDF, filename: 'bill.pdf' }]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json<{ data: { media: { id: string; url: string }[] } }>().data.media;
    const key = await keyOf(media[0]!.id);
    expect((await bucket.store.read(key)).equals(PDF)).toBe(true);
    expect((await getMedia(t.app, ann, media[0]!.url)).rawPayload.equals(PDF)).toBe(true);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${API}/files/${media[0]!.id}`, headers: ann.headers }))
        .statusCode,
    ).toBe(200);
    expect(await bucket.keys('media/')).not.toContain(key);
  });
});

describe('a bucket that is down', () => {
  it('answers 503 MEDIA_STORE_UNAVAILABLE on media routes; other routes and /health keep working', async () => {
    const car = await carWithImage();
    const filesBefore = (await listFiles(t.app, ann)).data.length;
    await bucket.stop();
    try {
      const res = await getMedia(t.app, ann, car.image);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        success: false,
        error: { code: 'MEDIA_STORE_UNAVAILABLE', message: expect.any(String) },
      });
      // An upload is refused the same way, and leaves no row behind.
      const upload = await send(
        t.app,
        ann,
        'POST',
        '/cars/with-image',
        form({ make: 'Fiat', model: '500' }, [{ name: 'image', bytes: await png(), filename: 'p.png' }]),
      );
      expect(upload.statusCode, upload.body).toBe(503);
      expect(upload.json().error.code).toBe('MEDIA_STORE_UNAVAILABLE');
      expect((await listFiles(t.app, ann)).data.length).toBe(filesBefore);
      // Nothing else breaks.
      expect((await get('/health')).statusCode).toBe(200);
      expect((await get(`/cars/${car.id}`)).statusCode).toBe(200);
      expect((await get('/auth/me')).statusCode).toBe(200);
    } finally {
      await bucket.start();
    }
    expect((await getMedia(t.app, ann, car.image)).statusCode).toBe(200);
  });
});

describe('the orphan sweep', () => {
  it('removes old objects no row names after a delete that failed while the bucket was down; keeps the rest', async () => {
    const car = await carWithImage();
    const kept = await carWithImage();
    const key = await keyOf(idOf(car.image));
    await bucket.stop();
    let res;
    try {
      res = await t.app.inject({ method: 'DELETE', url: `${API}/cars/${car.id}`, headers: ann.headers });
    } finally {
      await bucket.start();
    }
    // The member's delete went through; the object stayed behind.
    expect(res.statusCode, res.body).toBe(200);
    expect(await bucket.keys('media/')).toContain(key);
    const stray = 'media/00000000-0000-4000-8000-000000000000.webp';
    await bucket.store.put(stray, Buffer.from('x'), 'image/webp');

    // Young objects wait (an upload writes its object before its row).
    const young = await sweepOrphanObjects({ db: t.app.db.kysely, store: t.app.objectStore, log: t.app.log });
    expect(young.removed).toEqual([]);
    const swept = await sweepOrphanObjects({
      db: t.app.db.kysely,
      store: t.app.objectStore,
      log: t.app.log,
      now: () => new Date(Date.now() + 2 * 60 * 60 * 1000),
    });
    expect(swept.removed.sort()).toEqual([key, stray].sort());
    const left = await bucket.keys('media/');
    expect(left).not.toContain(key);
    expect(left).toContain(await keyOf(idOf(kept.image)));
    expect((await getMedia(t.app, ann, kept.image)).statusCode).toBe(200);
  });
});
