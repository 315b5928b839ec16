// A member's posts (GET /users/{id}/posts) and who liked a post (GET /posts/{id}/likes):
// a post is for its author and the author's friends, so a profile
// lists the member's posts to themselves and their friends only (an empty page for anyone else,
// nothing told), a missing member is 404; the likers of a post are listed to its readers only.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FeedMeta, LikersMeta, Post, PostLiker } from '../../src/contract/posts';
import { API } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { befriend, caller, like, person, post, type Person } from './posts-fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;
let ann: Person;
let bob: Person;
let eve: Person;
/** Ann's posts, newest first. */
let annPosts: Post[];

type Page<T, M> = { data: T[]; meta: M };

async function get<T, M>(who: Person, url: string): Promise<Page<T, M>> {
  const res = await call('GET', url, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<T, M>>();
}

const postsOf = (who: Person, memberId: string, query = '') =>
  get<Post, FeedMeta>(who, `/users/${memberId}/posts${query ? `?${query}` : ''}`);
const likersOf = (who: Person, postId: string, query = '') =>
  get<PostLiker, LikersMeta>(who, `/posts/${postId}/likes${query ? `?${query}` : ''}`);

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  ann = await person(t.app, { firstName: 'Ann', lastName: 'Author' });
  bob = await person(t.app, { firstName: 'Bob', lastName: 'Buddy' });
  eve = await person(t.app, { firstName: 'Eve', lastName: 'Stranger' });
  await befriend(t.app, ann, bob);
  annPosts = [];
  for (let i = 0; i < 5; i++) annPosts.unshift(await post(t.app, ann, { content: `<p>Ann ${i}</p>` }));
  // Someone else's post never shows in Ann's list.
  await post(t.app, bob, { content: '<p>Bob</p>' });
});
afterAll(() => t.close());

describe('GET /users/{id}/posts', () => {
  test("a friend reads the member's posts, newest first, with the feed's meta", async () => {
    const page = await postsOf(bob, ann.id);
    expect(page.data.map((p) => p.id)).toEqual(annPosts.map((p) => p.id));
    expect(page.data.every((p) => p.author.id === ann.id)).toBe(true);
    expect(page.meta).toEqual({ total: 5, limit: 20, offset: 0, nextCursor: null });
  });

  test('the member reads their own posts', async () => {
    const page = await postsOf(ann, ann.id);
    expect(page.data.map((p) => p.id)).toEqual(annPosts.map((p) => p.id));
  });

  test('pages by offset and by the cursor, like the feed', async () => {
    const first = await postsOf(bob, ann.id, 'limit=2');
    expect(first.data.map((p) => p.id)).toEqual(annPosts.slice(0, 2).map((p) => p.id));
    expect(first.meta.nextCursor).toEqual(expect.any(String));
    const second = await postsOf(bob, ann.id, `limit=2&before=${first.meta.nextCursor}`);
    expect(second.data.map((p) => p.id)).toEqual(annPosts.slice(2, 4).map((p) => p.id));
    const third = await postsOf(bob, ann.id, `limit=2&before=${second.meta.nextCursor}`);
    expect(third.data.map((p) => p.id)).toEqual(annPosts.slice(4).map((p) => p.id));
    expect(third.meta.nextCursor).toBeNull();
    const byOffset = await postsOf(bob, ann.id, 'limit=2&offset=2');
    expect(byOffset.data.map((p) => p.id)).toEqual(annPosts.slice(2, 4).map((p) => p.id));
  });

  test("a like shows as the reader's (isLiked), as in the feed", async () => {
    await like(t.app, bob, annPosts[0]!.id);
    const page = await postsOf(bob, ann.id, 'limit=1');
    expect(page.data[0]).toMatchObject({ likes: [bob.id], likesCount: 1 });
    await like(t.app, bob, annPosts[0]!.id);
  });

  test('a stranger gets an empty page that tells nothing, not even how many', async () => {
    const page = await postsOf(eve, ann.id);
    expect(page).toEqual({
      success: true,
      data: [],
      meta: { total: 0, limit: 20, offset: 0, nextCursor: null },
    });
  });

  test('a member who does not exist is 404; a bad id, limit or cursor is 400; no token is 401', async () => {
    const missing = await call('GET', `/users/${randomUUID()}/posts`, bob);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
    for (const url of [
      '/users/not-a-uuid/posts',
      `/users/${ann.id}/posts?limit=0`,
      `/users/${ann.id}/posts?limit=101`,
      `/users/${ann.id}/posts?offset=-1`,
      `/users/${ann.id}/posts?before=nonsense`,
    ]) {
      const res = await call('GET', url, bob);
      expect(res.statusCode, url).toBe(400);
    }
    expect((await call('GET', `/users/${ann.id}/posts`, null)).statusCode).toBe(401);
  });
});

describe('GET /posts/{id}/likes', () => {
  test('lists the likers, most recent first, with their public card; paged', async () => {
    const target = annPosts[1]!;
    await like(t.app, ann, target.id);
    await new Promise((r) => setTimeout(r, 5));
    await like(t.app, bob, target.id);
    const all = await likersOf(bob, target.id);
    expect(all.data.map((l) => l.id)).toEqual([bob.id, ann.id]);
    expect(all.data[0]).toEqual({
      id: bob.id,
      username: bob.username,
      firstName: 'Bob',
      lastName: 'Buddy',
      avatar: null,
      likedAt: expect.any(String),
    });
    // Never the e-mail: likers are shown to every reader of the post.
    expect(JSON.stringify(all.data)).not.toContain('@example.com');
    expect(all.meta).toEqual({ total: 2, limit: 20, offset: 0 });
    const second = await likersOf(ann, target.id, 'limit=1&offset=1');
    expect(second.data.map((l) => l.id)).toEqual([ann.id]);
    expect(second.meta).toEqual({ total: 2, limit: 1, offset: 1 });
  });

  test('a post nobody likes has an empty list', async () => {
    expect(await likersOf(ann, annPosts[4]!.id)).toEqual({
      success: true,
      data: [],
      meta: { total: 0, limit: 20, offset: 0 },
    });
  });

  test('a stranger, a missing post: 404; bad paging 400', async () => {
    const hidden = await call('GET', `/posts/${annPosts[1]!.id}/likes`, eve);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain(bob.id);
    expect((await call('GET', `/posts/${randomUUID()}/likes`, bob)).statusCode).toBe(404);
    for (const query of ['limit=0', 'limit=101', 'offset=-1'])
      expect((await call('GET', `/posts/${annPosts[1]!.id}/likes?${query}`, bob)).statusCode, query).toBe(
        400,
      );
  });

  test('a deleted post is 404', async () => {
    const gone = await post(t.app, ann);
    expect((await call('DELETE', `/posts/${gone.id}`, ann)).statusCode).toBe(200);
    expect((await call('GET', `/posts/${gone.id}/likes`, ann)).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  test('documents both lists', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${API}/docs/json` })).json<{
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    }>();
    const posts = doc.paths['/api/v1.0/users/{id}/posts']?.get;
    const likes = doc.paths['/api/v1.0/posts/{id}/likes']?.get;
    expect(posts?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['id', 'limit', 'offset', 'before']),
    );
    expect(likes?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['id', 'limit', 'offset']));
  });
});
