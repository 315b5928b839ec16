// Notifications over HTTP (spec §7): list (limit, offset, unreadOnly as text), get, read, read-all,
// delete, the unread count; only the owner (another member's id answers 404); and the socket push
// that carries the stored id.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Notification } from '../../src/contract/notifications';
import { REALTIME_ONLY_ID } from '../../src/contract/socket-events';
import { notificationsService } from '../../server/src/notifications/notifications-service';
import { API, collect, listen, member, received, socketOf, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let ann: Member;
let bob: Member;

beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
  bob = await member(t.app);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, who: Member) =>
  t.app.inject({ method, url: `${API}${url}`, headers: who.headers });

/**
 * A stored notification for `who`, made the way features make them. Two made in the same
 * millisecond would share `createdAt` (then the order between them is the id's): a pause keeps the
 * expected order certain.
 */
async function notify(who: Member, relatedPostId = randomUUID()): Promise<Notification> {
  await new Promise((r) => setTimeout(r, 2));
  return notificationsService(t.app).create(who.id, { type: 'post', jsonPayload: { relatedPostId } });
}

async function fresh(): Promise<Member> {
  return member(t.app);
}

describe('GET /notifications', () => {
  test('lists mine newest first with total, limit, offset and unreadCount; pages with limit and offset', async () => {
    const me = await fresh();
    const made: Notification[] = [];
    for (let i = 0; i < 5; i++) made.push(await notify(me));
    await notify(bob); // someone else's: never listed
    const res = await call('GET', '/notifications?limit=2&offset=1', me);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: Notification[]; meta: Record<string, number> }>();
    expect(body.meta).toEqual({ total: 5, limit: 2, offset: 1, unreadCount: 5 });
    // Newest first: the list is the made ones reversed.
    const newestFirst = [...made].reverse();
    expect(body.data.map((n) => n.id)).toEqual(newestFirst.slice(1, 3).map((n) => n.id));
    expect(body.data[0]).toEqual({ ...newestFirst[1], isRead: false });
  });

  test('defaults to 20 per page and refuses more than 100', async () => {
    const me = await fresh();
    for (let i = 0; i < 21; i++) await notify(me);
    const res = await call('GET', '/notifications', me);
    expect(res.json().data).toHaveLength(20);
    expect(res.json().meta).toMatchObject({ total: 21, limit: 20, offset: 0 });
    expect((await call('GET', '/notifications?limit=100', me)).statusCode).toBe(200);
    expect((await call('GET', '/notifications?limit=101', me)).statusCode).toBe(400);
    expect((await call('GET', '/notifications?offset=-1', me)).statusCode).toBe(400);
  });

  test('unreadOnly comes as text: "true" keeps the unread ones, "false" lists all, anything else is 400', async () => {
    const me = await fresh();
    const [a, b, c] = [await notify(me), await notify(me), await notify(me)];
    await call('PUT', `/notifications/${b!.id}/read`, me);
    const unread = (await call('GET', '/notifications?unreadOnly=true', me)).json();
    expect(unread.data.map((n: Notification) => n.id)).toEqual([c!.id, a!.id]);
    expect(unread.meta).toMatchObject({ total: 2, unreadCount: 2 });
    const all = (await call('GET', '/notifications?unreadOnly=false', me)).json();
    expect(all.meta).toMatchObject({ total: 3, unreadCount: 2 });
    expect((await call('GET', '/notifications?unreadOnly=yes', me)).statusCode).toBe(400);
  });

  test('needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/notifications` });
    expect(res.statusCode).toBe(401);
  });
});

describe('one notification', () => {
  test('GET answers mine; another member’s id and an unknown one answer 404 alike', async () => {
    const mine = await notify(ann);
    const res = await call('GET', `/notifications/${mine.id}`, ann);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(mine);
    const theirs = await call('GET', `/notifications/${mine.id}`, bob);
    const unknown = await call('GET', `/notifications/${randomUUID()}`, bob);
    expect(theirs.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(theirs.json()).toEqual(unknown.json());
    expect((await call('GET', '/notifications/not-a-uuid', ann)).statusCode).toBe(400);
  });

  test('PUT read marks it read and answers the unread count; twice changes nothing', async () => {
    const me = await fresh();
    const [first] = [await notify(me), await notify(me)];
    const once = await call('PUT', `/notifications/${first!.id}/read`, me);
    expect(once.statusCode).toBe(200);
    expect(once.json().data).toEqual({ notification: { ...first, isRead: true }, unreadCount: 1 });
    const twice = await call('PUT', `/notifications/${first!.id}/read`, me);
    expect(twice.statusCode).toBe(200);
    expect(twice.json().data).toEqual(once.json().data);
    expect((await call('GET', '/notifications/unread/count', me)).json().data).toEqual({ count: 1 });
  });

  test('PUT read on another member’s notification is 404 and leaves it unread', async () => {
    const theirs = await notify(bob);
    expect((await call('PUT', `/notifications/${theirs.id}/read`, ann)).statusCode).toBe(404);
    expect((await call('GET', `/notifications/${theirs.id}`, bob)).json().data.isRead).toBe(false);
  });

  test('DELETE removes mine (then 404); another member’s is 404 and stays', async () => {
    const me = await fresh();
    const [keep, drop] = [await notify(me), await notify(me)];
    const theirs = await notify(bob);
    expect((await call('DELETE', `/notifications/${theirs.id}`, me)).statusCode).toBe(404);
    expect((await call('GET', `/notifications/${theirs.id}`, bob)).statusCode).toBe(200);
    const res = await call('DELETE', `/notifications/${drop!.id}`, me);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: drop!.id, unreadCount: 1 });
    expect((await call('GET', `/notifications/${drop!.id}`, me)).statusCode).toBe(404);
    expect((await call('DELETE', `/notifications/${drop!.id}`, me)).statusCode).toBe(404);
    const list = (await call('GET', '/notifications', me)).json();
    expect(list.data.map((n: Notification) => n.id)).toEqual([keep!.id]);
  });
});

describe('read-all and the unread count', () => {
  test('read-all marks every one of mine read, none of others; again changes nothing', async () => {
    const me = await fresh();
    for (let i = 0; i < 3; i++) await notify(me);
    const theirs = await notify(bob);
    expect((await call('GET', '/notifications/unread/count', me)).json()).toEqual({
      success: true,
      data: { count: 3 },
    });
    const res = await call('PUT', '/notifications/read-all', me);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ updated: 3, unreadCount: 0 });
    expect((await call('PUT', '/notifications/read-all', me)).json().data).toEqual({
      updated: 0,
      unreadCount: 0,
    });
    expect((await call('GET', '/notifications/unread/count', me)).json().data.count).toBe(0);
    expect((await call('GET', `/notifications/${theirs.id}`, bob)).json().data.isRead).toBe(false);
  });
});

describe('the socket push', () => {
  test('create pushes the stored notification with its id; realtime-only events carry 36 dashes', async () => {
    const url = await listen(t.app);
    const me = await fresh();
    const socket = await socketOf(url, me);
    const other = await socketOf(url, bob);
    try {
      const events = collect(socket);
      const othersEvents = collect(other);
      const stored = await notify(me);
      notificationsService(t.app).createRealtimeOnly(me.id, {
        type: 'car',
        jsonPayload: { relatedCarId: stored.id, action: 'updated' },
      });
      const [pushed, realtimeOnly] = await received(events, 2);
      expect(pushed).toEqual(stored);
      expect((await call('GET', `/notifications/${pushed!.id}`, me)).statusCode).toBe(200);
      expect(realtimeOnly).toMatchObject({
        id: REALTIME_ONLY_ID,
        type: 'car',
        jsonPayload: { relatedCarId: stored.id, action: 'updated' },
      });
      expect(REALTIME_ONLY_ID).toBe('-'.repeat(36));
      // Realtime-only events are never stored.
      expect((await call('GET', '/notifications', me)).json().meta.total).toBe(1);
      // The other member's own notification reaches their socket first: nothing of mine came before.
      const theirs = await notify(bob);
      await received(othersEvents, 1);
      expect(othersEvents.map((e) => e.id)).toEqual([theirs.id]);
    } finally {
      socket.disconnect();
      other.disconnect();
    }
  });
});

describe('OpenAPI', () => {
  test('publishes every notifications route with its tag and bearer security', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${API}/docs/json` })).json<{
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
    }>();
    const routes: [string, string][] = [
      ['/notifications', 'get'],
      ['/notifications/unread/count', 'get'],
      ['/notifications/read-all', 'put'],
      ['/notifications/{id}', 'get'],
      ['/notifications/{id}/read', 'put'],
      ['/notifications/{id}', 'delete'],
    ];
    for (const [path, method] of routes) {
      const op = doc.paths[`${API}${path}`]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op?.tags).toEqual(['notifications']);
      expect(op?.security).toEqual([{ bearerAuth: [] }]);
    }
  });
});
