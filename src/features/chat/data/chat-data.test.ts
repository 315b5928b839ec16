// The chat's offline path inside the client: writes land in Dexie and the outbox together, the
// real replayer sends them through the real transport to the in-memory server double, the handlers
// reconcile (a friend's placeholder room becomes the real one), the unread total drops on a read
// mark and is then taken from the server, sync keeps queued rows and drops rooms I left.
import { File as NodeFile } from 'node:buffer';
import { ListFormData } from '@/testing/list-form-data';
import { describe, expect, it, vi, beforeAll } from 'vitest';
import { TEST_USER } from '@/testing/session-mock';
import { REALTIME_ONLY_ID } from '@/contract/socket-events';
import { db } from '@/lib/db';
import { createReplayer } from '@/lib/outbox';
import { chatMember, installChatServer } from '@/features/chat/testing/fake-chat-server';
import {
  applyServerChatUnread,
  directKey,
  handleChatGroupEvent,
  handleChatMessageEvent,
  markRoomRead,
  readChatUnread,
  sendChatMessage,
  syncRoomMessages,
  syncRooms,
} from './index';
import { CHAT_LOCAL_MESSAGES_MAX } from './types';
import { registerOutboxHandlers } from '@/lib/outbox';
import { chatHandlers } from './handlers';
import { BOB as bob } from '@/testing/friends';
import { signedInDataPerTest } from '@/testing/signed-in-app';

beforeAll(() => registerOutboxHandlers(chatHandlers));

const me = chatMember({ id: TEST_USER.id, username: 'jane', firstName: 'Jane', lastName: 'Doe' });
const bobM = chatMember(bob);

signedInDataPerTest('chat-data');

const replay = () => createReplayer({ random: () => 0, refresh: vi.fn() }).replay();
const total = async () => (await readChatUnread(db))?.count;

describe('sending to a friend before the direct room exists', () => {
  it('keeps the rows under the friend’s placeholder, chains the sends, and moves them into the room the first one created', async () => {
    const server = installChatServer({ me, friends: [bob] });
    server.setOffline(true);
    const first = await sendChatMessage({ friendId: bob.id }, '  one  ');
    const second = await sendChatMessage({ friendId: bob.id }, 'two');
    const rows = await db.chatMessages
      .where('[chatRoomId+createdAt]')
      .between([directKey(bob.id), ''], [directKey(bob.id), '\uffff'])
      .toArray();
    expect(rows.map((r) => [r.id, r.content])).toEqual([
      [first, 'one'],
      [second, 'two'],
    ]);
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => (e.body as { json: unknown }).json)).toEqual([
      { id: first, content: 'one', recipientId: bob.id },
      { id: second, content: 'two', recipientId: bob.id },
    ]);
    expect(entries[1]!.dependsOn).toEqual([entries[0]!.id]);
    await replay(); // offline: kept
    expect(await db.outbox.count()).toBe(2);

    server.setOffline(false);
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await replay();
    await replay();
    expect(await db.outbox.count()).toBe(0);
    const [roomId] = [...server.messages.keys()];
    expect(server.messages.get(roomId!)!.map((m) => m.id)).toEqual([first, second]);
    expect((await db.chatMessages.toArray()).map((r) => r.chatRoomId)).toEqual([roomId, roomId]);
    expect(await db.chatMessages.where('chatRoomId').equals(directKey(bob.id)).count()).toBe(0);
    const room = await db.chatRooms.get(roomId!);
    expect((room?.lastMessage as { id: string } | null)?.id).toBe(second);
  });

  it('concurrent sends of one room still form one chain (each waits for the one before)', async () => {
    const server = installChatServer({ me, friends: [bob] });
    const room = server.addDirectRoom(bobM);
    server.setOffline(true);
    await Promise.all(['a', 'b', 'c'].map((text) => sendChatMessage({ chatRoomId: room.id }, text)));
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => e.dependsOn ?? [])).toEqual([[], [entries[0]!.id], [entries[1]!.id]]);
  });
});

describe('unread counts', () => {
  it('a read mark lowers the room and the total at once; server totals asked meanwhile are ignored until it is sent', async () => {
    const server = installChatServer({ me, friends: [bob] });
    const room = server.addDirectRoom(bobM);
    server.post(room.id, bobM, 'one');
    server.post(room.id, bobM, 'two');
    await syncRooms();
    expect(await total()).toBe(2);
    expect(await markRoomRead(room.id)).toBe(true);
    expect(await markRoomRead(room.id)).toBe(false); // nothing unread any more: nothing queued
    expect((await db.chatRooms.get(room.id))?.unreadCount).toBe(0);
    expect(await total()).toBe(0);
    expect(await applyServerChatUnread(db, 2, Date.now())).toBe(false);
    await syncRooms(); // the server still says 2: the local room keeps 0 while the mark is queued
    expect((await db.chatRooms.get(room.id))?.unreadCount).toBe(0);
    expect(await total()).toBe(0);
    await replay();
    expect(server.unread(room.id)).toBe(0);
    await syncRooms();
    expect(await total()).toBe(0);
  });

  it('a live message from a friend is fetched once, its room refreshed and the total raised', async () => {
    const server = installChatServer({ me, friends: [bob] });
    const room = server.addDirectRoom(bobM);
    await syncRooms();
    expect(await total()).toBe(0);
    const message = server.post(room.id, bobM, 'ping');
    const event = {
      id: REALTIME_ONLY_ID,
      type: 'chatmessage',
      createdAt: new Date().toISOString(),
      jsonPayload: { relatedChatRoomId: room.id, relatedChatMessageId: message.id, relatedChatGroupId: null },
    };
    await handleChatMessageEvent(event);
    await handleChatMessageEvent(event); // a repeat: already here
    expect((await db.chatMessages.get(message.id))?.content).toBe('ping');
    expect((await db.chatRooms.get(room.id))?.unreadCount).toBe(1);
    expect(await total()).toBe(1);
    expect(server.requests.filter((r) => r.path === `/chat-messages/${message.id}`)).toHaveLength(1);
  });
});

describe('sync', () => {
  it('older pages add rows; queued sends are never overwritten', async () => {
    const server = installChatServer({ me, friends: [bob] });
    const room = server.addDirectRoom(bobM);
    for (let i = 0; i < 25; i += 1) server.post(room.id, bobM, `m${i}`);
    expect(await syncRoomMessages(room.id)).toMatchObject({ total: 25, received: 20 });
    expect(await syncRoomMessages(room.id, { offset: 20 })).toMatchObject({ total: 25, received: 5 });
    expect(await db.chatMessages.where('chatRoomId').equals(room.id).count()).toBe(25);
    server.setOffline(true);
    const id = await sendChatMessage({ chatRoomId: room.id }, 'mine');
    server.setOffline(false);
    server.post(room.id, me, 'server copy', undefined, id); // as if another answer came first
    await syncRoomMessages(room.id);
    expect((await db.chatMessages.get(id))?.content).toBe('mine');
  });

  it('keeps the newest 500 messages of a room when it is opened again; queued sends stay', async () => {
    expect(CHAT_LOCAL_MESSAGES_MAX).toBe(500);
    const server = installChatServer({ me, friends: [bob] });
    const room = server.addDirectRoom(bobM);
    server.setOffline(true);
    const queued = await sendChatMessage({ chatRoomId: room.id }, 'not sent yet');
    server.setOffline(false);
    const old = (i: number) => ({
      id: `old-${String(i).padStart(3, '0')}`,
      chatRoomId: room.id,
      sender: bobM,
      content: `old ${i}`,
      createdAt: new Date(Date.UTC(2020, 0, 1, 0, 0, i)).toISOString(),
    });
    // Scrolled far back once: 510 older messages on the device, the queued one is older still.
    await db.chatMessages.bulkPut(Array.from({ length: 510 }, (_, i) => old(i)) as never);
    await db.chatMessages.update(queued, { createdAt: '2019-01-01T00:00:00.000Z' });
    for (let i = 0; i < 5; i += 1) server.post(room.id, bobM, `new ${i}`);
    await syncRoomMessages(room.id); // opened again: the newest page
    const kept = await db.chatMessages.where('chatRoomId').equals(room.id).toArray();
    expect(kept).toHaveLength(501); // 500 newest + the queued send
    expect(kept.some((m) => m.id === queued)).toBe(true);
    expect(kept.some((m) => m.id === 'old-000')).toBe(false); // the oldest went
    expect(kept.some((m) => m.id === 'old-509')).toBe(true);
    await syncRoomMessages(room.id, { offset: 20 }); // an older page never trims
    expect(await db.chatMessages.where('chatRoomId').equals(room.id).count()).toBe(501);
  });

  it('a room I left or was removed from goes with its messages: by the list, and by a group event', async () => {
    const server = installChatServer({ me, friends: [bob] });
    const a = server.addGroup({ name: 'A', ownerId: bob.id, memberIds: [me.id] });
    const b = server.addGroup({ name: 'B', ownerId: bob.id, memberIds: [me.id] });
    server.post(a.chatRoomId, bobM, 'in A');
    await syncRooms();
    await syncRoomMessages(a.chatRoomId);
    expect(await db.chatRooms.count()).toBe(2);
    server.rooms.get(b.chatRoomId)!.participants = [bob.id];
    await syncRooms();
    expect((await db.chatRooms.toArray()).map((r) => r.id)).toEqual([a.chatRoomId]);
    await handleChatGroupEvent({
      id: REALTIME_ONLY_ID,
      type: 'chatgroup',
      createdAt: new Date().toISOString(),
      jsonPayload: { relatedChatGroupId: a.id, relatedChatRoomId: a.chatRoomId, action: 'removed' },
    });
    expect(await db.chatRooms.count()).toBe(0);
    expect(await db.chatMessages.count()).toBe(0);
  });
});

describe('a chat line with photos, written offline', () => {
  it('shows them from this device, and reaches the server exactly once with all of them', async () => {
    vi.stubGlobal('FormData', ListFormData);
    const server = installChatServer({ me, friends: [bob] });
    server.setOffline(true);
    const photo = () => new NodeFile(['jpeg'], 'p.jpg', { type: 'image/jpeg' }) as unknown as File;
    const id = await sendChatMessage({ friendId: bob.id }, '', undefined, [photo(), photo(), photo()]);
    expect((await db.chatMessages.get(id))?.images).toHaveLength(3);
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
      .filter((r) => r.path === '/chat-messages/with-images');
    expect(sends).toHaveLength(1);
    expect(new Set(server.writes().map((r) => r.idempotencyKey)).size).toBe(1);
    expect(sends[0]?.files).toHaveLength(3);
    expect(sends[0]?.body).toMatchObject({ id, recipientId: bob.id, content: '' });
    const row = await db.chatMessages.get(id);
    expect(row?.chatRoomId).not.toBe(directKey(bob.id));
    expect(row?.images.map((i) => i.url)).toEqual([
      expect.stringMatching(/^\/api\/v1\.0\/chat-messages\//),
      expect.stringMatching(/^\/api\/v1\.0\/chat-messages\//),
      expect.stringMatching(/^\/api\/v1\.0\/chat-messages\//),
    ]);
    expect(await db.mediaBlobs.count()).toBe(0);
  });
});
