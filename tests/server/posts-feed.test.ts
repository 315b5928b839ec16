// GET /posts/feed (spec §7 "Posts"): my posts and my friends', newest first, with
// limit/offset as the spec computes them and a keyset cursor for deep scrolling. Both of the
// repository's plans (by author, by time) answer the same pages; counters kept by triggers stay
// right through cascades; `likes` lists the member first and at most POST_LIKES_LISTED_MAX.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FEED_PAGE_MAX, FEED_PAGE_SIZE, POST_LIKES_LISTED_MAX } from '../../src/contract/constants';
import type { Post } from '../../src/contract/posts';
import { LIKERS_LISTED } from '../../server/src/db/migrations/0009_posts';
import { decodeFeedCursor, encodeFeedCursor } from '../../server/src/posts/feed-cursor';
import { chooseFeedStrategy, type FeedStrategy } from '../../server/src/posts/feed-query';
import { postsRepository } from '../../server/src/posts/posts-repository';
import { createTestApp, type TestApp } from './helpers';
import { befriend, caller, feed, friends, like, person, post, type Person } from './posts-fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
});
afterAll(() => t.close());

const ids = (posts: { id: string }[]) => posts.map((p) => p.id);

/** Feed order: newest first, then the greater id first. */
const feedOrder = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;

/** Posts written straight into the database (fast, and with chosen, even equal, timestamps). */
async function seedPosts(authorId: string, times: string[]): Promise<{ id: string; createdAt: string }[]> {
  const rows = times.map((at) => ({
    id: randomUUID(),
    author_id: authorId,
    content: `<p>Seeded at ${at}</p>`,
    image_id: null,
    image_width: null,
    image_height: null,
    car_id: null,
    created_at: at,
    updated_at: at,
  }));
  if (rows.length) await t.app.db.kysely.insertInto('posts').values(rows).execute();
  return rows.map((r) => ({ id: r.id, createdAt: r.created_at }));
}

/** Members written straight into the database (likers, in numbers). */
async function seedMembers(count: number): Promise<string[]> {
  const at = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => {
    const tag = randomUUID().slice(0, 8);
    return {
      id: randomUUID(),
      email: `liker-${tag}@example.com`,
      username: `liker_${tag}_${i}`,
      username_lower: `liker_${tag}_${i}`,
      password_hash: null,
      first_name: 'L',
      last_name: 'Iker',
      city: null,
      bio: null,
      avatar: null,
      created_at: at,
      updated_at: at,
    };
  });
  await t.app.db.kysely.insertInto('users').values(rows).execute();
  return rows.map((r) => r.id);
}

const time = (day: number, minute = 0) => new Date(Date.UTC(2024, 0, 1 + day, 12, minute)).toISOString();

describe('what the feed holds', () => {
  test('my posts and my friends’, newest first; not strangers’, not friends of friends’', async () => {
    const [me, friend, friendOfFriend] = [await person(t.app), await person(t.app), await person(t.app)];
    const stranger = await person(t.app);
    await befriend(t.app, me, friend);
    await befriend(t.app, friend, friendOfFriend);
    const mine = await post(t.app, me, { content: 'mine' });
    const theirs = await post(t.app, friend, { content: 'friend' });
    await post(t.app, friendOfFriend, { content: 'fof' });
    await post(t.app, stranger, { content: 'stranger' });
    const mine2 = await post(t.app, me, { content: 'mine again' });
    const page = await feed(t.app, me);
    expect(ids(page.data)).toEqual([mine2.id, theirs.id, mine.id]);
    expect(page.meta).toEqual({ total: 3, limit: FEED_PAGE_SIZE, offset: 0, nextCursor: null });
    // Each item carries its author and counters; the client derives isLiked from `likes`.
    expect(page.data[1]).toMatchObject({
      author: {
        id: friend.id,
        username: friend.username,
        firstName: 'Pat',
        lastName: 'Paddock',
        avatar: null,
      },
      likes: [],
      likesCount: 0,
      commentsCount: 0,
    });
    // The friend of a friend sees their own and my friend's, not mine.
    expect(ids((await feed(t.app, friendOfFriend)).data)).not.toContain(mine.id);
  });

  test('an empty feed: no posts, total 0, no cursor', async () => {
    const lonely = await person(t.app);
    expect(await feed(t.app, lonely)).toEqual({
      success: true,
      data: [],
      meta: { total: 0, limit: 20, offset: 0, nextCursor: null },
    });
  });

  test('likes, likesCount and commentsCount of each item', async () => {
    const [a, b, c] = (await friends(t.app, 3)) as [Person, Person, Person];
    const p = await post(t.app, a);
    await like(t.app, b, p.id);
    await like(t.app, c, p.id);
    await call('POST', '/comments', b, { postId: p.id, content: 'Wow' });
    const item = (await feed(t.app, c)).data.find((x) => x.id === p.id)!;
    // My own like comes first, then the most recent others.
    expect(item.likes).toEqual([c.id, b.id]);
    expect(item).toMatchObject({ likesCount: 2, commentsCount: 1 });
    expect((await feed(t.app, a)).data.find((x) => x.id === p.id)!.likes).toEqual([c.id, b.id]);
  });

  test(`lists at most ${POST_LIKES_LISTED_MAX} likers, mine among them, with the full count`, async () => {
    expect(POST_LIKES_LISTED_MAX).toBe(100);
    // Migration 0009 keeps its own copy of the figure for posts.likers.
    expect(LIKERS_LISTED).toBe(POST_LIKES_LISTED_MAX);
    const [author, me] = (await friends(t.app, 2)) as [Person, Person];
    const p = await post(t.app, author);
    const likers = await seedMembers(POST_LIKES_LISTED_MAX + 20);
    await like(t.app, me, p.id); // the oldest like of all: the others are dated after it
    await t.app.db.kysely
      .insertInto('post_likes')
      .values(
        likers.map((member_id, i) => ({
          post_id: p.id,
          member_id,
          created_at: new Date(Date.now() + 60_000 + i * 1000).toISOString(),
        })),
      )
      .execute();
    const item = (await feed(t.app, me)).data.find((x) => x.id === p.id)!;
    expect(item.likesCount).toBe(POST_LIKES_LISTED_MAX + 21);
    expect(item.likes).toHaveLength(POST_LIKES_LISTED_MAX);
    expect(item.likes[0]).toBe(me.id);
    // Then the most recent others.
    expect(item.likes.slice(1)).toEqual(
      likers
        .slice()
        .reverse()
        .slice(0, POST_LIKES_LISTED_MAX - 1),
    );
    const authorView = (await feed(t.app, author)).data.find((x) => x.id === p.id)!;
    expect(authorView.likes).not.toContain(me.id);
  });
});

describe('paging', () => {
  let me: Person;
  let expected: { id: string; createdAt: string }[];

  beforeAll(async () => {
    me = await person(t.app);
    const [f1, f2, f3] = [await person(t.app), await person(t.app), await person(t.app)];
    const stranger = await person(t.app);
    for (const f of [f1, f2, f3]) await befriend(t.app, me, f);
    // 3 × 20 + 7 posts, with equal timestamps across and within authors (ties go by id).
    const times = (offset: number) =>
      Array.from({ length: 20 }, (_, i) => time(Math.floor(i / 3) + offset, i % 2));
    expected = [
      ...(await seedPosts(f1.id, times(0))),
      ...(await seedPosts(f2.id, times(1))),
      ...(await seedPosts(f3.id, times(0))),
      ...(await seedPosts(me.id, times(2).slice(0, 7))),
    ].sort(feedOrder);
    await seedPosts(stranger.id, times(0));
  });

  test('limit and offset as the spec computes them: offset = (page - 1) * limit', async () => {
    const limit = 7;
    for (let page = 1; page <= 10; page++) {
      const res = await feed(t.app, me, `limit=${limit}&offset=${(page - 1) * limit}`);
      expect(ids(res.data), `page ${page}`).toEqual(ids(expected.slice((page - 1) * limit, page * limit)));
      expect(res.meta.total).toBe(67);
    }
  });

  test('paging by cursor walks the same posts as paging by offset, and ends with a null cursor', async () => {
    const walked: Post[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const res = await feed(t.app, me, `limit=10${before ? `&before=${before}` : ''}`);
      walked.push(...res.data);
      before = res.meta.nextCursor;
      pages++;
    } while (before && pages < 20);
    expect(pages).toBe(7);
    expect(ids(walked)).toEqual(ids(expected));
  });

  test('a page that ends exactly at the last post still says where it ended; the next is empty', async () => {
    const res = await feed(t.app, me, `limit=67`);
    expect(res.data).toHaveLength(67);
    expect(res.meta.nextCursor).not.toBeNull();
    const after = await feed(t.app, me, `limit=67&before=${res.meta.nextCursor}`);
    expect(after.data).toEqual([]);
    expect(after.meta.nextCursor).toBeNull();
  });

  test('offset counts from the cursor', async () => {
    const first = await feed(t.app, me, 'limit=10');
    const skipped = await feed(t.app, me, `limit=5&offset=5&before=${first.meta.nextCursor}`);
    expect(ids(skipped.data)).toEqual(ids(expected.slice(15, 20)));
  });

  test.each(['byAuthor', 'byTime'] as FeedStrategy[])('the %s plan answers the same pages', async (plan) => {
    const repository = postsRepository(t.app.db);
    for (const [limit, offset] of [
      [20, 0],
      [7, 14],
      [100, 0],
      [5, 65],
      [5, 67],
    ] as const) {
      const page = await repository.feed(me.id, { limit, offset, after: null }, plan);
      expect(ids(page.items), `${limit}/${offset}`).toEqual(ids(expected.slice(offset, offset + limit)));
    }
    let after = null;
    const walked: string[] = [];
    for (let i = 0; i < 20; i++) {
      const page = await repository.feed(me.id, { limit: 9, offset: 0, after }, plan);
      walked.push(...ids(page.items));
      if (page.items.length < 9) break;
      after = page.last;
    }
    expect(walked).toEqual(ids(expected));
  });

  test('validates limit, offset and the cursor', async () => {
    expect(FEED_PAGE_MAX).toBe(100);
    for (const query of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc']) {
      const res = await call('GET', `/posts/feed?${query}`, me);
      expect(res.statusCode, query).toBe(400);
    }
    for (const before of [
      'garbage',
      encodeURIComponent('2024-01-01|x'),
      Buffer.from('a|b').toString('base64url'),
    ]) {
      const res = await call('GET', `/posts/feed?before=${before}`, me);
      expect(res.statusCode, before).toBe(400);
      expect(res.json().error.fields).toEqual([
        { field: 'querystring.before', message: 'must be a meta.nextCursor of the feed' },
      ]);
    }
  });
});

describe('the cursor', () => {
  test('round-trips a position and is opaque', () => {
    const position = { createdAt: '2024-05-01T10:00:00.000Z', id: randomUUID() };
    const cursor = encodeFeedCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeFeedCursor(cursor)).toEqual(position);
  });
});

describe('the plan chooser', () => {
  // The bench's member: 50 prolific friends, ~13,900 of 100,000 posts (tests/bench/feed-bench.mjs).
  const dense = { posts: 13_900, authors: 51 };
  test('walks by time for a dense feed, from page 1 to a few thousand posts deep', () => {
    for (const offset of [0, 200, 1_000, 3_000])
      expect(chooseFeedStrategy(dense, 100_000, 20, offset)).toBe('byTime');
  });

  test('reads by author deep by offset, where walking by time would read most of the site', () => {
    expect(chooseFeedStrategy(dense, 100_000, 20, 9_980)).toBe('byAuthor');
  });

  test('reads by author for a feed of few posts, and an empty one', () => {
    expect(chooseFeedStrategy({ posts: 521, authors: 50 }, 100_000, 20, 0)).toBe('byAuthor');
    expect(chooseFeedStrategy({ posts: 0, authors: 0 }, 100_000, 20, 0)).toBe('byAuthor');
  });

  test('walks by time when the feed is most of the site', () => {
    expect(chooseFeedStrategy({ posts: 50_000, authors: 501 }, 100_000, 20, 0)).toBe('byTime');
    expect(chooseFeedStrategy({ posts: 100, authors: 1 }, 100, 20, 0)).toBe('byTime');
  });
});

describe('counters', () => {
  test('likes and comments counts follow cascades (a member who goes takes theirs along)', async () => {
    const [author, liker, other] = (await friends(t.app, 3)) as [Person, Person, Person];
    const p = await post(t.app, author);
    await like(t.app, liker, p.id);
    await like(t.app, other, p.id);
    const top = (await call('POST', '/comments', liker, { postId: p.id, content: 'one' })).json().data;
    await call('POST', '/comments', other, { postId: p.id, content: 'two', parentCommentId: top.id });
    await call('POST', '/comments', author, { postId: p.id, content: 'three' });
    const before = (await feed(t.app, author)).data.find((x) => x.id === p.id)!;
    expect(before).toMatchObject({ likesCount: 2, commentsCount: 3 });
    // The liker's account goes (no route does this yet; the foreign keys cascade).
    await t.app.db.kysely.deleteFrom('users').where('id', '=', liker.id).execute();
    const after = (await feed(t.app, author)).data.find((x) => x.id === p.id)!;
    // Their like, their comment and the reply under it are gone; the author's comment stays.
    expect(after).toMatchObject({ likes: [other.id], likesCount: 1, commentsCount: 1 });
  });

  test('post_authors counts each author’s posts through creates and deletes', async () => {
    const who = await person(t.app);
    const count = async () =>
      Number(
        (
          await t.app.db.kysely
            .selectFrom('post_authors')
            .select('posts_count')
            .where('author_id', '=', who.id)
            .executeTakeFirst()
        )?.posts_count ?? 0,
      );
    const a = await post(t.app, who);
    await post(t.app, who);
    expect(await count()).toBe(2);
    expect((await feed(t.app, who)).meta.total).toBe(2);
    await call('DELETE', `/posts/${a.id}`, who);
    expect(await count()).toBe(1);
    expect((await feed(t.app, who)).meta.total).toBe(1);
  });
});
