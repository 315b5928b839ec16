// Avatars over HTTP: an upload is judged by content, cropped square and re-encoded as WebP at 50
// and 256 px without metadata; any signed-in member reads it at its versioned URL (cached for
// good); a new upload or a delete removes the old files; SVG and non-images are refused.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CurrentUser } from '../../src/contract/user';
import { createTestApp, type TestApp } from './helpers';
import { form, jpeg, PDF, png, storedNames, SVG } from './media-fixtures';
import { API, befriend, caller, person, type Person } from './people-fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;
let ann: Person;
let bob: Person;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  ann = await person(t.app);
  bob = await person(t.app);
});
afterAll(async () => t.close());

const upload = (who: Person | null, bytes: Buffer, field = 'avatar', filename = 'me.jpg') =>
  t.app.inject({
    method: 'PUT',
    url: `${API}/users/me/avatar`,
    headers: who ? who.headers : {},
    payload: form({}, [{ name: field, bytes, filename, type: 'image/jpeg' }]),
  });

/** The avatar objects in the media store (DATA_DIR, or the bucket with TEST_MEDIA_STORE=s3). */
const avatarFiles = () => storedNames(t.app, 'avatars/');

/** GET of an avatar URL as `who`; `size` is added to the URL when given. */
const fetchAvatar = (who: Person | null, url: string, size?: number) =>
  t.app.inject({
    method: 'GET',
    url: size ? `${url}&size=${size}` : url,
    headers: who ? who.headers : {},
  });

describe('PUT /users/me/avatar', () => {
  test('re-encodes to square WebP at 50 and 256 px, strips metadata, and serves it to members', async () => {
    // A wide photo with EXIF (copyright, GPS reference) in it.
    const res = await upload(ann, await jpeg(640, 400));
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json<{ data: CurrentUser }>().data;
    expect(user.avatar).toMatch(new RegExp(`^/api/v1\\.0/users/${ann.id}/avatar\\?v=[0-9a-f-]{36}$`));
    // /auth/me and every listing read the same URL.
    expect((await call('GET', '/auth/me', ann)).json().data.avatar).toBe(user.avatar);

    for (const size of [50, 256]) {
      const got = await fetchAvatar(bob, user.avatar!, size);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/webp');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      const meta = await sharp(got.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size, height: size });
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(got.rawPayload.includes(Buffer.from('Secret Garage'))).toBe(false);
    }
    // Without a size: the 256 px image.
    const standard = await fetchAvatar(bob, user.avatar!);
    expect((await sharp(standard.rawPayload).metadata()).width).toBe(256);
    expect(await avatarFiles()).toHaveLength(2);
  });

  test('a small image is enlarged to the sizes; `image` is accepted as the field name too', async () => {
    const who = await person(t.app);
    const res = await upload(who, await png(20, 30), 'image', 'tiny.png');
    expect(res.statusCode, res.body).toBe(200);
    const small = await fetchAvatar(who, res.json().data.avatar, 50);
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 50, height: 50 });
  });

  test('a new avatar gets a new URL and the old files are removed', async () => {
    const who = await person(t.app);
    const before = await avatarFiles();
    const first = (await upload(who, await jpeg(300, 300))).json().data.avatar as string;
    const second = (await upload(who, await png(300, 300))).json().data.avatar as string;
    expect(second).not.toBe(first);
    const added = (await avatarFiles()).filter((f) => !before.includes(f));
    const version = new URLSearchParams(second.split('?')[1]).get('v');
    expect(added).toEqual([`${version}-256.webp`, `${version}-50.webp`]);
    // The old URL answers the current image, not to be cached.
    const stale = await fetchAvatar(bob, first, 50);
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['cache-control']).toBe('private, no-cache');
  });

  test('SVG, PDF and other non-images are refused with 415; nothing is stored', async () => {
    const who = await person(t.app);
    const before = await avatarFiles();
    for (const [bytes, name] of [
      [SVG, 'me.svg'],
      [PDF, 'me.pdf'],
      [Buffer.from('just text, named like a photo'), 'me.jpg'],
    ] as const) {
      const res = await upload(who, bytes, 'avatar', name);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(await avatarFiles()).toEqual(before);
    expect((await call('GET', '/users/me', who)).json().data.avatar).toBeNull();
  });

  test('no file, another field, JSON instead of multipart, no token', async () => {
    const who = await person(t.app);
    const none = await t.app.inject({
      method: 'PUT',
      url: `${API}/users/me/avatar`,
      headers: who.headers,
      payload: form({ note: 'hello' }, []),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual([{ field: 'body.avatar', message: 'is required' }]);
    expect((await upload(who, await png(), 'photo')).statusCode).toBe(400);
    expect((await call('PUT', '/users/me/avatar', who, { avatar: 'x' })).statusCode).toBe(415);
    expect((await upload(null, await png())).statusCode).toBe(401);
  });

  test('the outbox replays it with its Idempotency-Key: the same upload acts once', async () => {
    const bytes = await jpeg(80, 80);
    const send = () =>
      t.app.inject({
        method: 'PUT',
        url: `${API}/users/me/avatar`,
        headers: { ...bob.headers, 'idempotency-key': 'avatar-replay-1' },
        payload: form({}, [{ name: 'avatar', bytes, filename: 'me.jpg', type: 'image/jpeg' }]),
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.avatar).toBe(first.json().data.avatar);
    const removal = { ...bob.headers, 'idempotency-key': 'avatar-replay-2' };
    const gone = await t.app.inject({ method: 'DELETE', url: `${API}/users/me/avatar`, headers: removal });
    const goneAgain = await t.app.inject({
      method: 'DELETE',
      url: `${API}/users/me/avatar`,
      headers: removal,
    });
    expect(goneAgain.headers['idempotent-replayed']).toBe('true');
    expect(goneAgain.json()).toEqual(gone.json());
  });

  test('a file over 10 MiB is refused with 413', async () => {
    const who = await person(t.app);
    const res = await upload(who, Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect(res.statusCode).toBe(413);
  });
});

describe('GET /users/:id/avatar and DELETE /users/me/avatar', () => {
  test('any signed-in member reads it (friends and search show it); never without a token', async () => {
    const who = await person(t.app, { firstName: 'Avery' });
    const url = (await upload(who, await jpeg(100, 100))).json().data.avatar as string;
    const friend = await person(t.app);
    await befriend(t.app, who, friend);
    const listed = (await call('GET', '/friends', friend)).json().data.friends[0];
    expect(listed.avatar).toBe(url);
    const found = (await call('GET', '/users/search?q=Avery', bob)).json().data;
    expect(found.map((c: { avatar: string }) => c.avatar)).toContain(url);
    expect((await fetchAvatar(bob, url, 50)).statusCode).toBe(200);
    expect((await fetchAvatar(null, url, 50)).statusCode).toBe(401);
    expect((await fetchAvatar(bob, url, 64)).statusCode).toBe(400);
  });

  test('delete removes the files; the URL then answers 404', async () => {
    const who = await person(t.app);
    const url = (await upload(who, await jpeg(100, 100))).json().data.avatar as string;
    const version = new URLSearchParams(url.split('?')[1]).get('v')!;
    expect((await avatarFiles()).filter((f) => f.startsWith(version))).toHaveLength(2);
    const res = await call('DELETE', '/users/me/avatar', who);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.avatar).toBeNull();
    expect((await avatarFiles()).filter((f) => f.startsWith(version))).toEqual([]);
    expect((await fetchAvatar(bob, url, 50)).statusCode).toBe(404);
    // Deleting again is harmless.
    expect((await call('DELETE', '/users/me/avatar', who)).statusCode).toBe(200);
    expect((await fetchAvatar(bob, `${API}/users/${bob.id}/avatar?v=x`)).statusCode).toBe(404);
  });
});
