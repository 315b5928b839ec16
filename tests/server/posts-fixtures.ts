// Shared by the posts-*.test.ts files: members, friendships, posts and comments made through the
// API, and the reads the tests repeat.
import { expect } from 'vitest';
import type { App } from '../../server/src/app';
import type { Notification } from '../../src/contract/notifications';
import type { Comment, FeedMeta, LikeResult, Post } from '../../src/contract/posts';
import { befriend, caller, person, type Person } from './people-fixtures';

export { API } from './garage-fixtures';
export { befriend, caller, person, type Person };

/** Members who are all friends with each other. */
export async function friends(app: App, count = 2): Promise<Person[]> {
  const people: Person[] = [];
  for (let i = 0; i < count; i++) people.push(await person(app, { firstName: `P${i}`, lastName: 'Poster' }));
  for (let i = 0; i < count; i++)
    for (let j = i + 1; j < count; j++) await befriend(app, people[i]!, people[j]!);
  return people;
}

/**
 * Writes a post and expects 201. Posts made in the same millisecond share `createdAt` (then their
 * order is the id's): a short pause keeps "newest first" certain in tests.
 */
export async function post(app: App, who: Person, overrides: Record<string, unknown> = {}): Promise<Post> {
  await new Promise((r) => setTimeout(r, 2));
  const res = await caller(app)('POST', '/posts', who, { content: '<p>Track day!</p>', ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Post }>().data;
}

export async function comment(
  app: App,
  who: Person,
  postId: string,
  overrides: Record<string, unknown> = {},
): Promise<Comment> {
  await new Promise((r) => setTimeout(r, 2));
  const res = await caller(app)('POST', '/comments', who, { postId, content: 'Nice car!', ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Comment }>().data;
}

export async function like(app: App, who: Person, postId: string, headers: Record<string, string> = {}) {
  const res = await caller(app)('POST', `/posts/${postId}/like`, who, undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: LikeResult }>().data;
}

export async function feed(app: App, who: Person, query = ''): Promise<{ data: Post[]; meta: FeedMeta }> {
  const res = await caller(app)('GET', `/posts/feed${query ? `?${query}` : ''}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Post[]; meta: FeedMeta }>();
}

export async function getPost(app: App, who: Person, id: string): Promise<Post> {
  const res = await caller(app)('GET', `/posts/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Post }>().data;
}

/** The member's stored notifications of this feature (types post and comment), newest first. */
export async function notificationsOf(app: App, who: Person): Promise<Notification[]> {
  const res = await caller(app)('GET', '/notifications?limit=100', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Notification[] }>().data.filter((n) => n.type === 'post' || n.type === 'comment');
}
