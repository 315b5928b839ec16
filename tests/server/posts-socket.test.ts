// Posts over socket.io (spec §4, §7 "Socket"): a socket joins a post's room (join_post) only when
// its member may read the post; `postUpdated` reaches the sockets that joined it on a like, a
// comment, an edit; the author's notifications (likes, comments) are pushed with their stored id;
// friends' feeds hear of new posts (realtime-only `post` events, 36-dash id).
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { PostUpdatedEvent } from '../../src/contract/socket-events';
import { REALTIME_ONLY_ID } from '../../src/contract/socket-events';
import { postRoom } from '../../server/src/realtime/realtime';
import { collect, listen, received, socketOf, type ClientSocket } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { caller, comment, friends, like, person, post, type Person } from './posts-fixtures';

let t: TestApp;
let url: string;
let call: ReturnType<typeof caller>;
let author: Person;
let friend: Person;
let stranger: Person;
const open: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  [author, friend] = (await friends(t.app, 2)) as [Person, Person];
  stranger = await person(t.app);
  url = await listen(t.app);
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(() => t.close());

async function socket(who: Person): Promise<ClientSocket> {
  const s = await socketOf(url, who);
  open.push(s);
  return s;
}

/** The ids of the sockets in a post's room (every node). */
const inRoom = async (postId: string) =>
  (await t.app.realtime.io.in(postRoom(postId)).fetchSockets()).map((s) => s.id);

// Limits, generous for a loaded machine: they end only a wait that would never succeed.
async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function updatesOf(s: ClientSocket): PostUpdatedEvent[] {
  const events: PostUpdatedEvent[] = [];
  s.on('postUpdated', (e) => events.push(e));
  return events;
}

async function waitFor<T>(events: T[], count: number, ms = 20_000): Promise<T[]> {
  await until(async () => events.length >= count, ms).catch(() => undefined);
  expect(events).toHaveLength(count);
  return events;
}

describe('join_post', () => {
  test('readers of the post join its room; a stranger and an unknown post do not', async () => {
    const p = await post(t.app, author);
    expect(await t.app.realtime.canJoinPost(friend.id, p.id)).toBe(true);
    expect(await t.app.realtime.canJoinPost(author.id, p.id)).toBe(true);
    expect(await t.app.realtime.canJoinPost(stranger.id, p.id)).toBe(false);
    expect(await t.app.realtime.canJoinPost(friend.id, crypto.randomUUID())).toBe(false);

    const [mine, theirs, nosy] = [await socket(author), await socket(friend), await socket(stranger)];
    nosy.emit('join_post', p.id);
    theirs.emit('join_post', p.id);
    mine.emit('join_post', p.id);
    await until(async () => (await inRoom(p.id)).length === 2);
    // The stranger's refused join was checked before a later join of their own post is: once they
    // are in their own post's room, the refusal is not merely late.
    const nosyOwn = await post(t.app, stranger);
    nosy.emit('join_post', nosyOwn.id);
    await until(async () => (await inRoom(nosyOwn.id)).includes(nosy.id!));
    expect((await inRoom(p.id)).sort()).toEqual([mine.id, theirs.id].sort());
    theirs.emit('leave_post', p.id);
    await until(async () => (await inRoom(p.id)).length === 1);
  });

  test('an ended friendship takes the ex-friend out of the post rooms they had joined', async () => {
    const [ann, ben] = (await friends(t.app, 2)) as [Person, Person];
    const p = await post(t.app, ann);
    const own = await post(t.app, ben); // ben's own post: he keeps it
    const [annSocket, benSocket] = [await socket(ann), await socket(ben)];
    benSocket.emit('join_post', p.id);
    benSocket.emit('join_post', own.id);
    annSocket.emit('join_post', p.id);
    await until(async () => (await inRoom(p.id)).length === 2 && (await inRoom(own.id)).length === 1);
    const updates = updatesOf(benSocket);
    const ended = await call('DELETE', `/friends/${ann.id}`, ben);
    expect(ended.statusCode).toBe(200);
    await until(async () => (await inRoom(p.id)).length === 1);
    expect(await inRoom(p.id)).toEqual([annSocket.id]);
    expect(await inRoom(own.id)).toEqual([benSocket.id]);
    await like(t.app, ann, p.id); // ann's post changes: ben no longer hears of it
    // A later change to ben's own post reaches him: by then, ann's would have too.
    await like(t.app, ben, own.id);
    await waitFor(updates, 1);
    expect(updates).toEqual([{ postId: own.id, message: 'liked' }]);
  });
});

describe('postUpdated', () => {
  test('reaches a joined socket on a like, a comment, an edit and their undoing; not a stranger’s', async () => {
    const p = await post(t.app, author);
    const [watcher, nosy] = [await socket(friend), await socket(stranger)];
    const seen = updatesOf(watcher);
    const unseen = updatesOf(nosy);
    watcher.emit('join_post', p.id);
    nosy.emit('join_post', p.id);
    await until(async () => (await inRoom(p.id)).includes(watcher.id!));

    await like(t.app, author, p.id);
    const c = await comment(t.app, author, p.id);
    expect((await call('PUT', `/comments/${c.id}`, author, { content: 'edited' })).statusCode).toBe(200);
    expect((await call('DELETE', `/comments/${c.id}`, author)).statusCode).toBe(200);
    await like(t.app, author, p.id);
    expect((await call('PUT', `/posts/${p.id}`, author, { content: 'New words' })).statusCode).toBe(200);
    expect((await call('DELETE', `/posts/${p.id}`, author)).statusCode).toBe(200);
    await waitFor(seen, 7);
    expect(seen).toEqual(
      ['liked', 'commented', 'comment-edited', 'comment-deleted', 'unliked', 'edited', 'deleted'].map(
        (message) => ({
          postId: p.id,
          message,
        }),
      ),
    );
    expect(unseen).toEqual([]);
  });
});

describe('notifications', () => {
  test('the author is told live of a like and a comment, with the stored notification’s id', async () => {
    const p = await post(t.app, author);
    const s = await socket(author);
    const events = collect(s);
    await like(t.app, friend, p.id);
    const c = await comment(t.app, friend, p.id);
    await received(events, 2);
    const stored = (await call('GET', '/notifications?limit=2', author)).json<{ data: { id: string }[] }>()
      .data;
    expect(events.map((e) => [e.type, e.jsonPayload.action, e.jsonPayload.relatedPostId])).toEqual([
      ['post', 'liked', p.id],
      ['comment', 'commented', p.id],
    ]);
    expect(events[1]!.jsonPayload.relatedCommentId).toBe(c.id);
    expect(events.map((e) => e.id).sort()).toEqual(stored.map((n) => n.id).sort());
  });

  test('a new post reaches the author’s and friends’ sockets as a realtime-only post event; not strangers’', async () => {
    const [mine, theirs, nosy] = [await socket(author), await socket(friend), await socket(stranger)];
    const [toMe, toFriend, toStranger] = [collect(mine), collect(theirs), collect(nosy)];
    const p = await post(t.app, author);
    for (const events of [toMe, toFriend]) {
      await received(events, 1);
      expect(events[0]).toEqual({
        id: REALTIME_ONLY_ID,
        type: 'post',
        jsonPayload: { relatedPostId: p.id, relatedFriendId: author.id, action: 'created' },
        createdAt: expect.any(String),
      });
    }
    await call('PUT', `/posts/${p.id}`, author, { content: 'changed' });
    await call('DELETE', `/posts/${p.id}`, author);
    await received(toFriend, 3);
    expect(toFriend.map((e) => e.jsonPayload.action)).toEqual(['created', 'updated', 'deleted']);
    // A later event for the stranger (a friend request) reaches them: by then, a post event would have.
    const asked = await call('POST', '/friends/request', author, { userId: stranger.id });
    expect(asked.statusCode).toBe(201);
    await received(toStranger, 1);
    expect(toStranger.map((e) => e.type)).toEqual(['friend']);
  });
});
