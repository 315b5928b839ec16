// Comments and replies (spec §7 "Comments", §9: newest first by default, replies limit 20 and
// offset 0 by default): only readers of the post comment and read; authors edit their own; a
// comment goes with its author or the post's author, with its replies; counts; notifications for
// the post's author and the author of the comment replied to, never for one's own action.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  COMMENT_CONTENT_MAX,
  COMMENT_SORT_DEFAULT,
  COMMENTS_PAGE_MAX,
  COMMENTS_PAGE_SIZE,
  REPLIES_PAGE_SIZE,
} from '../../src/contract/constants';
import type { Comment, CommentListMeta } from '../../src/contract/posts';
import { createTestApp, type TestApp } from './helpers';
import {
  befriend,
  caller,
  comment,
  friends,
  getPost,
  notificationsOf,
  person,
  post,
  type Person,
} from './posts-fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;
let author: Person;
let friend: Person;
let other: Person;
let stranger: Person;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  // author is friends with both; friend and other are not friends with each other.
  [author, friend] = (await friends(t.app, 2)) as [Person, Person];
  other = await person(t.app);
  await befriend(t.app, author, other);
  stranger = await person(t.app);
});
afterAll(() => t.close());

const list = async (who: Person, postId: string, query = '') => {
  const res = await call('GET', `/comments/post/${postId}${query ? `?${query}` : ''}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Comment[]; meta: CommentListMeta }>();
};
const replies = async (who: Person, id: string, query = '') => {
  const res = await call('GET', `/comments/${id}/replies${query ? `?${query}` : ''}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Comment[]; meta: CommentListMeta }>();
};
const ids = (items: { id: string }[]) => items.map((c) => c.id);

describe('POST /comments', () => {
  test('a reader of the post comments: 201 with the comment; the post counts it', async () => {
    const p = await post(t.app, author);
    const res = await call('POST', '/comments', friend, {
      postId: p.id,
      content: '<p>Great <em>shot</em></p>',
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json<{ data: Comment }>().data;
    expect(c).toEqual({
      id: expect.any(String),
      postId: p.id,
      author: { id: friend.id, username: friend.username, firstName: 'P1', lastName: 'Poster', avatar: null },
      content: '<p>Great <em>shot</em></p>',
      parentCommentId: null,
      repliesCount: 0,
      createdAt: expect.any(String),
      updatedAt: c.createdAt,
    });
    expect((await getPost(t.app, author, p.id)).commentsCount).toBe(1);
    expect((await call('GET', `/comments/${c.id}`, author)).json().data).toEqual(c);
  });

  test('a stranger cannot comment, nor read the comments: 404 like an unknown post', async () => {
    const p = await post(t.app, author);
    const c = await comment(t.app, friend, p.id);
    const res = await call('POST', '/comments', stranger, { postId: p.id, content: 'Hi' });
    expect(res.statusCode).toBe(404);
    expect(
      (await call('POST', '/comments', stranger, { postId: randomUUID(), content: 'Hi' })).json(),
    ).toEqual(res.json());
    expect((await call('GET', `/comments/post/${p.id}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/comments/${c.id}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/comments/${c.id}/replies`, stranger)).statusCode).toBe(404);
    expect((await getPost(t.app, author, p.id)).commentsCount).toBe(1);
  });

  test('friends of the author who are not friends of each other see and answer each other', async () => {
    const p = await post(t.app, author);
    const c = await comment(t.app, friend, p.id);
    const r = await comment(t.app, other, p.id, { parentCommentId: c.id, content: 'Agreed' });
    expect(r.parentCommentId).toBe(c.id);
    expect((await call('GET', `/comments/${c.id}`, other)).statusCode).toBe(200);
  });

  test('a reply names a comment of the same post', async () => {
    const [p, q] = [await post(t.app, author), await post(t.app, author)];
    const c = await comment(t.app, friend, p.id);
    for (const parentCommentId of [randomUUID(), c.id]) {
      const res = await call('POST', '/comments', friend, { postId: q.id, content: 'x', parentCommentId });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual([
        { field: 'body.parentCommentId', message: 'must be a comment of the same post' },
      ]);
    }
  });

  test(`content: sanitised, 1 to ${COMMENT_CONTENT_MAX} characters of text`, async () => {
    expect(COMMENT_CONTENT_MAX).toBe(2_000);
    const p = await post(t.app, author);
    expect(
      (await call('POST', '/comments', friend, { postId: p.id, content: 'x'.repeat(2_000) })).statusCode,
    ).toBe(201);
    for (const content of ['x'.repeat(2_001), '<p><br></p>', '']) {
      const res = await call('POST', '/comments', friend, { postId: p.id, content });
      expect(res.statusCode, content.slice(0, 20)).toBe(400);
    }
    const plain = await comment(t.app, friend, p.id, { content: 'a < b & "c"' });
    expect(plain.content).toBe('a &lt; b &amp; "c"');
  });

  test('a repeated client id answers the stored comment with 200; someone else’s id 409', async () => {
    const p = await post(t.app, author);
    const id = randomUUID();
    const first = await call('POST', '/comments', friend, { id, postId: p.id, content: 'Once' });
    expect(first.statusCode).toBe(201);
    const again = await call('POST', '/comments', friend, { id, postId: p.id, content: 'Once' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect((await getPost(t.app, author, p.id)).commentsCount).toBe(1);
    expect((await call('POST', '/comments', author, { id, postId: p.id, content: 'Mine' })).statusCode).toBe(
      409,
    );
    // One notification for the one comment.
    const told = (await notificationsOf(t.app, author)).filter((n) => n.jsonPayload.relatedCommentId === id);
    expect(told).toHaveLength(1);
  });
});

describe('GET /comments/post/{postId}', () => {
  let p: { id: string };
  let made: Comment[];

  beforeAll(async () => {
    p = await post(t.app, author);
    made = [];
    for (let i = 0; i < 25; i++)
      made.push(await comment(t.app, i % 2 ? friend : author, p.id, { content: `c${i}` }));
    // Replies are not top-level comments.
    await comment(t.app, friend, p.id, { parentCommentId: made[0]!.id });
  });

  test(`newest first by default, ${COMMENTS_PAGE_SIZE} per page, total of top-level comments`, async () => {
    expect(COMMENT_SORT_DEFAULT).toBe('newest');
    const page = await list(friend, p.id);
    expect(ids(page.data)).toEqual(ids(made.slice().reverse().slice(0, 20)));
    expect(page.meta).toEqual({ total: 25, limit: 20, offset: 0 });
    expect((await getPost(t.app, author, p.id)).commentsCount).toBe(26);
  });

  test('oldest first on demand; offset = limit * (page - 1)', async () => {
    const page2 = await list(friend, p.id, 'sortBy=oldest&limit=10&offset=10');
    expect(ids(page2.data)).toEqual(ids(made.slice(10, 20)));
    const newest2 = await list(friend, p.id, 'sortBy=newest&limit=10&offset=10');
    expect(ids(newest2.data)).toEqual(ids(made.slice().reverse().slice(10, 20)));
    expect((await call('GET', `/comments/post/${p.id}?sortBy=random`, friend)).statusCode).toBe(400);
  });

  test(`pages of ${COMMENTS_PAGE_SIZE} from the offset read so far reach every comment once; no page above ${COMMENTS_PAGE_MAX}`, async () => {
    for (const sortBy of ['newest', 'oldest'] as const) {
      const read: Comment[] = [];
      for (let offset = 0; ; offset += COMMENTS_PAGE_SIZE) {
        const page = await list(
          friend,
          p.id,
          `sortBy=${sortBy}&limit=${COMMENTS_PAGE_SIZE}&offset=${offset}`,
        );
        read.push(...page.data);
        if (offset + page.data.length >= page.meta.total) break;
      }
      const order = sortBy === 'oldest' ? made : made.slice().reverse();
      expect(ids(read)).toEqual(ids(order));
    }
    expect((await list(friend, p.id, `limit=${COMMENTS_PAGE_MAX}`)).data).toHaveLength(25);
    const tooLarge = `limit=${COMMENTS_PAGE_MAX + 1}`;
    expect((await call('GET', `/comments/post/${p.id}?${tooLarge}`, friend)).statusCode).toBe(400);
    expect((await call('GET', `/comments/${made[0]!.id}/replies?${tooLarge}`, friend)).statusCode).toBe(400);
  });
});

describe('GET /comments/{id}/replies', () => {
  test(`oldest first, limit ${REPLIES_PAGE_SIZE} and offset 0 by default; repliesCount`, async () => {
    expect(REPLIES_PAGE_SIZE).toBe(20);
    const p = await post(t.app, author);
    const c = await comment(t.app, author, p.id);
    const made: Comment[] = [];
    for (let i = 0; i < 22; i++) made.push(await comment(t.app, friend, p.id, { parentCommentId: c.id }));
    const first = await replies(other, c.id);
    expect(ids(first.data)).toEqual(ids(made.slice(0, 20)));
    expect(first.meta).toEqual({ total: 22, limit: 20, offset: 0 });
    expect(ids((await replies(other, c.id, 'offset=20')).data)).toEqual(ids(made.slice(20)));
    expect((await call('GET', `/comments/${c.id}`, other)).json().data.repliesCount).toBe(22);
    // A reply to a reply is counted by its own parent.
    const deep = await comment(t.app, other, p.id, { parentCommentId: made[0]!.id });
    expect(ids((await replies(author, made[0]!.id)).data)).toEqual([deep.id]);
    expect((await call('GET', `/comments/${made[0]!.id}`, author)).json().data.repliesCount).toBe(1);
    expect((await call('GET', `/comments/${randomUUID()}/replies`, author)).statusCode).toBe(404);
  });
});

describe('PUT /comments/{id}', () => {
  test('the author edits their comment; the post’s author and others get 404', async () => {
    const p = await post(t.app, author);
    const c = await comment(t.app, friend, p.id, { content: 'Before' });
    for (const who of [author, other, stranger]) {
      expect((await call('PUT', `/comments/${c.id}`, who, { content: 'Hacked' })).statusCode).toBe(404);
    }
    await new Promise((r) => setTimeout(r, 5));
    const res = await call('PUT', `/comments/${c.id}`, friend, { content: '<p>After</p>' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: c.id, content: '<p>After</p>', createdAt: c.createdAt });
    expect(res.json().data.updatedAt > c.updatedAt).toBe(true);
    expect((await call('PUT', `/comments/${c.id}`, friend, { content: 'x'.repeat(2_001) })).statusCode).toBe(
      400,
    );
  });
});

describe('DELETE /comments/{id}', () => {
  test('its author deletes a comment, with its replies; the counts follow', async () => {
    const p = await post(t.app, author);
    const c = await comment(t.app, friend, p.id);
    const r = await comment(t.app, other, p.id, { parentCommentId: c.id });
    await comment(t.app, author, p.id, { parentCommentId: r.id });
    const kept = await comment(t.app, other, p.id);
    expect((await getPost(t.app, author, p.id)).commentsCount).toBe(4);
    // Another commenter may not.
    expect((await call('DELETE', `/comments/${c.id}`, other)).statusCode).toBe(404);
    const res = await call('DELETE', `/comments/${c.id}`, friend);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: c.id, postId: p.id, commentsCount: 1 });
    expect((await call('GET', `/comments/${r.id}`, author)).statusCode).toBe(404);
    expect(ids((await list(author, p.id)).data)).toEqual([kept.id]);
  });

  test('the post’s author deletes any comment on their post; a reply’s removal lowers its parent’s count', async () => {
    const p = await post(t.app, author);
    const c = await comment(t.app, friend, p.id);
    const r = await comment(t.app, other, p.id, { parentCommentId: c.id });
    expect((await call('DELETE', `/comments/${r.id}`, author)).statusCode).toBe(200);
    expect((await call('GET', `/comments/${c.id}`, friend)).json().data.repliesCount).toBe(0);
    expect((await call('DELETE', `/comments/${c.id}`, author)).statusCode).toBe(200);
    expect((await getPost(t.app, author, p.id)).commentsCount).toBe(0);
    expect((await call('DELETE', `/comments/${c.id}`, author)).statusCode).toBe(404);
  });
});

describe('notifications', () => {
  test('a comment tells the post’s author; a reply tells the comment’s author; never oneself', async () => {
    const [a, b, c] = (await friends(t.app, 3)) as [Person, Person, Person];
    const p = await post(t.app, a);
    const fromB = await comment(t.app, b, p.id);
    const replyFromC = await comment(t.app, c, p.id, { parentCommentId: fromB.id });
    await comment(t.app, a, p.id); // the author on their own post: nobody is told
    // b answering b: the post's author is told of a comment, b of nothing.
    const selfReply = await comment(t.app, b, p.id, { parentCommentId: fromB.id });
    const toA = await notificationsOf(t.app, a);
    const by = (who: Person) => ({ relatedFriendId: who.id, actorId: who.id, excerpt: 'Nice car!' });
    expect(toA.map((n) => n.jsonPayload)).toEqual([
      { relatedPostId: p.id, relatedCommentId: selfReply.id, ...by(b), action: 'commented' },
      { relatedPostId: p.id, relatedCommentId: replyFromC.id, ...by(c), action: 'commented' },
      { relatedPostId: p.id, relatedCommentId: fromB.id, ...by(b), action: 'commented' },
    ]);
    expect(toA.every((n) => n.type === 'comment' && !n.isRead)).toBe(true);
    const toB = await notificationsOf(t.app, b);
    expect(toB.map((n) => [n.type, n.jsonPayload])).toEqual([
      [
        'comment',
        {
          relatedPostId: p.id,
          relatedCommentId: replyFromC.id,
          ...by(c),
          action: 'replied',
          parentCommentId: fromB.id,
        },
      ],
    ]);
    expect(await notificationsOf(t.app, c)).toEqual([]);
  });

  test('a reply to the post author’s own comment tells them once', async () => {
    const [a, b] = (await friends(t.app, 2)) as [Person, Person];
    const p = await post(t.app, a);
    const mine = await comment(t.app, a, p.id);
    await comment(t.app, b, p.id, { parentCommentId: mine.id });
    const told = await notificationsOf(t.app, a);
    expect(told.map((n) => (n.jsonPayload as { action?: string }).action)).toEqual(['replied']);
  });
});
