// Private messages over HTTP (spec §7, docs/DESIGN-NOTES.md "Entities"): send to friends only (403 otherwise),
// folders with offset, limit and unreadOnly as text, get for participants only (404 otherwise),
// read once (the spec's double decrement fixed), delete for oneself, the unread count, client ids,
// and the notification (stored and pushed) the recipient gets.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Message } from '../../src/contract/messages';
import type { Notification } from '../../src/contract/notifications';
import { REALTIME_ONLY_ID } from '../../src/contract/socket-events';
import { collect, listen, received, socketOf } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { caller, friends, messageBody, person, send, type Person } from './messages-fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
});
afterAll(() => t.close());

const unreadCount = async (who: Person) =>
  (await call('GET', '/messages/unread/count', who)).json<{ data: { count: number } }>().data.count;

const ids = (messages: Message[]) => messages.map((m) => m.id);

describe('POST /messages', () => {
  test('sends to a friend: 201 with the message, its participants and isRead false', async () => {
    const [ann, bob] = await friends(t.app);
    const res = await call('POST', '/messages', ann!, messageBody(bob!.id));
    expect(res.statusCode).toBe(201);
    const message = res.json<{ data: Message }>().data;
    expect(message).toEqual({
      id: expect.any(String),
      sender: { id: ann!.id, username: ann!.username, firstName: 'F0', lastName: 'Friend', avatar: null },
      recipient: { id: bob!.id, username: bob!.username, firstName: 'F1', lastName: 'Friend', avatar: null },
      subject: 'Track day',
      content: '<p>See you at <strong>Magny-Cours</strong>?</p>',
      images: [],
      isRead: false,
      createdAt: expect.any(String),
    });
    expect(new Date(message.createdAt).toISOString()).toBe(message.createdAt);
    expect((await call('GET', `/messages/${message.id}`, bob!)).json().data).toEqual(message);
  });

  test('a non-friend cannot be messaged: 403 FORBIDDEN, nothing stored, nothing notified', async () => {
    const [ann] = await friends(t.app, 1);
    const stranger = await person(t.app);
    const res = await call('POST', '/messages', ann!, messageBody(stranger.id));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    // An unknown member answers the same: ids cannot be probed.
    const unknown = await call('POST', '/messages', ann!, messageBody(randomUUID()));
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toEqual(res.json());
    expect((await call('GET', '/messages?folder=sent', ann!)).json().meta.total).toBe(0);
    expect((await call('GET', '/messages', stranger)).json().meta.total).toBe(0);
    expect((await call('GET', '/notifications', stranger)).json().meta.total).toBe(0);
  });

  test('a pending request is not a friendship; a removed friend cannot be messaged any more', async () => {
    const ann = await person(t.app);
    const bob = await person(t.app);
    expect((await call('POST', '/friends/request', ann, { userId: bob.id })).statusCode).toBe(201);
    expect((await call('POST', '/messages', ann, messageBody(bob.id))).statusCode).toBe(403);
    const [cat, dan] = await friends(t.app);
    await send(t.app, cat!, dan!);
    expect((await call('DELETE', `/friends/${dan!.id}`, cat!)).statusCode).toBe(200);
    expect((await call('POST', '/messages', cat!, messageBody(dan!.id))).statusCode).toBe(403);
    expect((await call('POST', '/messages', dan!, messageBody(cat!.id))).statusCode).toBe(403);
  });

  test('not to oneself: 400 on recipientId', async () => {
    const [ann] = await friends(t.app, 1);
    const res = await call('POST', '/messages', ann!, messageBody(ann!.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([{ field: 'body.recipientId', message: expect.any(String) }]);
  });

  test('a repeated client id answers the stored message with 200 and sends nothing new', async () => {
    const [ann, bob] = await friends(t.app);
    const id = randomUUID();
    const first = await call('POST', '/messages', ann!, messageBody(bob!.id, { id }));
    expect(first.statusCode).toBe(201);
    expect(first.json().data.id).toBe(id);
    const again = await call('POST', '/messages', ann!, messageBody(bob!.id, { id, subject: 'changed' }));
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect((await call('GET', '/messages', bob!)).json().meta.total).toBe(1);
    expect(await unreadCount(bob!)).toBe(1);
    const messageNotes = (await call('GET', '/notifications', bob!))
      .json<{ data: Notification[] }>()
      .data.filter((n) => n.type === 'message');
    expect(messageNotes).toHaveLength(1);
    // Someone else's id is refused without a look at it.
    const taken = await call('POST', '/messages', bob!, messageBody(ann!.id, { id }));
    expect(taken.statusCode).toBe(409);
    expect(taken.body).not.toContain('Track day');
  });

  test('the same Idempotency-Key twice sends once and answers the first answer', async () => {
    const [ann, bob] = await friends(t.app);
    const key = { 'idempotency-key': randomUUID() };
    const first = await call('POST', '/messages', ann!, messageBody(bob!.id), key);
    const again = await call('POST', '/messages', ann!, messageBody(bob!.id), key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await call('GET', '/messages', bob!)).json().meta.total).toBe(1);
  });

  test('the body cannot set the sender, read state or date; unknown fields are dropped', async () => {
    const [ann, bob, cat] = await friends(t.app, 3);
    const res = await call('POST', '/messages', ann!, {
      ...messageBody(bob!.id),
      senderId: cat!.id,
      sender: { id: cat!.id },
      isRead: true,
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ sender: { id: ann!.id }, isRead: false });
    expect(res.json().data.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
  });

  test('needs a token, a recipientId and content', async () => {
    const [ann, bob] = await friends(t.app);
    expect((await call('POST', '/messages', null, messageBody(bob!.id))).statusCode).toBe(401);
    const { recipientId: _r, ...noRecipient } = messageBody(bob!.id);
    expect((await call('POST', '/messages', ann!, noRecipient)).statusCode).toBe(400);
    const { content: _c, ...noContent } = messageBody(bob!.id);
    expect((await call('POST', '/messages', ann!, noContent)).statusCode).toBe(400);
    expect((await call('POST', '/messages', ann!, messageBody('not-a-uuid'))).statusCode).toBe(400);
  });
});

describe('GET /messages (folders)', () => {
  test('inbox and sent, newest first, with total, limit, offset and my unreadCount', async () => {
    const [ann, bob, cat] = await friends(t.app, 3);
    const a1 = await send(t.app, ann!, bob!, { subject: 'a1' });
    const c1 = await send(t.app, cat!, bob!, { subject: 'c1' });
    const b1 = await send(t.app, bob!, ann!, { subject: 'b1' });
    const a2 = await send(t.app, ann!, bob!, { subject: 'a2' });

    const inbox = (await call('GET', '/messages?folder=inbox', bob!)).json();
    expect(ids(inbox.data)).toEqual([a2.id, c1.id, a1.id]);
    expect(inbox.meta).toEqual({ total: 3, limit: 20, offset: 0, unreadCount: 3 });
    // The folder defaults to the inbox.
    expect((await call('GET', '/messages', bob!)).json()).toEqual(inbox);

    const sent = (await call('GET', '/messages?folder=sent', bob!)).json();
    expect(ids(sent.data)).toEqual([b1.id]);
    expect(sent.meta).toEqual({ total: 1, limit: 20, offset: 0, unreadCount: 3 });
    const annSent = (await call('GET', '/messages?folder=sent', ann!)).json();
    expect(ids(annSent.data)).toEqual([a2.id, a1.id]);
    expect(annSent.data[0]).toEqual(a2);

    const page = (await call('GET', '/messages?limit=1&offset=1', bob!)).json();
    expect(ids(page.data)).toEqual([c1.id]);
    expect(page.meta).toEqual({ total: 3, limit: 1, offset: 1, unreadCount: 3 });
    expect((await call('GET', '/messages?offset=3', bob!)).json().data).toEqual([]);
  });

  test('page size: 20 by default, at most 100; an unknown folder is 400', async () => {
    const [ann, bob] = await friends(t.app);
    for (let i = 0; i < 21; i++) await send(t.app, ann!, bob!, { subject: `m${i}` });
    const first = (await call('GET', '/messages', bob!)).json();
    expect(first.data).toHaveLength(20);
    expect(first.meta.total).toBe(21);
    expect((await call('GET', '/messages?limit=100', bob!)).json().data).toHaveLength(21);
    expect((await call('GET', '/messages?limit=101', bob!)).statusCode).toBe(400);
    expect((await call('GET', '/messages?limit=0', bob!)).statusCode).toBe(400);
    expect((await call('GET', '/messages?folder=trash', bob!)).statusCode).toBe(400);
    expect((await call('GET', '/messages', null)).statusCode).toBe(401);
  });

  test('unreadOnly comes as text: "true" keeps the unread, "false" lists all, other text is 400', async () => {
    const [ann, bob] = await friends(t.app);
    const m1 = await send(t.app, ann!, bob!);
    const m2 = await send(t.app, ann!, bob!);
    const m3 = await send(t.app, ann!, bob!);
    await call('PUT', `/messages/${m2.id}/read`, bob!);

    const unread = (await call('GET', '/messages?folder=inbox&unreadOnly=true', bob!)).json();
    expect(ids(unread.data)).toEqual([m3.id, m1.id]);
    expect(unread.meta).toMatchObject({ total: 2, unreadCount: 2 });
    const all = (await call('GET', '/messages?folder=inbox&unreadOnly=false', bob!)).json();
    expect(ids(all.data)).toEqual([m3.id, m2.id, m1.id]);
    expect(all.meta).toMatchObject({ total: 3, unreadCount: 2 });
    // The sent folder's unread ones are those the recipient has not read yet.
    const sentUnread = (await call('GET', '/messages?folder=sent&unreadOnly=true', ann!)).json();
    expect(ids(sentUnread.data)).toEqual([m3.id, m1.id]);
    expect(sentUnread.meta).toMatchObject({ total: 2, unreadCount: 0 });
    expect((await call('GET', '/messages?unreadOnly=maybe', bob!)).statusCode).toBe(400);
  });
});

describe('GET /messages/{id}', () => {
  test('only the participants read a message: anyone else gets 404, as for an unknown id', async () => {
    const [ann, bob, cat] = await friends(t.app, 3);
    const message = await send(t.app, ann!, bob!);
    expect((await call('GET', `/messages/${message.id}`, ann!)).statusCode).toBe(200);
    expect((await call('GET', `/messages/${message.id}`, bob!)).statusCode).toBe(200);
    const other = await call('GET', `/messages/${message.id}`, cat!);
    const unknown = await call('GET', `/messages/${randomUUID()}`, cat!);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
    expect(other.body).not.toContain('Track day');
    // Nor can they mark it read or delete it.
    expect((await call('PUT', `/messages/${message.id}/read`, cat!)).statusCode).toBe(404);
    expect((await call('DELETE', `/messages/${message.id}`, cat!)).statusCode).toBe(404);
    expect((await call('GET', `/messages/${message.id}`, bob!)).json().data.isRead).toBe(false);
    expect((await call('GET', '/messages/nope', ann!)).statusCode).toBe(400);
  });
});

describe('PUT /messages/{id}/read', () => {
  test('reading twice lowers the unread count once, and answers the same the second time', async () => {
    const [ann, bob] = await friends(t.app);
    const first = await send(t.app, ann!, bob!);
    await send(t.app, ann!, bob!);
    expect(await unreadCount(bob!)).toBe(2);
    const once = await call('PUT', `/messages/${first.id}/read`, bob!);
    expect(once.statusCode).toBe(200);
    expect(once.json().data).toEqual({ message: { ...first, isRead: true }, unreadCount: 1 });
    const twice = await call('PUT', `/messages/${first.id}/read`, bob!);
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toEqual(once.json());
    expect(await unreadCount(bob!)).toBe(1);
    // The sender sees it read too.
    expect((await call('GET', `/messages/${first.id}`, ann!)).json().data.isRead).toBe(true);
  });

  test('the sender may not mark it read (403); the count is untouched', async () => {
    const [ann, bob] = await friends(t.app);
    const message = await send(t.app, ann!, bob!);
    const res = await call('PUT', `/messages/${message.id}/read`, ann!);
    expect(res.statusCode).toBe(403);
    expect(await unreadCount(bob!)).toBe(1);
  });

  test('many reads of one message at once still lower the count once', async () => {
    const [ann, bob] = await friends(t.app);
    const message = await send(t.app, ann!, bob!);
    await send(t.app, ann!, bob!);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call('PUT', `/messages/${message.id}/read`, bob!)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(await unreadCount(bob!)).toBe(1);
  });
});

describe('DELETE /messages/{id}', () => {
  test('deletes for oneself: gone from my folder and my count, the other still sees it', async () => {
    const [ann, bob] = await friends(t.app);
    const message = await send(t.app, ann!, bob!);
    const kept = await send(t.app, ann!, bob!);
    const res = await call('DELETE', `/messages/${message.id}`, bob!);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: message.id, unreadCount: 1 });
    expect((await call('GET', `/messages/${message.id}`, bob!)).statusCode).toBe(404);
    expect((await call('DELETE', `/messages/${message.id}`, bob!)).statusCode).toBe(404);
    expect((await call('PUT', `/messages/${message.id}/read`, bob!)).statusCode).toBe(404);
    const inbox = (await call('GET', '/messages', bob!)).json();
    expect(ids(inbox.data)).toEqual([kept.id]);
    expect(inbox.meta).toMatchObject({ total: 1, unreadCount: 1 });
    // The sender still has it, unread.
    expect((await call('GET', `/messages/${message.id}`, ann!)).json().data).toEqual(message);
    const sent = (await call('GET', '/messages?folder=sent', ann!)).json();
    expect(ids(sent.data)).toEqual([kept.id, message.id]);
    expect(sent.meta.total).toBe(2);
  });

  test('the sender deletes from the sent folder only; when both have, it is gone for both', async () => {
    const [ann, bob] = await friends(t.app);
    const message = await send(t.app, ann!, bob!);
    expect((await call('DELETE', `/messages/${message.id}`, ann!)).json().data).toEqual({
      id: message.id,
      unreadCount: 0,
    });
    expect((await call('GET', '/messages?folder=sent', ann!)).json().meta.total).toBe(0);
    expect((await call('GET', `/messages/${message.id}`, ann!)).statusCode).toBe(404);
    expect((await call('GET', `/messages/${message.id}`, bob!)).statusCode).toBe(200);
    expect(await unreadCount(bob!)).toBe(1);
    // A read of the recipient's still works, and their delete then removes the message.
    expect((await call('PUT', `/messages/${message.id}/read`, bob!)).json().data.unreadCount).toBe(0);
    expect((await call('DELETE', `/messages/${message.id}`, bob!)).statusCode).toBe(200);
    expect((await call('GET', `/messages/${message.id}`, bob!)).statusCode).toBe(404);
    const row = await t.app.db.kysely
      .selectFrom('messages')
      .select('id')
      .where('id', '=', message.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});

describe('the notification', () => {
  test('the recipient gets a stored notification of type message with relatedMessageId, pushed with its id', async () => {
    const [ann, bob] = await friends(t.app);
    const url = await listen(t.app);
    const bobSocket = await socketOf(url, bob!);
    const annSocket = await socketOf(url, ann!);
    try {
      const bobEvents = collect(bobSocket);
      const annEvents = collect(annSocket);
      const message = await send(t.app, ann!, bob!);
      const [pushed] = await received(bobEvents, 1);
      expect(pushed).toMatchObject({
        type: 'message',
        jsonPayload: { relatedMessageId: message.id, relatedFriendId: ann!.id },
        isRead: false,
      });
      expect(pushed!.id).not.toBe(REALTIME_ONLY_ID);
      const stored = await call('GET', `/notifications/${pushed!.id}`, bob!);
      expect(stored.statusCode).toBe(200);
      expect(stored.json().data).toEqual(pushed);
      // The sender's other devices hear of it too, realtime only (nothing stored for the sender).
      const [mine] = await received(annEvents, 1);
      expect(mine).toMatchObject({
        id: REALTIME_ONLY_ID,
        type: 'message',
        jsonPayload: { relatedMessageId: message.id, action: 'sent' },
      });
      // Reading it tells the reader's devices, once.
      await call('PUT', `/messages/${message.id}/read`, bob!);
      await call('PUT', `/messages/${message.id}/read`, bob!);
      await received(bobEvents, 2);
      // A later message's push arrives third: the second read pushed nothing in between.
      const later = await send(t.app, ann!, bob!);
      await received(bobEvents, 3);
      expect(bobEvents[1]).toMatchObject({ id: REALTIME_ONLY_ID, jsonPayload: { action: 'read' } });
      expect(bobEvents[2]).toMatchObject({ type: 'message', jsonPayload: { relatedMessageId: later.id } });
    } finally {
      bobSocket.disconnect();
      annSocket.disconnect();
    }
  });
});

describe('GET /messages/unread/count', () => {
  test('answers data.count: my unread inbox messages, not the ones I sent', async () => {
    const [ann, bob] = await friends(t.app);
    expect((await call('GET', '/messages/unread/count', bob!)).json()).toEqual({
      success: true,
      data: { count: 0 },
    });
    await send(t.app, ann!, bob!);
    await send(t.app, ann!, bob!);
    await send(t.app, bob!, ann!);
    expect(await unreadCount(bob!)).toBe(2);
    expect(await unreadCount(ann!)).toBe(1);
    expect((await call('GET', '/messages/unread/count', null)).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  test('publishes every messages route with its tag and bearer security, and the 403 of a send', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1.0/docs/json' })).json<{
      paths: Record<
        string,
        Record<string, { tags?: string[]; security?: unknown[]; responses?: Record<string, unknown> }>
      >;
    }>();
    const routes: [string, string][] = [
      ['/messages', 'get'],
      ['/messages', 'post'],
      ['/messages/unread/count', 'get'],
      ['/messages/{id}', 'get'],
      ['/messages/{id}/read', 'put'],
      ['/messages/{id}', 'delete'],
    ];
    for (const [path, method] of routes) {
      const op = doc.paths[`/api/v1.0${path}`]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op?.tags).toEqual(['messages']);
      expect(op?.security).toEqual([{ bearerAuth: [] }]);
    }
    expect(Object.keys(doc.paths['/api/v1.0/messages']!.post!.responses!)).toEqual(
      expect.arrayContaining(['200', '201', '400', '401', '403', '409']),
    );
  });
});
