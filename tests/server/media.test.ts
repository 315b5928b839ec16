import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_SIDE } from '../../server/src/media/media-processing';
import { API, carBody, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { form, getMedia, jpeg, PDF, png, send, storedNames, SVG } from './media-fixtures';

let t: TestApp;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  t = await createTestApp();
  alice = await member(t.app);
  bob = await member(t.app);
});
afterAll(async () => t?.close());

const fields = (o: Record<string, unknown> = {}) =>
  Object.fromEntries(Object.entries(carBody(o)).map(([k, v]) => [k, String(v)]));

describe('POST /cars/with-image', () => {
  it('re-encodes a JPEG: longest side 2048, no metadata, served privately', async () => {
    const original = await jpeg(3000, 1000);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await send(
      t.app,
      alice,
      'POST',
      '/cars/with-image',
      form(fields(), [{ name: 'image', bytes: original, filename: 'car.jpg', type: 'image/jpeg' }]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const car = res.json<{ data: { image: string; make: string; year: number } }>().data;
    expect(car.make).toBe('Alpine');
    expect(car.year).toBe(1973);
    expect(car.image).toMatch(new RegExp(`^${API}/media/[0-9a-f-]{36}$`));

    const file = await getMedia(t.app, alice, car.image);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(file.headers['content-disposition']).toBe('inline; filename="car.webp"');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([MAX_IMAGE_SIDE, 683]);
    expect(meta.exif).toBeUndefined();

    expect((await getMedia(t.app, bob, car.image)).statusCode).toBe(404);
    const fetched = await t.app.inject({
      method: 'GET',
      url: `${API}/cars/${res.json<{ data: { id: string } }>().data.id}`,
      headers: alice.headers,
    });
    expect(fetched.json<{ data: { image: string } }>().data.image).toBe(car.image);
  });

  it('takes the fields as one data JSON field and replays a client id without a new file', async () => {
    const id = crypto.randomUUID();
    const img = await png();
    const make = () =>
      form({ data: JSON.stringify(carBody({ id, model: 'A310' })) }, [
        { name: 'image', bytes: img, filename: 'a.png' },
      ]);
    const first = await send(t.app, bob, 'POST', '/cars/with-image', make());
    expect(first.statusCode, first.body).toBe(201);
    const before = (await t.app.inject({ method: 'GET', url: `${API}/files`, headers: bob.headers })).json<{
      data: unknown[];
    }>().data.length;
    const again = await send(t.app, bob, 'POST', '/cars/with-image', make());
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: { model: string; image: string } }>().data).toMatchObject({
      model: 'A310',
      image: first.json<{ data: { image: string } }>().data.image,
    });
    const after = (await t.app.inject({ method: 'GET', url: `${API}/files`, headers: bob.headers })).json<{
      data: unknown[];
    }>().data.length;
    expect(after).toBe(before);
  });

  it('refuses invalid fields with 400', async () => {
    const res = await send(t.app, alice, 'POST', '/cars/with-image', form({ model: 'X' }, []));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('judging files by content', () => {
  const upload = (bytes: Buffer, filename: string, type?: string) =>
    send(
      t.app,
      alice,
      'POST',
      '/cars/with-image',
      form(fields(), [{ name: 'image', bytes, filename, type }]),
    );

  it('refuses SVG (even with a script) with 415 and a clear message', async () => {
    const res = await upload(SVG, 'logo.svg', 'image/svg+xml');
    expect(res.statusCode).toBe(415);
    expect(res.json<{ error: { message: string } }>().error.message).toMatch(/SVG/);
  });

  it('refuses a text file named .jpg with 415', async () => {
    const res = await upload(Buffer.from('hello, not an image'), 'photo.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(415);
  });

  it('takes a PNG named .pdf as an image', async () => {
    const res = await upload(await png(), 'receipt.pdf', 'application/pdf');
    expect(res.statusCode, res.body).toBe(201);
    const file = await getMedia(t.app, alice, res.json<{ data: { image: string } }>().data.image);
    expect(file.headers['content-type']).toBe('image/webp');
  });

  it('refuses a PDF named .jpg as a car image (images only)', async () => {
    const res = await upload(PDF, 'photo.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(415);
  });

  it('refuses an image over the pixel limit with 413 and a clear message', async () => {
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const res = await upload(huge, 'huge.png');
    expect(res.statusCode).toBe(413);
    expect(res.json<{ error: { message: string } }>().error.message).toMatch(/40 megapixels/);
  });

  it('stores under a server name whatever the client name says', async () => {
    const res = await upload(await png(), '../../../etc/passwd.png');
    expect(res.statusCode, res.body).toBe(201);
    const names = await storedNames(t.app, 'media/');
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => /^[0-9a-f-]{36}\.(webp|pdf)$/.test(n))).toBe(true);
    const files = (await t.app.inject({ method: 'GET', url: `${API}/files`, headers: alice.headers })).json<{
      data: { name: string; url: string }[];
    }>().data;
    const item = files.find((f) => f.url === res.json<{ data: { image: string } }>().data.image);
    expect(item?.name).toBe('passwd.png');
    const served = await getMedia(t.app, alice, res.json<{ data: { image: string } }>().data.image);
    expect(served.headers['content-disposition']).toBe('inline; filename="passwd.webp"');
  });
});
