// Friends over HTTP (spec §7 "Friends"): the request lifecycle (send, duplicate, self, unknown,
// reverse request, accept, decline, cancel, remove), who may answer, the lists and their sizes,
// exactly-once creates (client id, Idempotency-Key), and what each side is told.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Friend, FriendRequest, FriendRequestResult, FriendRequests } from '../../src/contract/people';
import type { NotificationEvent } from '../../src/contract/socket-events';
import { areFriends, friendIdsOf } from '../../server/src/people/friendship-repository';
import { collect, listen, received, socketOf } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { befriend, caller, person, sendRequest, type Person } from './people-fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
});
afterAll(async () => t.close());

const friendsOf = async (who: Person, query = '') => {
  const res = await call('GET', `/friends${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { friends: Friend[] }; meta: { total: number; limit: number; offset: number } }>();
};
const requestsOf = async (who: Person) => {
  const res = await call('GET', '/friends/requests', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: FriendRequests }>().data;
};
const answer = (who: Person, id: string, action: string) =>
  call('PUT', `/friends/request/${id}`, who, { action });

describe('the request lifecycle', () => {
  test('send: 201, pending on both sides; self 400; unknown 404; duplicate 409', async () => {
    const a = await person(t.app, { firstName: 'Ada' });
    const b = await person(t.app, { firstName: 'Bo', city: 'Pau' });
    const res = await call('POST', '/friends/request', a, { userId: b.id });
    expect(res.statusCode, res.body).toBe(201);
    const { outcome, request } = res.json<{ data: FriendRequestResult }>().data;
    expect(outcome).toBe('requested');
    expect(request).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      direction: 'outgoing',
      status: 'pending',
      user: {
        id: b.id,
        username: b.username,
        firstName: 'Bo',
        lastName: 'Paddock',
        avatar: null,
        city: 'Pau',
        friendship: { status: 'requestSent', requestId: request.id },
      },
      createdAt: expect.any(String),
    });

    const mine = await requestsOf(a);
    expect(mine.outgoing.map((r) => r.id)).toEqual([request.id]);
    expect(mine).toMatchObject({ incoming: [], incomingTotal: 0, outgoingTotal: 1 });
    const theirs = await requestsOf(b);
    expect(theirs.incoming).toEqual([
      {
        ...request,
        direction: 'incoming',
        user: expect.objectContaining({
          id: a.id,
          firstName: 'Ada',
          friendship: { status: 'requestReceived', requestId: request.id },
        }),
      },
    ]);
    expect(theirs.outgoing).toEqual([]);

    const self = await call('POST', '/friends/request', a, { userId: a.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.fields).toEqual([{ field: 'body.userId', message: expect.any(String) }]);
    expect((await call('POST', '/friends/request', a, { userId: randomUUID() })).statusCode).toBe(404);
    expect((await call('POST', '/friends/request', a, { userId: 'nope' })).statusCode).toBe(400);
    expect((await call('POST', '/friends/request', null, { userId: b.id })).statusCode).toBe(401);

    const again = await call('POST', '/friends/request', a, { userId: b.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('FRIEND_REQUEST_PENDING');
    expect((await requestsOf(a)).outgoingTotal).toBe(1);
  });

  test('accept: only the recipient; then friends both ways, and a new request is 409', async () => {
    const a = await person(t.app);
    const b = await person(t.app);
    const c = await person(t.app);
    const { request } = await sendRequest(t.app, a, b);
    // Neither the sender nor a third member may answer; the request's existence is not disclosed.
    expect((await answer(a, request.id, 'accept')).statusCode).toBe(404);
    expect((await answer(c, request.id, 'accept')).statusCode).toBe(404);
    expect((await answer(b, randomUUID(), 'accept')).statusCode).toBe(404);
    expect((await answer(b, request.id, 'maybe')).statusCode).toBe(400);

    const res = await answer(b, request.id, 'accept');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: FriendRequest }>().data).toMatchObject({
      id: request.id,
      direction: 'incoming',
      status: 'accepted',
      user: { id: a.id, friendship: { status: 'friends', requestId: null } },
    });
    expect((await friendsOf(a)).data.friends.map((f) => f.id)).toEqual([b.id]);
    expect((await friendsOf(b)).data.friends.map((f) => f.id)).toEqual([a.id]);
    expect(await requestsOf(a)).toMatchObject({ incoming: [], outgoing: [] });
    expect(await requestsOf(b)).toMatchObject({ incoming: [], outgoing: [] });
    // The same answer again answers the same; the other answer is refused.
    expect((await answer(b, request.id, 'accept')).statusCode).toBe(200);
    const late = await answer(b, request.id, 'decline');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('FRIEND_REQUEST_NOT_PENDING');

    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const dup = await call('POST', '/friends/request', from, { userId: to.id });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error.code).toBe('ALREADY_FRIENDS');
    }
    expect(await areFriends(t.app.db.kysely, a.id, b.id)).toBe(true);
    expect(await areFriends(t.app.db.kysely, b.id, a.id)).toBe(true);
    expect(await areFriends(t.app.db.kysely, a.id, c.id)).toBe(false);
    expect(await areFriends(t.app.db.kysely, a.id, a.id)).toBe(false);
    expect(await friendIdsOf(t.app.db.kysely, a.id)).toEqual([b.id]);
    expect(await friendIdsOf(t.app.db.kysely, c.id)).toEqual([]);
  });

  test('a request to someone who already asked me accepts theirs', async () => {
    const a = await person(t.app);
    const b = await person(t.app);
    const theirs = await sendRequest(t.app, a, b);
    const res = await call('POST', '/friends/request', b, { userId: a.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: FriendRequestResult }>().data).toMatchObject({
      outcome: 'accepted',
      request: {
        id: theirs.request.id,
        direction: 'incoming',
        status: 'accepted',
        user: { id: a.id, friendship: { status: 'friends' } },
      },
    });
    expect((await friendsOf(a)).meta.total).toBe(1);
    expect((await friendsOf(b)).data.friends.map((f) => f.id)).toEqual([a.id]);
    expect(await requestsOf(b)).toMatchObject({ incomingTotal: 0, outgoingTotal: 0 });
  });

  test('decline: the request goes from both lists; no friendship; the sender may ask again', async () => {
    const a = await person(t.app);
    const b = await person(t.app);
    const { request } = await sendRequest(t.app, a, b);
    expect((await answer(a, request.id, 'decline')).statusCode).toBe(404);
    const res = await answer(b, request.id, 'decline');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: request.id, status: 'declined' });
    expect((await answer(b, request.id, 'decline')).statusCode).toBe(200);
    expect((await answer(b, request.id, 'accept')).statusCode).toBe(409);
    expect(await requestsOf(a)).toMatchObject({ incoming: [], outgoing: [] });
    expect(await requestsOf(b)).toMatchObject({ incoming: [], outgoing: [] });
    expect((await friendsOf(a)).data.friends).toEqual([]);
    expect((await call('GET', `/users/${a.id}`, b)).json().data.friendship.status).toBe('none');
    // The sender is not told; a new request is a new request.
    const second = await sendRequest(t.app, a, b);
    expect(second.request.id).not.toBe(request.id);
  });

  test('cancel: only the sender; again changes nothing; an accepted request cannot be', async () => {
    const a = await person(t.app);
    const b = await person(t.app);
    const { request } = await sendRequest(t.app, a, b);
    expect((await call('DELETE', `/friends/request/${request.id}`, b)).statusCode).toBe(404);
    expect((await call('DELETE', `/friends/request/${randomUUID()}`, a)).statusCode).toBe(404);
    const res = await call('DELETE', `/friends/request/${request.id}`, a);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: request.id });
    expect(await requestsOf(a)).toMatchObject({ outgoing: [] });
    expect(await requestsOf(b)).toMatchObject({ incoming: [] });
    expect((await call('DELETE', `/friends/request/${request.id}`, a)).statusCode).toBe(200);
    // A cancelled request cannot be answered any more.
    expect((await answer(b, request.id, 'accept')).statusCode).toBe(404);
    expect((await friendsOf(b)).data.friends).toEqual([]);

    const next = await sendRequest(t.app, a, b);
    await answer(b, next.request.id, 'accept');
    const late = await call('DELETE', `/friends/request/${next.request.id}`, a);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('FRIEND_REQUEST_NOT_PENDING');
  });

  test('remove: the friendship ends both ways; 404 for a member who is not a friend', async () => {
    const a = await person(t.app);
    const b = await person(t.app);
    const c = await person(t.app);
    await befriend(t.app, a, b);
    await befriend(t.app, a, c);
    expect((await call('DELETE', `/friends/${c.id}`, b)).statusCode).toBe(404);
    const res = await call('DELETE', `/friends/${b.id}`, a);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: b.id });
    expect((await friendsOf(a)).data.friends.map((f) => f.id)).toEqual([c.id]);
    expect((await friendsOf(b)).data.friends).toEqual([]);
    expect((await call('DELETE', `/friends/${b.id}`, a)).statusCode).toBe(404);
    expect((await call('DELETE', `/friends/${a.id}`, b)).statusCode).toBe(404);
    expect((await call('DELETE', '/friends/not-a-uuid', a)).statusCode).toBe(400);
    // Friends again through a new request.
    await befriend(t.app, b, a);
    expect((await friendsOf(b)).data.friends.map((f) => f.id)).toEqual([a.id]);
  });
});

describe('GET /friends', () => {
  let hub: Person;
  const names = [
    ['Zoé', 'Alpha'],
    ['anna', 'Zulu'],
    ['Anna', 'Bravo'],
    ['Marc', 'Charlie'],
  ];
  beforeAll(async () => {
    hub = await person(t.app, { firstName: 'Hub' });
    for (const [firstName, lastName] of names) {
      const f = await person(t.app, { firstName, lastName, city: 'Rouen' });
      await befriend(t.app, f, hub);
    }
  });

  test('answers data.friends sorted by first name, then last name, with meta', async () => {
    const res = await friendsOf(hub);
    expect(res.data.friends.map((f) => `${f.firstName} ${f.lastName}`)).toEqual([
      'Anna Bravo',
      'anna Zulu',
      'Marc Charlie',
      'Zoé Alpha',
    ]);
    expect(res.meta).toEqual({ total: 4, limit: 20, offset: 0 });
    // The spec's friend: firstName, lastName, username, email, avatar, city.
    expect(res.data.friends[0]).toEqual({
      id: expect.any(String),
      username: expect.any(String),
      firstName: 'Anna',
      lastName: 'Bravo',
      email: expect.stringContaining('@example.com'),
      avatar: null,
      city: 'Rouen',
      friendsSince: expect.any(String),
    });
  });

  test('limit and offset; 20 by default, the modal asks 50, at most 100', async () => {
    const page = await friendsOf(hub, '?limit=2&offset=1');
    expect(page.data.friends.map((f) => f.lastName)).toEqual(['Zulu', 'Charlie']);
    expect(page.meta).toEqual({ total: 4, limit: 2, offset: 1 });
    expect((await friendsOf(hub, '?limit=50&offset=0')).meta.limit).toBe(50);
    expect((await friendsOf(hub, '?limit=100')).meta.limit).toBe(100);
    expect((await call('GET', '/friends?limit=101', hub)).statusCode).toBe(400);
    expect((await call('GET', '/friends?limit=0', hub)).statusCode).toBe(400);
    expect((await call('GET', '/friends', null)).statusCode).toBe(401);
  });

  test('a page holds 20 friends by default', async () => {
    const popular = await person(t.app);
    for (let i = 0; i < 21; i++)
      await befriend(t.app, await person(t.app, { firstName: `F${100 + i}` }), popular);
    const first = await friendsOf(popular);
    expect(first.data.friends).toHaveLength(20);
    expect(first.meta.total).toBe(21);
    expect((await friendsOf(popular, '?offset=20')).data.friends.map((f) => f.firstName)).toEqual(['F120']);
  });
});

describe('exactly once', () => {
  test('a repeated client id answers the stored request (200) and creates nothing', async () => {
    const a = await person(t.app);
    const b = await person(t.app);
    const id = randomUUID();
    const first = await call('POST', '/friends/request', a, { id, userId: b.id });
    expect(first.statusCode).toBe(201);
    expect(first.json().data.request.id).toBe(id);
    const again = await call('POST', '/friends/request', a, { id, userId: b.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect((await requestsOf(b)).incomingTotal).toBe(1);
    // Someone else's id, or mine for another member, is not theirs to reuse.
    const c = await person(t.app);
    expect((await call('POST', '/friends/request', c, { id, userId: b.id })).statusCode).toBe(409);
    expect((await call('POST', '/friends/request', a, { id, userId: c.id })).statusCode).toBe(409);
  });

  test('Idempotency-Key replays the first answer of every write', async () => {
    const a = await person(t.app);
    const b = await person(t.app);
    const key = { 'idempotency-key': randomUUID() };
    const first = await call('POST', '/friends/request', a, { userId: b.id }, key);
    const replay = await call('POST', '/friends/request', a, { userId: b.id }, key);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);

    const id = first.json().data.request.id as string;
    const acceptKey = { 'idempotency-key': randomUUID() };
    const accepted = await call('PUT', `/friends/request/${id}`, b, { action: 'accept' }, acceptKey);
    const acceptedAgain = await call('PUT', `/friends/request/${id}`, b, { action: 'accept' }, acceptKey);
    expect(acceptedAgain.body).toBe(accepted.body);

    const removeKey = { 'idempotency-key': randomUUID() };
    const removed = await call('DELETE', `/friends/${a.id}`, b, undefined, removeKey);
    const removedAgain = await call('DELETE', `/friends/${a.id}`, b, undefined, removeKey);
    expect(removed.statusCode).toBe(200);
    expect(removedAgain.statusCode).toBe(200);
    expect(removedAgain.headers['idempotent-replayed']).toBe('true');
  });

  test('two members asking each other at once end up friends, with no request left pending', async () => {
    const a = await person(t.app);
    const b = await person(t.app);
    const results = await Promise.all([
      call('POST', '/friends/request', a, { userId: b.id }),
      call('POST', '/friends/request', b, { userId: a.id }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect((await friendsOf(a)).data.friends.map((f) => f.id)).toEqual([b.id]);
    expect(await requestsOf(a)).toMatchObject({ incomingTotal: 0, outgoingTotal: 0 });
  });
});

describe('what each side is told', () => {
  let url: string;
  beforeAll(async () => {
    url = await listen(t.app);
  });

  const stored = async (who: Person) => {
    const res = await call('GET', '/notifications', who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: NotificationEvent[] }>().data;
  };

  test("a request received and a request accepted are stored 'friend' notifications", async () => {
    const a = await person(t.app);
    const b = await person(t.app);
    const aSocket = await socketOf(url, a);
    const bSocket = await socketOf(url, b);
    try {
      const aEvents = collect(aSocket);
      const bEvents = collect(bSocket);
      const { request } = await sendRequest(t.app, a, b);
      const [toB] = await received(bEvents, 1);
      expect(toB).toMatchObject({
        type: 'friend',
        jsonPayload: { relatedFriendId: a.id, relatedFriendRequestId: request.id, action: 'requested' },
      });
      expect(toB!.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(toB!.id).not.toBe('-'.repeat(36));
      expect((await stored(b)).map((n) => n.id)).toEqual([toB!.id]);
      // The sender's own devices hear of it without a stored notification.
      const [mine] = await received(aEvents, 1);
      expect(mine).toMatchObject({
        id: '-'.repeat(36),
        type: 'friend',
        jsonPayload: { action: 'requested' },
      });
      expect(await stored(a)).toEqual([]);

      await answer(b, request.id, 'accept');
      const [, toA] = await received(aEvents, 2);
      expect(toA).toMatchObject({
        type: 'friend',
        jsonPayload: { relatedFriendId: b.id, relatedFriendRequestId: request.id, action: 'accepted' },
      });
      expect((await stored(a)).map((n) => n.id)).toEqual([toA!.id]);
      const [, bLive] = await received(bEvents, 2);
      expect(bLive).toMatchObject({
        id: '-'.repeat(36),
        jsonPayload: { relatedFriendId: a.id, action: 'accepted' },
      });

      // Removal is told live to both, and stored for neither.
      await call('DELETE', `/friends/${a.id}`, b);
      const [, , aRemoved] = await received(aEvents, 3);
      const [, , bRemoved] = await received(bEvents, 3);
      expect(aRemoved).toMatchObject({
        id: '-'.repeat(36),
        jsonPayload: { relatedFriendId: b.id, action: 'removed' },
      });
      expect(bRemoved).toMatchObject({
        id: '-'.repeat(36),
        jsonPayload: { relatedFriendId: a.id, action: 'removed' },
      });
      expect(await stored(a)).toHaveLength(1);
      expect(await stored(b)).toHaveLength(1);
    } finally {
      aSocket.disconnect();
      bSocket.disconnect();
    }
  });

  test('accepting through a reverse request tells the first sender; a decline tells the sender nothing', async () => {
    const a = await person(t.app);
    const b = await person(t.app);
    const aSocket = await socketOf(url, a);
    try {
      const aEvents = collect(aSocket);
      await sendRequest(t.app, a, b);
      await received(aEvents, 1); // my own 'requested'
      await call('POST', '/friends/request', b, { userId: a.id });
      const [, accepted] = await received(aEvents, 2);
      expect(accepted).toMatchObject({
        type: 'friend',
        jsonPayload: { relatedFriendId: b.id, action: 'accepted' },
      });

      const c = await person(t.app);
      const { request } = await sendRequest(t.app, a, c);
      await received(aEvents, 3);
      await answer(c, request.id, 'decline');
      // a's next own request is the fourth event: the decline told a nothing in between.
      const d = await person(t.app);
      await sendRequest(t.app, a, d);
      await received(aEvents, 4);
      expect(aEvents[3]!.jsonPayload).toMatchObject({ relatedFriendId: d.id, action: 'requested' });
    } finally {
      aSocket.disconnect();
    }
  });

  test('a cancelled request is told live to the recipient', async () => {
    const a = await person(t.app);
    const b = await person(t.app);
    const bSocket = await socketOf(url, b);
    try {
      const bEvents = collect(bSocket);
      const { request } = await sendRequest(t.app, a, b);
      await received(bEvents, 1);
      await call('DELETE', `/friends/request/${request.id}`, a);
      const [, cancelled] = await received(bEvents, 2);
      expect(cancelled).toMatchObject({
        id: '-'.repeat(36),
        type: 'friend',
        jsonPayload: { relatedFriendId: a.id, relatedFriendRequestId: request.id, action: 'cancelled' },
      });
    } finally {
      bSocket.disconnect();
    }
  });
});
