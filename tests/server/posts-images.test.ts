// Posts with an image (spec §7: POST /posts/with-image, PUT /posts/{id}/with-image; docs/DESIGN-NOTES.md
// "Uploads"): multipart with the fields as form fields or one `data` JSON field and the file as
// `image`; the image re-encoded, counted in the quota, served to the author and their friends only
// (404 otherwise) at a URL that changes with it; replaced, removed and deleted with the post.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Post } from '../../src/contract/posts';
import { API } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { form, jpeg, listFiles, png, SVG } from './media-fixtures';
import { caller, feed, friends, getPost, person, post, type Person } from './posts-fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;
let ann: Person;
let bob: Person;
let stranger: Person;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  [ann, bob] = (await friends(t.app, 2)) as [Person, Person];
  stranger = await person(t.app);
});
afterAll(() => t.close());

const upload = (who: Person, method: 'POST' | 'PUT', url: string, body: FormData) =>
  t.app.inject({ method, url: `${API}${url}`, headers: who.headers, payload: body });
const image = (who: Person | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who ? who.headers : {} });
const filesOf = async (who: Person) => (await listFiles(t.app, who as never)).data;

describe('POST /posts/with-image', () => {
  test('stores the post and its re-encoded image (no EXIF); friends see it, strangers do not', async () => {
    const res = await upload(
      ann,
      'POST',
      '/posts/with-image',
      form({ data: JSON.stringify({ content: '<p>Sunset run</p>' }) }, [
        { name: 'image', bytes: await jpeg(3000, 1500), filename: 'IMG_1.jpg', type: 'image/jpeg' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json<{ data: Post }>().data;
    expect(p).toMatchObject({ content: '<p>Sunset run</p>', imageWidth: 2048, imageHeight: 1024 });
    expect(p.image).toMatch(new RegExp(`^${API}/posts/${p.id}/images/[0-9a-f-]{36}$`));
    const seen = await image(bob, p.image!);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/webp');
    expect(seen.headers['cache-control']).toContain('private');
    const meta = await sharp(seen.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 2048, height: 1024 });
    expect(meta.exif).toBeUndefined();
    expect((await image(stranger, p.image!)).statusCode).toBe(404);
    expect((await image(null, p.image!)).statusCode).toBe(401);
    // The file counts in the author's files and quota, and says which post shows it.
    const files = await filesOf(ann);
    expect(files).toHaveLength(1);
    expect(files[0]?.usedBy).toEqual([{ type: 'post', id: p.id }]);
    // The feed carries the same image.
    expect((await feed(t.app, bob)).data.find((x) => x.id === p.id)).toMatchObject({ image: p.image });
  });

  test('takes the fields as form fields; an image alone is a post', async () => {
    const res = await upload(
      ann,
      'POST',
      '/posts/with-image',
      form({ content: '' }, [{ name: 'image', bytes: await png(40, 30), filename: 'x.png' }]),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ content: '', imageWidth: 40, imageHeight: 30 });
  });

  test('refuses SVG and non-images (415), keeping nothing', async () => {
    const before = (await filesOf(bob)).length;
    for (const [bytes, filename] of [
      [SVG, 'x.svg'],
      [Buffer.from('%PDF-1.4\n%%EOF\n'), 'x.pdf'],
      [Buffer.from('hello'), 'x.png'],
    ] as const) {
      const res = await upload(
        bob,
        'POST',
        '/posts/with-image',
        form({ content: 'x' }, [{ name: 'image', bytes, filename }]),
      );
      expect(res.statusCode, filename).toBe(415);
    }
    expect((await filesOf(bob)).length).toBe(before);
  });

  test('keeps no file when the fields are refused', async () => {
    const before = (await filesOf(bob)).length;
    const res = await upload(
      bob,
      'POST',
      '/posts/with-image',
      form({ content: 'x'.repeat(10_001) }, [{ name: 'image', bytes: await png(), filename: 'x.png' }]),
    );
    expect(res.statusCode).toBe(400);
    expect((await filesOf(bob)).length).toBe(before);
  });

  test('a replayed create (same client id) answers the stored post and stores no second file', async () => {
    const id = randomUUID();
    const make = async () =>
      form({ data: JSON.stringify({ id, content: 'Once' }) }, [
        { name: 'image', bytes: await png(), filename: 'p.png' },
      ]);
    const first = await upload(bob, 'POST', '/posts/with-image', await make());
    expect(first.statusCode).toBe(201);
    const count = (await filesOf(bob)).length;
    const again = await upload(bob, 'POST', '/posts/with-image', await make());
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect((await filesOf(bob)).length).toBe(count);
    const taken = await upload(ann, 'POST', '/posts/with-image', await make());
    expect(taken.statusCode).toBe(409);
  });
});

describe('PUT /posts/{id}/with-image', () => {
  test('replaces the image: a new URL, the old file gone; others get 404', async () => {
    const first = await upload(
      ann,
      'POST',
      '/posts/with-image',
      form({ content: 'v1' }, [{ name: 'image', bytes: await png(10, 10), filename: 'a.png' }]),
    );
    const p = first.json<{ data: Post }>().data;
    const files = (await filesOf(ann)).length;
    for (const who of [bob, stranger]) {
      const res = await upload(
        who,
        'PUT',
        `/posts/${p.id}/with-image`,
        form({}, [{ name: 'image', bytes: await png(), filename: 'b.png' }]),
      );
      expect(res.statusCode).toBe(404);
    }
    const res = await upload(
      ann,
      'PUT',
      `/posts/${p.id}/with-image`,
      form({ content: 'v2' }, [{ name: 'image', bytes: await png(20, 10), filename: 'b.png' }]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json<{ data: Post }>().data;
    expect(changed).toMatchObject({ content: 'v2', imageWidth: 20, imageHeight: 10 });
    expect(changed.image).not.toBe(p.image);
    expect((await image(bob, changed.image!)).statusCode).toBe(200);
    expect((await image(ann, p.image!)).statusCode).toBe(404);
    expect((await filesOf(ann)).length).toBe(files);
    // The image is required here.
    const none = await upload(ann, 'PUT', `/posts/${p.id}/with-image`, form({ content: 'v3' }, []));
    expect(none.statusCode).toBe(400);
  });
});

describe('removing images', () => {
  test('removeImage takes the image off (text stays required); deleting the post deletes its file', async () => {
    const res = await upload(
      ann,
      'POST',
      '/posts/with-image',
      form({ content: '' }, [{ name: 'image', bytes: await png(), filename: 'a.png' }]),
    );
    const p = res.json<{ data: Post }>().data;
    const files = (await filesOf(ann)).length;
    // Without text, the image cannot go.
    expect((await call('PUT', `/posts/${p.id}`, ann, { removeImage: true })).statusCode).toBe(400);
    const removed = await call('PUT', `/posts/${p.id}`, ann, { removeImage: true, content: 'Words now' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({ image: null, imageWidth: null, imageHeight: null });
    expect((await filesOf(ann)).length).toBe(files - 1);
    expect((await image(ann, p.image!)).statusCode).toBe(404);

    const other = await upload(
      ann,
      'POST',
      '/posts/with-image',
      form({ content: 'bye' }, [{ name: 'image', bytes: await png(), filename: 'a.png' }]),
    );
    const q = other.json<{ data: Post }>().data;
    expect((await filesOf(ann)).length).toBe(files);
    expect((await call('DELETE', `/posts/${q.id}`, ann)).statusCode).toBe(200);
    expect((await filesOf(ann)).length).toBe(files - 1);
  });

  test('a post’s file deleted from the files screen leaves the post without an image', async () => {
    const res = await upload(
      bob,
      'POST',
      '/posts/with-image',
      form({ content: 'pic' }, [{ name: 'image', bytes: await png(), filename: 'a.png' }]),
    );
    const p = res.json<{ data: Post }>().data;
    const mediaId = p.image!.split('/').pop()!;
    expect((await call('DELETE', `/files/${mediaId}`, bob)).statusCode).toBe(200);
    expect(await getPost(t.app, ann, p.id)).toMatchObject({
      image: null,
      imageWidth: null,
      imageHeight: null,
    });
    expect((await image(bob, p.image!)).statusCode).toBe(404);
  });

  test('a post without an image answers 404 for any image URL', async () => {
    const p = await post(t.app, ann);
    expect((await image(ann, `${API}/posts/${p.id}/images/${randomUUID()}`)).statusCode).toBe(404);
  });
});

describe("POST /posts/images (an image inside a post's text)", () => {
  test('answers the path the text shows; friends see it once a post shows it, strangers never', async () => {
    const res = await upload(
      ann,
      'POST',
      '/posts/images',
      form({}, [{ name: 'image', bytes: await png(640, 360), filename: 'inline.png', type: 'image/png' }]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const uploaded = res.json<{ data: { id: string; url: string; width: number; height: number } }>().data;
    expect(uploaded).toMatchObject({ url: `${API}/media/${uploaded.id}`, width: 640, height: 360 });
    // The author sees it at once; a friend only once a post of the author's shows it.
    expect((await image(ann, uploaded.url)).statusCode).toBe(200);
    expect((await image(bob, uploaded.url)).statusCode).toBe(404);
    const p = await post(t.app, ann, { content: `<p>Look<img src="${uploaded.url}" /></p>` });
    expect(p.content).toBe(`<p>Look<img src="${uploaded.url}" /></p>`);
    const seen = await image(bob, uploaded.url);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/webp');
    expect((await image(stranger, uploaded.url)).statusCode).toBe(404);
    expect((await image(null, uploaded.url)).statusCode).toBe(401);
    // A post of someone else's naming the file does not open it to their friends.
    const other = await post(t.app, stranger, { content: `<p>Mine<img src="${uploaded.url}" /></p>` });
    expect(other.content).toContain(uploaded.url);
    expect((await image(stranger, uploaded.url)).statusCode).toBe(404);
  });

  test('refuses a request without an image, and what is not an image', async () => {
    const none = await upload(ann, 'POST', '/posts/images', form({}, []));
    expect(none.statusCode).toBe(400);
    const svg = await upload(
      ann,
      'POST',
      '/posts/images',
      form({}, [{ name: 'image', bytes: SVG, filename: 'x.svg', type: 'image/svg+xml' }]),
    );
    expect(svg.statusCode).toBe(415);
    expect((await call('POST', '/posts/images', ann, {})).statusCode).toBeGreaterThanOrEqual(400);
  });
});
