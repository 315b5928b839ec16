// Posts over HTTP (spec §7 "Posts", docs/DESIGN-NOTES.md "Entities"): create (client ids replay), read
// by the author and their friends only, edit and delete by the author only (404 for anyone else),
// a car of the author's, the 10,000-character limit, and the OpenAPI document.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { POST_CONTENT_MAX } from '../../src/contract/constants';
import type { Post } from '../../src/contract/posts';
import { API } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
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

describe('POST /posts', () => {
  test('writes a post: 201 with its author, sanitised content, no likes, no comments', async () => {
    const res = await call('POST', '/posts', ann, { content: '<p>First <strong>drive</strong></p>' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ data: Post }>().data;
    expect(created).toEqual({
      id: expect.any(String),
      author: { id: ann.id, username: ann.username, firstName: 'P0', lastName: 'Poster', avatar: null },
      content: '<p>First <strong>drive</strong></p>',
      images: [],
      image: null,
      imageWidth: null,
      imageHeight: null,
      carId: null,
      likes: [],
      likesCount: 0,
      commentsCount: 0,
      createdAt: expect.any(String),
      updatedAt: created.createdAt,
    });
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
    expect(await getPost(t.app, ann, created.id)).toEqual(created);
  });

  test('a repeated client id answers the stored post with 200 and creates nothing', async () => {
    const id = randomUUID();
    const first = await call('POST', '/posts', ann, { id, content: 'Once' });
    expect(first.statusCode).toBe(201);
    const again = await call('POST', '/posts', ann, { id, content: 'Twice?' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const mine = (await feed(t.app, ann, 'limit=100')).data.filter((p) => p.id === id);
    expect(mine).toHaveLength(1);
    // Someone else's id: 409, without telling what it is.
    const taken = await call('POST', '/posts', bob, { id, content: 'Mine now' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('CONFLICT');
    expect(taken.body).not.toContain('Once');
  });

  test('accepts 10,000 characters of text and refuses 10,001', async () => {
    expect(POST_CONTENT_MAX).toBe(10_000);
    const ok = await call('POST', '/posts', ann, { content: `<p>${'a'.repeat(10_000)}</p>` });
    expect(ok.statusCode, ok.body).toBe(201);
    // Markup and entities do not count: what is counted is the text a reader sees.
    const styled = await call('POST', '/posts', ann, {
      content: `<p><strong>${'&amp;'.repeat(5_000)}</strong><em>${'b'.repeat(5_000)}</em></p>`,
    });
    expect(styled.statusCode, styled.body).toBe(201);
    const tooLong = await call('POST', '/posts', ann, { content: `<p>${'a'.repeat(10_001)}</p>` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields).toEqual([
      { field: 'body.content', message: 'must not have more than 10000 characters of text' },
    ]);
  });

  test('refuses a post without text (and without an image)', async () => {
    for (const content of ['', '<p><br></p>', '<script>alert(1)</script>']) {
      const res = await call('POST', '/posts', ann, { content });
      expect(res.statusCode, content).toBe(400);
      expect(res.json().error.fields[0].field).toBe('body.content');
    }
  });

  test('ties a post to one of my cars only', async () => {
    const car = await call('POST', '/cars', ann, { make: 'Alpine', model: 'A110' });
    const carId = car.json<{ data: { id: string } }>().data.id;
    const mine = await call('POST', '/posts', ann, { content: 'My Alpine', carId });
    expect(mine.statusCode).toBe(201);
    expect(mine.json().data.carId).toBe(carId);
    const notMine = await call('POST', '/posts', bob, { content: 'Her Alpine', carId });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().error.fields).toEqual([
      { field: 'body.carId', message: 'must be one of your cars' },
    ]);
    // A deleted car leaves the post without a car.
    expect((await call('DELETE', `/cars/${carId}`, ann)).statusCode).toBe(200);
    expect((await getPost(t.app, ann, mine.json().data.id)).carId).toBeNull();
  });

  test('bodies cannot set author, counters or timestamps', async () => {
    const res = await call('POST', '/posts', ann, {
      content: 'Honest',
      authorId: bob.id,
      author: { id: bob.id },
      likes: [bob.id],
      likesCount: 99,
      commentsCount: 7,
      createdAt: '2001-01-01T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      author: { id: ann.id },
      likes: [],
      likesCount: 0,
      commentsCount: 0,
    });
    expect(res.json().data.createdAt).not.toBe('2001-01-01T00:00:00.000Z');
  });

  test('needs a signed-in member', async () => {
    expect((await call('POST', '/posts', null, { content: 'x' })).statusCode).toBe(401);
    expect((await call('GET', '/posts/feed', null)).statusCode).toBe(401);
  });
});

describe('GET /posts/{id}', () => {
  test('the author and their friends read a post; a stranger and an unknown id get the same 404', async () => {
    const p = await post(t.app, ann);
    expect((await getPost(t.app, bob, p.id)).id).toBe(p.id);
    const hidden = await call('GET', `/posts/${p.id}`, stranger);
    expect(hidden.statusCode).toBe(404);
    const unknown = await call('GET', `/posts/${randomUUID()}`, stranger);
    expect(unknown.statusCode).toBe(404);
    expect(hidden.json()).toEqual(unknown.json());
    expect((await call('GET', '/posts/not-a-uuid', ann)).statusCode).toBe(400);
  });

  test('a friendship that ends hides the posts again', async () => {
    const [one, two] = (await friends(t.app, 2)) as [Person, Person];
    const p = await post(t.app, one);
    expect((await call('GET', `/posts/${p.id}`, two)).statusCode).toBe(200);
    expect((await call('DELETE', `/friends/${one.id}`, two)).statusCode).toBe(200);
    expect((await call('GET', `/posts/${p.id}`, two)).statusCode).toBe(404);
  });
});

describe('PUT /posts/{id}', () => {
  test('the author changes the fields given; updatedAt moves, createdAt stays', async () => {
    const p = await post(t.app, ann, { content: '<p>Before</p>' });
    await new Promise((r) => setTimeout(r, 5));
    const res = await call('PUT', `/posts/${p.id}`, ann, { content: '<p>After <em>all</em></p>' });
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json<{ data: Post }>().data;
    expect(changed).toMatchObject({ id: p.id, content: '<p>After <em>all</em></p>', createdAt: p.createdAt });
    expect(changed.updatedAt > p.updatedAt).toBe(true);
    expect(await getPost(t.app, bob, p.id)).toEqual(changed);
  });

  test('a friend and a stranger get 404 and change nothing', async () => {
    const p = await post(t.app, ann, { content: '<p>Mine</p>' });
    for (const who of [bob, stranger]) {
      const res = await call('PUT', `/posts/${p.id}`, who, { content: 'Hacked' });
      expect(res.statusCode).toBe(404);
    }
    expect((await getPost(t.app, ann, p.id)).content).toBe('<p>Mine</p>');
  });

  test('refuses content over 10,000 characters of text, and an empty post', async () => {
    const p = await post(t.app, ann);
    expect((await call('PUT', `/posts/${p.id}`, ann, { content: 'x'.repeat(10_001) })).statusCode).toBe(400);
    expect((await call('PUT', `/posts/${p.id}`, ann, { content: 'x'.repeat(10_000) })).statusCode).toBe(200);
    expect((await call('PUT', `/posts/${p.id}`, ann, { content: '<p></p>' })).statusCode).toBe(400);
  });
});

describe('DELETE /posts/{id}', () => {
  test('the author deletes a post with its likes and comments; others get 404', async () => {
    const p = await post(t.app, ann);
    expect((await call('POST', `/posts/${p.id}/like`, bob)).statusCode).toBe(200);
    expect((await call('POST', '/comments', bob, { postId: p.id, content: 'Hi' })).statusCode).toBe(201);
    for (const who of [bob, stranger])
      expect((await call('DELETE', `/posts/${p.id}`, who)).statusCode).toBe(404);
    const res = await call('DELETE', `/posts/${p.id}`, ann);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { id: p.id } });
    expect((await call('GET', `/posts/${p.id}`, ann)).statusCode).toBe(404);
    expect((await call('DELETE', `/posts/${p.id}`, ann)).statusCode).toBe(404);
    const left = await t.app.db.kysely
      .selectFrom('comments')
      .select('id')
      .where('post_id', '=', p.id)
      .execute();
    expect(left).toEqual([]);
    const likes = await t.app.db.kysely
      .selectFrom('post_likes')
      .select('member_id')
      .where('post_id', '=', p.id)
      .execute();
    expect(likes).toEqual([]);
  });
});

describe('OpenAPI', () => {
  test('documents every route of the feature', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${API}/docs/json` })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const expected: [string, string][] = [
      ['/api/v1.0/posts/feed', 'get'],
      ['/api/v1.0/posts', 'post'],
      ['/api/v1.0/posts/with-image', 'post'],
      ['/api/v1.0/posts/images', 'post'],
      ['/api/v1.0/posts/{id}', 'get'],
      ['/api/v1.0/posts/{id}', 'put'],
      ['/api/v1.0/posts/{id}', 'delete'],
      ['/api/v1.0/posts/{id}/with-image', 'put'],
      ['/api/v1.0/posts/{id}/like', 'post'],
      ['/api/v1.0/posts/{id}/images/{mediaId}', 'get'],
      ['/api/v1.0/comments/post/{postId}', 'get'],
      ['/api/v1.0/comments/{id}/replies', 'get'],
      ['/api/v1.0/comments/{id}', 'get'],
      ['/api/v1.0/comments', 'post'],
      ['/api/v1.0/comments/{id}', 'put'],
      ['/api/v1.0/comments/{id}', 'delete'],
    ];
    for (const [path, method] of expected)
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});
