// Opening an item marks its notifications read, on every device: POST
// /notifications/read-related, and the items' own read actions (a message read, a friend request
// answered or withdrawn, a chat room read); every socket of the member hears `notificationsRead`.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Notification } from '../../src/contract/notifications';
import type { NotificationsReadEvent } from '../../src/contract/socket-events';
import { notificationsService } from '../../server/src/notifications/notifications-service';
import { createGroup, ownerWithFriends } from './chat-fixtures';
import { listen, socketOf, type ClientSocket } from './garage-fixtures';
import { friends, send } from './messages-fixtures';
import { caller, person, sendRequest, type Person } from './people-fixtures';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let url: string;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
  call = caller(t.app);
});
afterAll(() => t.close());

const mine = async (who: Person): Promise<Notification[]> =>
  (await call('GET', '/notifications', who)).json<{ data: Notification[] }>().data;
const unread = async (who: Person): Promise<number> =>
  (await call('GET', '/notifications/unread/count', who)).json<{ data: { count: number } }>().data.count;

function readEvents(socket: ClientSocket): NotificationsReadEvent[] {
  const events: NotificationsReadEvent[] = [];
  socket.on('notificationsRead', (e) => events.push(e));
  return events;
}

async function arrived(events: NotificationsReadEvent[], count = 1): Promise<NotificationsReadEvent[]> {
  const deadline = Date.now() + 20_000; // a limit for a loaded machine, not a measure
  while (events.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(events).toHaveLength(count);
  return events;
}

/**
 * A marker: one of `who`'s own notifications, made and read, so that their sockets hear one more
 * `notificationsRead`. Once `events` holds `count` events, the last being the marker's, any event
 * sent to that socket before it has arrived too: "nothing else came" is read after a state, not
 * after a delay. Answers the marker's id.
 */
async function markerRead(who: Person, events: NotificationsReadEvent[], count: number): Promise<string> {
  const marker = await notificationsService(t.app).create(who.id, {
    type: 'post',
    jsonPayload: { relatedPostId: randomUUID() },
  });
  expect((await call('PUT', `/notifications/${marker.id}/read`, who)).statusCode).toBe(200);
  expect((await arrived(events, count)).at(-1)?.ids).toEqual([marker.id]);
  return marker.id;
}

/** Two sockets of `who` (two devices) and one of `other`, closed by `done`. */
async function devices(who: Person, other: Person) {
  const [phone, laptop, elsewhere] = await Promise.all([
    socketOf(url, who),
    socketOf(url, who),
    socketOf(url, other),
  ]);
  return {
    phone: readEvents(phone),
    laptop: readEvents(laptop),
    elsewhere: readEvents(elsewhere),
    done: () => [phone, laptop, elsewhere].forEach((s) => s.disconnect()),
  };
}

describe('POST /notifications/read-related', () => {
  test('marks read my unread notifications about the item only; again answers no ids', async () => {
    const [ann, bob] = [await person(t.app), await person(t.app)];
    const service = notificationsService(t.app);
    const postId = randomUUID();
    const like = await service.create(ann!.id, {
      type: 'post',
      jsonPayload: { relatedPostId: postId, action: 'liked' },
    });
    const comment = await service.create(ann!.id, {
      type: 'comment',
      jsonPayload: { relatedPostId: postId, relatedCommentId: randomUUID(), action: 'commented' },
    });
    const otherPost = await service.create(ann!.id, {
      type: 'post',
      jsonPayload: { relatedPostId: randomUUID(), action: 'liked' },
    });
    const bobs = await service.create(bob!.id, { type: 'post', jsonPayload: { relatedPostId: postId } });

    const res = await call('POST', '/notifications/read-related', ann!, {
      relatedType: 'post',
      relatedId: postId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: { ids: string[]; unreadCount: number } }>().data;
    expect([...data.ids].sort()).toEqual([like.id, comment.id].sort());
    expect(data.unreadCount).toBe(1);
    const read = new Map((await mine(ann!)).map((n) => [n.id, n.isRead]));
    expect(read.get(like.id)).toBe(true);
    expect(read.get(comment.id)).toBe(true);
    expect(read.get(otherPost.id)).toBe(false);
    // Someone else's notification about the same post is untouched.
    expect((await mine(bob!)).find((n) => n.id === bobs.id)?.isRead).toBe(false);

    const again = await call('POST', '/notifications/read-related', ann!, {
      relatedType: 'post',
      relatedId: postId,
    });
    expect(again.json().data).toEqual({ ids: [], unreadCount: 1 });
  });

  test('friend matches only friend notifications about that member, not their messages', async () => {
    const [ann, bob] = [await person(t.app), await person(t.app)];
    const service = notificationsService(t.app);
    const accepted = await service.create(ann!.id, {
      type: 'friend',
      jsonPayload: { relatedFriendId: bob!.id, action: 'accepted' },
    });
    const message = await service.create(ann!.id, {
      type: 'message',
      jsonPayload: { relatedMessageId: randomUUID(), relatedFriendId: bob!.id },
    });
    const before = await unread(ann!);
    const res = await call('POST', '/notifications/read-related', ann!, {
      relatedType: 'friend',
      relatedId: bob!.id,
    });
    expect(res.json().data.ids).toContain(accepted.id);
    expect(res.json().data.ids).not.toContain(message.id);
    expect(res.json().data.unreadCount).toBe(before - 1);
  });

  test('refuses an unknown type, a malformed id, and a call without a token', async () => {
    const ann = await person(t.app);
    const id = randomUUID();
    expect(
      (await call('POST', '/notifications/read-related', ann, { relatedType: 'nope', relatedId: id }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/notifications/read-related', ann, { relatedType: 'post', relatedId: 'x' }))
        .statusCode,
    ).toBe(400);
    expect((await call('POST', '/notifications/read-related', ann, { relatedType: 'post' })).statusCode).toBe(
      400,
    );
    expect(
      (await call('POST', '/notifications/read-related', null, { relatedType: 'post', relatedId: id }))
        .statusCode,
    ).toBe(401);
  });

  test('every socket of mine hears which were read and the new count; nobody else does', async () => {
    const [ann, bob] = await friends(t.app);
    const postId = randomUUID();
    const stored = await notificationsService(t.app).create(ann!.id, {
      type: 'post',
      jsonPayload: { relatedPostId: postId },
    });
    const d = await devices(ann!, bob!);
    try {
      await call('POST', '/notifications/read-related', ann!, { relatedType: 'post', relatedId: postId });
      const expected = { ids: [stored.id], all: false, unreadCount: await unread(ann!) };
      expect((await arrived(d.phone))[0]).toEqual(expected);
      expect((await arrived(d.laptop))[0]).toEqual(expected);
      // The other member's socket heard nothing of it: only their own marker.
      await markerRead(bob!, d.elsewhere, 1);
    } finally {
      d.done();
    }
  });
});

describe('the items’ own read actions read their notifications', () => {
  test('reading a message through the API: both devices hear it and the bell drops by one', async () => {
    const [ann, bob] = await friends(t.app);
    const message = await send(t.app, bob!, ann!);
    const notification = (await mine(ann!)).find((n) => n.jsonPayload.relatedMessageId === message.id);
    expect(notification?.isRead).toBe(false);
    const before = await unread(ann!);
    const d = await devices(ann!, bob!);
    try {
      const res = await call('PUT', `/messages/${message.id}/read`, ann!);
      expect(res.statusCode, res.body).toBe(200);
      const expected = { ids: [notification!.id], all: false, unreadCount: before - 1 };
      expect((await arrived(d.phone))[0]).toEqual(expected);
      expect((await arrived(d.laptop))[0]).toEqual(expected);
      expect(await unread(ann!)).toBe(before - 1);
      expect((await mine(ann!)).find((n) => n.id === notification!.id)?.isRead).toBe(true);
      // The other member's socket heard nothing of it: only their own marker.
      await markerRead(bob!, d.elsewhere, 1);
    } finally {
      d.done();
    }
  });

  test('accepting a friend request reads its notification', async () => {
    const [ann, bob] = [await person(t.app), await person(t.app)];
    const { request } = await sendRequest(t.app, bob, ann);
    const before = await unread(ann);
    const d = await devices(ann, bob);
    try {
      const res = await call('PUT', `/friends/request/${request.id}`, ann, { action: 'accept' });
      expect(res.statusCode, res.body).toBe(200);
      const [event] = await arrived(d.laptop);
      expect(event).toMatchObject({ all: false, unreadCount: before - 1 });
      const notification = (await mine(ann)).find((n) => n.jsonPayload.relatedFriendRequestId === request.id);
      expect(notification?.isRead).toBe(true);
      expect(event!.ids).toEqual([notification!.id]);
    } finally {
      d.done();
    }
  });

  test('declining a friend request reads its notification', async () => {
    const [ann, bob] = [await person(t.app), await person(t.app)];
    const { request } = await sendRequest(t.app, bob, ann);
    const before = await unread(ann);
    const res = await call('PUT', `/friends/request/${request.id}`, ann, { action: 'decline' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await unread(ann)).toBe(before - 1);
  });

  test('a request withdrawn by its sender no longer counts in the recipient’s bell', async () => {
    const [ann, bob] = [await person(t.app), await person(t.app)];
    const { request } = await sendRequest(t.app, bob, ann);
    const before = await unread(ann);
    expect((await call('DELETE', `/friends/request/${request.id}`, bob)).statusCode).toBeLessThan(300);
    expect(await unread(ann)).toBe(before - 1);
  });

  test('reading a chat room reads my notifications about it', async () => {
    const [owner, [member]] = await ownerWithFriends(t.app, 1);
    const group = await createGroup(t.app, owner, [member!]);
    const stored = await notificationsService(t.app).create(member!.id, {
      type: 'chatgroup',
      jsonPayload: { relatedChatGroupId: group.id, relatedChatRoomId: group.chatRoomId, action: 'added' },
    });
    const res = await call('POST', `/chat-messages/${group.chatRoomId}/mark-all-read`, member!);
    expect(res.statusCode, res.body).toBe(200);
    expect((await mine(member!)).find((n) => n.id === stored.id)?.isRead).toBe(true);
  });
});

describe('read and read-all are told to my other devices', () => {
  test('PUT /notifications/{id}/read, then read-all', async () => {
    const [ann, bob] = await friends(t.app);
    const service = notificationsService(t.app);
    const first = await service.create(ann!.id, {
      type: 'post',
      jsonPayload: { relatedPostId: randomUUID() },
    });
    await service.create(ann!.id, { type: 'post', jsonPayload: { relatedPostId: randomUUID() } });
    const d = await devices(ann!, bob!);
    try {
      await call('PUT', `/notifications/${first.id}/read`, ann!);
      expect((await arrived(d.laptop))[0]).toEqual({
        ids: [first.id],
        all: false,
        unreadCount: await unread(ann!),
      });
      await call('PUT', '/notifications/read-all', ann!);
      expect((await arrived(d.laptop, 2))[1]).toEqual({ ids: [], all: true, unreadCount: 0 });
      // Nothing changed: nothing told.
      await call('PUT', '/notifications/read-all', ann!);
      await call('PUT', `/notifications/${first.id}/read`, ann!);
      // The next change is the third event: the two calls above told nothing.
      await markerRead(ann!, d.laptop, 3);
    } finally {
      d.done();
    }
  });
});

test('OpenAPI publishes read-related with its tag and bearer security', async () => {
  const doc = (await call('GET', '/docs/json', null)).json<{
    paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
  }>();
  const op = doc.paths['/api/v1.0/notifications/read-related']?.post;
  expect(op?.tags).toEqual(['notifications']);
  expect(op?.security).toEqual([{ bearerAuth: [] }]);
});
