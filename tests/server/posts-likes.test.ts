// POST /posts/{id}/like (spec §7: a toggle with an empty body): liking twice takes the like back,
// a replay with the same Idempotency-Key flips it once, only readers of the post may like it, and
// the post's author is notified of a like by someone else (stored and pushed, type `post`).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import {
  befriend,
  caller,
  friends,
  getPost,
  like,
  notificationsOf,
  person,
  post,
  type Person,
} from './posts-fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;
let ann: Person;
let bob: Person;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  [ann, bob] = (await friends(t.app, 2)) as [Person, Person];
});
afterAll(() => t.close());

describe('the toggle', () => {
  test('like, then like again: unliked; the post shows it each time', async () => {
    const p = await post(t.app, ann);
    expect(await like(t.app, bob, p.id)).toEqual({ postId: p.id, liked: true, likesCount: 1 });
    expect(await getPost(t.app, bob, p.id)).toMatchObject({ likes: [bob.id], likesCount: 1 });
    expect(await like(t.app, bob, p.id)).toEqual({ postId: p.id, liked: false, likesCount: 0 });
    expect(await getPost(t.app, bob, p.id)).toMatchObject({ likes: [], likesCount: 0 });
  });

  test('the author may like their own post; two members count two', async () => {
    const p = await post(t.app, ann);
    expect((await like(t.app, ann, p.id)).likesCount).toBe(1);
    expect((await like(t.app, bob, p.id)).likesCount).toBe(2);
    expect((await getPost(t.app, ann, p.id)).likes).toEqual([ann.id, bob.id]);
  });

  test('takes an empty JSON body as no body, and refuses malformed JSON', async () => {
    const p = await post(t.app, ann);
    const empty = await t.app.inject({
      method: 'POST',
      url: `${API}/posts/${p.id}/like`,
      headers: { ...bob.headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data.liked).toBe(true);
    const bad = await t.app.inject({
      method: 'POST',
      url: `${API}/posts/${p.id}/like`,
      headers: { ...bob.headers, 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_JSON');
  });
});

describe('at the same moment', () => {
  test('likes sent together are all counted and all listed', async () => {
    const people = await friends(t.app, 1);
    const p = await post(t.app, people[0]!);
    const fans: Person[] = [];
    for (let i = 0; i < 12; i++) {
      const fan = await person(t.app);
      await befriend(t.app, people[0]!, fan);
      fans.push(fan);
    }
    const answers = await Promise.all(fans.map((fan) => call('POST', `/posts/${p.id}/like`, fan)));
    expect(answers.map((a) => a.statusCode)).toEqual(fans.map(() => 200));
    const seen = await getPost(t.app, people[0]!, p.id);
    expect(seen.likesCount).toBe(12);
    expect([...seen.likes].sort()).toEqual(fans.map((f) => f.id).sort());
  });
});

describe('replays', () => {
  test('the same Idempotency-Key flips the like once and answers the first answer again', async () => {
    const p = await post(t.app, ann);
    const key = randomUUID();
    const first = await call('POST', `/posts/${p.id}/like`, bob, undefined, { 'idempotency-key': key });
    const again = await call('POST', `/posts/${p.id}/like`, bob, undefined, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(first.json().data).toEqual({ postId: p.id, liked: true, likesCount: 1 });
    expect(await getPost(t.app, bob, p.id)).toMatchObject({ likes: [bob.id], likesCount: 1 });
    // A new key is a new toggle.
    const other = await call('POST', `/posts/${p.id}/like`, bob, undefined, {
      'idempotency-key': randomUUID(),
    });
    expect(other.json().data).toEqual({ postId: p.id, liked: false, likesCount: 0 });
    // One notification for the one like.
    const told = (await notificationsOf(t.app, ann)).filter((n) => n.jsonPayload.relatedPostId === p.id);
    expect(told).toHaveLength(1);
  });
});

describe('who may like', () => {
  test('a stranger and an unknown post get 404, and nothing changes', async () => {
    const p = await post(t.app, ann);
    const stranger = await person(t.app);
    const res = await call('POST', `/posts/${p.id}/like`, stranger);
    expect(res.statusCode).toBe(404);
    expect((await call('POST', `/posts/${randomUUID()}/like`, stranger)).json()).toEqual(res.json());
    expect((await getPost(t.app, ann, p.id)).likesCount).toBe(0);
    expect((await call('POST', `/posts/${p.id}/like`, null)).statusCode).toBe(401);
  });
});

describe('notifications', () => {
  test('a like tells the author (type post, stored and listed); taking it back and liking one’s own do not', async () => {
    const [author, fan] = (await friends(t.app, 2)) as [Person, Person];
    const p = await post(t.app, author);
    await like(t.app, fan, p.id);
    await like(t.app, fan, p.id); // taken back: nothing new
    await like(t.app, author, p.id); // one's own: nothing
    const told = await notificationsOf(t.app, author);
    expect(told).toEqual([
      {
        id: expect.any(String),
        type: 'post',
        jsonPayload: {
          relatedPostId: p.id,
          relatedFriendId: fan.id,
          actorId: fan.id,
          action: 'liked',
          excerpt: 'Track day!',
        },
        actor: expect.objectContaining({ id: fan.id }),
        isRead: false,
        createdAt: expect.any(String),
      },
    ]);
    expect(await notificationsOf(t.app, fan)).toEqual([]);
  });
});
