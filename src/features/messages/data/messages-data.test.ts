// The messages' offline path inside the client: writes land in Dexie and the outbox together, the
// real replayer sends them through the real transport to an in-memory server double, the handlers
// reconcile, the unread count drops once per read message and is then taken from the server.
import { File as NodeFile } from 'node:buffer';
import { ListFormData } from '@/testing/list-form-data';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, beforeAll } from 'vitest';
import { TEST_USER } from '@/testing/session-mock';
import { db } from '@/lib/db';
import { createReplayer, type Replayer } from '@/lib/outbox';
import { installMessagesServer, participant } from '@/features/messages/testing/fake-messages-server';
import {
  applyServerUnreadCount,
  deleteMessage,
  handleMessageEvent,
  markMessageRead,
  MESSAGES_PAGE_SIZE,
  readUnreadCount,
  sendMessage,
  syncFolder,
  syncMessage,
  useFolderMessages,
  useUnreadCount,
} from './index';
import { registerOutboxHandlers } from '@/lib/outbox';
import { messageHandlers } from './handlers';
import { BOB as bob } from '@/testing/friends';
import { signedInDataPerTest } from '@/testing/signed-in-app';

beforeAll(() => registerOutboxHandlers(messageHandlers));

const me = participant({ id: TEST_USER.id, username: 'jane', firstName: 'Jane', lastName: 'Doe' });
const bobAsParticipant = participant(bob);

signedInDataPerTest('messages-test');
// Every replayer a test made: a retry it planned (an offline send waits 1 s) must not fire once the
// test's database is closed (an unhandled DatabaseClosedError after the last test).
const replayers: Replayer[] = [];
afterEach(async () => {
  cleanup(); // the live queries unmount before their database closes
  for (const replayer of replayers.splice(0)) {
    replayer.cancelTimer();
    await replayer.settled();
  }
});

const replay = () => {
  const replayer = createReplayer({ random: () => 0, refresh: vi.fn() });
  replayers.push(replayer);
  return replayer.replay();
};
const count = async () => (await readUnreadCount(db))?.count;
const draft = { recipient: bobAsParticipant, subject: '  Track day  ', content: '<p>Saturday?</p>' };

describe('sending', () => {
  it('keeps the message in the sent folder and queues one POST with its client id', async () => {
    installMessagesServer({ me, friends: [bob] });
    const id = await sendMessage(draft);
    expect(await db.messages.get(id)).toMatchObject({
      id,
      folder: 'sent',
      subject: 'Track day',
      sender: { id: me.id, firstName: 'Jane' },
      recipient: { id: bob.id },
      isRead: false,
    });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'message.send', entityId: id, method: 'POST', path: '/messages' });
    expect(entry?.body).toEqual({
      type: 'json',
      json: { id, recipientId: bob.id, subject: 'Track day', content: '<p>Saturday?</p>' },
    });
  });

  it('composed offline, it is replayed once when the network is back, with one idempotency key', async () => {
    const server = installMessagesServer({ me, friends: [bob] });
    server.setOffline(true);
    const id = await sendMessage(draft);
    await replay(); // offline: kept, retried later
    expect(await db.outbox.count()).toBe(1);
    server.setOffline(false);
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await replay();
    await replay(); // nothing left to send
    const posts = server.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2); // the offline attempt and the one that arrived
    expect(new Set(posts.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(server.messages.size).toBe(1);
    expect(server.messages.get(id)?.recipient.id).toBe(bob.id);
    expect(await db.outbox.count()).toBe(0);
    // Reconciled with the server's copy (its time).
    expect((await db.messages.get(id))?.createdAt).toBe(server.messages.get(id)?.createdAt);
  });

  it('a send the server refuses shows as failed on its row', async () => {
    const server = installMessagesServer({ me, friends: [bob] });
    server.failNext('POST /messages', 403, 'FORBIDDEN');
    await sendMessage(draft);
    await replay();
    const { result } = renderHook(() => useFolderMessages('sent', false, MESSAGES_PAGE_SIZE));
    await waitFor(() => expect(result.current?.messages.map((m) => m.syncState)).toEqual(['failed']));
  });
});

describe('read marks and the unread count', () => {
  async function seedInbox(server: ReturnType<typeof installMessagesServer>, unread: number) {
    for (let i = 0; i < unread; i++) server.receive(bobAsParticipant, { subject: `m${i}` });
    await syncFolder('inbox');
  }

  it('opening an unread message twice lowers the count once and queues one read mark', async () => {
    const server = installMessagesServer({ me, friends: [bob] });
    await seedInbox(server, 3);
    expect(await count()).toBe(3);
    const [first] = await db.messages.toArray();
    expect(await markMessageRead(first!.id)).toBe(true);
    expect(await markMessageRead(first!.id)).toBe(false);
    expect(await count()).toBe(2);
    expect((await db.messages.get(first!.id))?.isRead).toBe(true);
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => [e.kind, e.method, e.path])).toEqual([
      ['message.read', 'PUT', `/messages/${first!.id}/read`],
    ]);
    await replay();
    expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    expect(await count()).toBe(2);
  });

  it('a read message, a sent message or an unknown one is not marked', async () => {
    const server = installMessagesServer({ me, friends: [bob] });
    server.receive(bobAsParticipant, { isRead: true });
    await syncFolder('inbox');
    const sentId = await sendMessage(draft);
    const [read] = await db.messages.where('folder').equals('inbox').toArray();
    const before = await count();
    expect(await markMessageRead(read!.id)).toBe(false);
    expect(await markMessageRead(sentId)).toBe(false);
    expect(await markMessageRead(crypto.randomUUID())).toBe(false);
    expect(await count()).toBe(before);
    expect(await db.outbox.where('kind').equals('message.read').count()).toBe(0);
  });

  it("takes the count from the read's answer, not from local arithmetic", async () => {
    const server = installMessagesServer({ me, friends: [bob] });
    await seedInbox(server, 2);
    const [first] = await db.messages.toArray();
    await markMessageRead(first!.id);
    expect(await count()).toBe(1);
    // Meanwhile two more arrived on the server that this device has not heard of.
    server.receive(bobAsParticipant);
    server.receive(bobAsParticipant);
    await replay();
    expect(await count()).toBe(3);
  });

  it('a list answered while read marks are queued does not undo them', async () => {
    const server = installMessagesServer({ me, friends: [bob] });
    await seedInbox(server, 2);
    const [first] = await db.messages.toArray();
    server.setOffline(true);
    await markMessageRead(first!.id);
    server.setOffline(false);
    await syncFolder('inbox'); // the server still says 2 unread and this one unread
    expect(await count()).toBe(1);
    expect((await db.messages.get(first!.id))?.isRead).toBe(true);
    await replay();
    expect(await count()).toBe(1);
  });

  it('an answer asked for before the figure held is ignored', async () => {
    installMessagesServer({ me, friends: [bob] });
    expect(await applyServerUnreadCount(db, 5, 2000)).toBe(true);
    expect(await applyServerUnreadCount(db, 9, 1000)).toBe(false);
    expect(await count()).toBe(5);
  });

  it('deleting an unread received message lowers the count and takes the figure from the answer', async () => {
    const server = installMessagesServer({ me, friends: [bob] });
    await seedInbox(server, 2);
    const [first] = await db.messages.toArray();
    await deleteMessage(first!.id);
    expect(await db.messages.get(first!.id)).toBeUndefined();
    expect(await count()).toBe(1);
    server.receive(bobAsParticipant);
    await replay();
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/messages/${first!.id}`,
    ]);
    expect(await count()).toBe(2);
  });

  it('the live hook follows the count', async () => {
    const server = installMessagesServer({ me, friends: [bob] });
    const { result } = renderHook(() => useUnreadCount());
    await waitFor(() => expect(result.current).toBeNull());
    await act(() => seedInbox(server, 4));
    await waitFor(() => expect(result.current).toBe(4));
  });
});

describe('folders', () => {
  it('asks for a page of a folder with unreadOnly as text and keeps each folder apart, newest first', async () => {
    const server = installMessagesServer({ me, friends: [bob] });
    const a = server.receive(bobAsParticipant, { subject: 'older' });
    const b = server.receive(bobAsParticipant, { subject: 'newer', isRead: true });
    await sendMessage(draft);
    await replay();
    await syncFolder('inbox');
    await syncFolder('sent');
    const [inboxCall] = server.requests.filter((r) => r.method === 'GET' && r.path === '/messages');
    expect(Object.fromEntries(inboxCall!.query)).toEqual({
      folder: 'inbox',
      offset: '0',
      limit: String(MESSAGES_PAGE_SIZE),
      unreadOnly: 'false',
    });
    expect(MESSAGES_PAGE_SIZE).toBe(20);

    const inbox = renderHook(() => useFolderMessages('inbox', false, MESSAGES_PAGE_SIZE));
    await waitFor(() => expect(inbox.result.current?.messages.map((m) => m.id)).toEqual([b.id, a.id]));
    const unread = renderHook(() => useFolderMessages('inbox', true, MESSAGES_PAGE_SIZE));
    await waitFor(() => expect(unread.result.current?.messages.map((m) => m.id)).toEqual([a.id]));
    const sent = renderHook(() => useFolderMessages('sent', false, MESSAGES_PAGE_SIZE));
    await waitFor(() => expect(sent.result.current?.messages.map((m) => m.subject)).toEqual(['Track day']));
  });

  it('pages: the second page asks offset 20, and the hook says when more rows are held', async () => {
    const server = installMessagesServer({ me, friends: [bob] });
    for (let i = 0; i < 25; i++) server.receive(bobAsParticipant, { subject: `m${i}` });
    expect(await syncFolder('inbox')).toEqual({ total: 25, received: 20 });
    expect(await syncFolder('inbox', { offset: 20 })).toEqual({ total: 25, received: 5 });
    expect(server.requests.at(-1)?.query.get('offset')).toBe('20');
    const { result } = renderHook(() => useFolderMessages('inbox', false, MESSAGES_PAGE_SIZE));
    await waitFor(() => expect(result.current?.messages).toHaveLength(20));
    expect(result.current?.more).toBe(true);
    expect(result.current?.messages[0]?.subject).toBe('m24');
  });

  it('drops messages deleted on another device, keeps those with queued writes', async () => {
    const server = installMessagesServer({ me, friends: [bob] });
    const gone = server.receive(bobAsParticipant);
    const kept = server.receive(bobAsParticipant);
    await syncFolder('inbox');
    server.messages.get(gone.id)!.recipientDeleted = true;
    server.messages.get(kept.id)!.recipientDeleted = true;
    server.setOffline(true);
    await markMessageRead(kept.id);
    server.setOffline(false);
    vi.useFakeTimers({ now: Date.now() + 5000, toFake: ['Date'] });
    await syncFolder('inbox');
    vi.useRealTimers();
    expect(await db.messages.get(gone.id)).toBeUndefined();
    expect(await db.messages.get(kept.id)).toBeDefined();
  });
});

describe('live messages', () => {
  const event = (payload: Record<string, unknown>, id: string = crypto.randomUUID()) => ({
    id,
    type: 'message',
    jsonPayload: payload,
    createdAt: new Date().toISOString(),
  });

  it('a message received over the socket is fetched into the inbox and raises the count once', async () => {
    const server = installMessagesServer({ me, friends: [bob] });
    await syncFolder('inbox');
    expect(await count()).toBe(0);
    const message = server.receive(bobAsParticipant, { subject: 'Live' });
    await handleMessageEvent(event({ relatedMessageId: message.id, relatedFriendId: bob.id }));
    await handleMessageEvent(event({ relatedMessageId: message.id, relatedFriendId: bob.id }));
    expect(await db.messages.get(message.id)).toMatchObject({ folder: 'inbox', subject: 'Live' });
    expect(await count()).toBe(1);
  });

  it('what my other device did: a message deleted there goes here, one read there is read here', async () => {
    const server = installMessagesServer({ me, friends: [bob] });
    const a = server.receive(bobAsParticipant);
    const b = server.receive(bobAsParticipant);
    await syncFolder('inbox');
    server.messages.get(a.id)!.recipientDeleted = true;
    await handleMessageEvent(event({ relatedMessageId: a.id, action: 'deleted' }, '-'.repeat(36)));
    expect(await db.messages.get(a.id)).toBeUndefined();
    server.messages.get(b.id)!.isRead = true;
    await handleMessageEvent(event({ relatedMessageId: b.id, action: 'read' }, '-'.repeat(36)));
    expect((await db.messages.get(b.id))?.isRead).toBe(true);
    expect(await count()).toBe(0);
  });

  it('a message not on this device is fetched by id; one the server no longer shows is dropped', async () => {
    const server = installMessagesServer({ me, friends: [bob] });
    const message = server.receive(bobAsParticipant);
    expect((await syncMessage(message.id)).added).toBe(true);
    server.messages.get(message.id)!.recipientDeleted = true;
    expect((await syncMessage(message.id)).message).toBeNull();
    expect(await db.messages.get(message.id)).toBeUndefined();
  });
});

describe('a message with photos, written offline', () => {
  it('shows them from this device, and reaches the server exactly once with all of them', async () => {
    vi.stubGlobal('FormData', ListFormData);
    const server = installMessagesServer({ me, friends: [bob] });
    server.setOffline(true);
    const photo = () => new NodeFile(['jpeg'], 'p.jpg', { type: 'image/jpeg' }) as unknown as File;
    const id = await sendMessage({
      recipient: bobAsParticipant,
      subject: '',
      content: '',
      images: [photo(), photo()],
    });
    const row = await db.messages.get(id);
    expect(row?.images.map((i) => i.url)).toEqual([
      expect.stringMatching(/^local:/),
      expect.stringMatching(/^local:/),
    ]);
    await replay();
    // Offline, the request never left: one key for every try, and one try that reached the server.
    const tried = server.writes().length;
    server.setOffline(false);
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await replay();
    await replay();
    const sends = server
      .writes()
      .slice(tried)
      .filter((r) => r.path === '/messages/with-images');
    expect(sends).toHaveLength(1);
    expect(new Set(server.writes().map((r) => r.idempotencyKey)).size).toBe(1);
    expect(sends[0]?.files).toHaveLength(2);
    expect(sends[0]?.body).toMatchObject({ id, recipientId: bob.id, content: '' });
    await waitFor(async () =>
      expect((await db.messages.get(id))?.images.map((i) => i.url)).toEqual([
        expect.stringMatching(/^\/api\/v1\.0\/messages\//),
        expect.stringMatching(/^\/api\/v1\.0\/messages\//),
      ]),
    );
    expect(await db.mediaBlobs.count()).toBe(0);
    await expect(
      sendMessage({
        recipient: bobAsParticipant,
        subject: '',
        content: 'x',
        images: Array.from({ length: 5 }, photo),
      }),
    ).rejects.toBeInstanceOf(RangeError);
  });
});
