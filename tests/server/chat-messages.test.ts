// Chat messages and rooms (spec §7 "Chat", §9 "page 1, 20 per page"): direct chat between friends
// in one room per pair, group chat, newest first, unread counts per participant, mark-all-read,
// idempotent sends, plain text.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChatMessage,
  type ChatMessageListMeta,
  type ChatRoom,
  type ChatRoomListMeta,
  type ChatRoomRead,
} from '../../src/contract/chat';
import { CHAT_MESSAGE_CONTENT_MAX } from '../../src/contract/constants';
import { createTestApp, type TestApp } from './helpers';
import {
  caller,
  createGroup,
  friends,
  ownerWithFriends,
  person,
  room,
  say,
  type Person,
} from './chat-fixtures';

type Page = { data: ChatMessage[]; meta: ChatMessageListMeta };

describe('chat messages', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
  });
  afterAll(() => t.close());

  it('pins the content limit', () => {
    expect(CHAT_MESSAGE_CONTENT_MAX).toBe(4000);
  });

  it('direct chat by recipientId makes one room for the pair, shared by both directions', async () => {
    const [a, b] = await friends(t.app, 2);
    const none = await call('GET', `/chat-messages?recipientId=${b!.id}`, a!);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json<Page>()).toMatchObject({ data: [], meta: { total: 0, chatRoomId: null } });

    const first = await say(t.app, a!, { recipientId: b!.id }, 'Hi B');
    const reply = await say(t.app, b!, { recipientId: a!.id }, 'Hi A');
    const third = await say(t.app, a!, { chatRoomId: first.chatRoomId }, 'By room id');
    expect(reply.chatRoomId).toBe(first.chatRoomId);
    expect(third.chatRoomId).toBe(first.chatRoomId);
    expect(first.sender).toEqual({
      id: a!.id,
      username: a!.username,
      firstName: 'C0',
      lastName: 'Chat',
      avatar: null,
    });
    const rooms = await t.app.db.kysely
      .selectFrom('chat_rooms')
      .select('id')
      .where('chat_group_id', 'is', null);
    const pairRooms = (await rooms.execute()).filter((r) => r.id === first.chatRoomId);
    expect(pairRooms).toHaveLength(1);

    const pairs: [Person, Person][] = [
      [a!, b!],
      [b!, a!],
    ];
    for (const [me, other] of pairs) {
      const res = await call('GET', `/chat-messages?recipientId=${other.id}`, me);
      const page = res.json<Page>();
      expect(page.meta).toEqual({ total: 3, limit: 20, offset: 0, chatRoomId: first.chatRoomId });
      expect(page.data.map((m) => m.content)).toEqual(['By room id', 'Hi A', 'Hi B']);
      const list = (await call('GET', '/chat-rooms', me)).json<{ data: ChatRoom[] }>().data;
      expect(list.filter((r) => r.id === first.chatRoomId)).toHaveLength(1);
      const view = await room(t.app, me, first.chatRoomId);
      expect(view.chatGroupId).toBeNull();
      expect(view.name).toBeNull();
      expect(view.participants.map((p) => p.id).sort()).toEqual([a!.id, b!.id].sort());
      expect(view.lastMessage?.id).toBe(third.id);
    }
  });

  it('refuses a non-friend recipient (403) and oneself (400), creating no room', async () => {
    const a = await person(t.app);
    const stranger = await person(t.app);
    const res = await call('POST', '/chat-messages', a, { recipientId: stranger.id, content: 'Hey' });
    expect(res.statusCode, res.body).toBe(403);
    expect((await call('POST', '/chat-messages', a, { recipientId: a.id, content: 'Me' })).statusCode).toBe(
      400,
    );
    expect((await call('GET', '/chat-rooms', a)).json<{ meta: ChatRoomListMeta }>().meta.total).toBe(0);
    expect((await call('GET', '/chat-rooms', stranger)).json<{ meta: ChatRoomListMeta }>().meta.total).toBe(
      0,
    );
  });

  it('ex-friends keep their history but cannot write any more', async () => {
    const [a, b] = await friends(t.app, 2);
    const m = await say(t.app, a!, { recipientId: b!.id }, 'Before');
    expect((await call('DELETE', `/friends/${b!.id}`, a!)).statusCode).toBe(200);
    expect((await call('POST', '/chat-messages', a!, { recipientId: b!.id, content: 'x' })).statusCode).toBe(
      403,
    );
    expect(
      (await call('POST', '/chat-messages', b!, { chatRoomId: m.chatRoomId, content: 'x' })).statusCode,
    ).toBe(403);
    const page = (await call('GET', `/chat-messages/chat-room/${m.chatRoomId}`, b!)).json<Page>();
    expect(page.data.map((x) => x.id)).toEqual([m.id]);
  });

  it('takes exactly one destination', async () => {
    const [a, b] = await friends(t.app, 2);
    const [owner, [f]] = await ownerWithFriends(t.app, 1);
    const group = await createGroup(t.app, owner, [f!]);
    for (const body of [
      { content: 'nowhere' },
      { content: 'two', recipientId: b!.id, chatGroupId: group.id },
      { content: 'two', recipientId: b!.id, chatRoomId: group.chatRoomId },
    ]) {
      const res = await call('POST', '/chat-messages', a!, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('GET', '/chat-messages', a!)).statusCode).toBe(400);
    expect(
      (await call('GET', `/chat-messages?recipientId=${b!.id}&chatGroupId=${group.id}`, a!)).statusCode,
    ).toBe(400);
  });

  it('stores plain text trimmed and as written; refuses empty and over-long content', async () => {
    const [a, b] = await friends(t.app, 2);
    for (const content of ['', '   \n\t ', 'x'.repeat(CHAT_MESSAGE_CONTENT_MAX + 1)]) {
      const res = await call('POST', '/chat-messages', a!, { recipientId: b!.id, content });
      expect(res.statusCode, content.slice(0, 10)).toBe(400);
    }
    const html = await say(t.app, a!, { recipientId: b!.id }, '  <img src=x onerror=alert(1)> & <b>hi</b>\n');
    expect(html.content).toBe('<img src=x onerror=alert(1)> & <b>hi</b>');
    const longest = await say(t.app, a!, { recipientId: b!.id }, ` ${'y'.repeat(CHAT_MESSAGE_CONTENT_MAX)} `);
    expect(longest.content).toHaveLength(CHAT_MESSAGE_CONTENT_MAX);
    const stored = await call('GET', `/chat-messages/${html.id}`, b!);
    expect(stored.json<{ data: ChatMessage }>().data.content).toBe(
      '<img src=x onerror=alert(1)> & <b>hi</b>',
    );
  });

  it('pages a room newest first, 20 per page by default, in send order even within a millisecond', async () => {
    const [owner, [f]] = await ownerWithFriends(t.app, 1);
    const group = await createGroup(t.app, owner, [f!]);
    const sent: ChatMessage[] = [];
    for (let i = 0; i < 25; i++)
      sent.push(await say(t.app, i % 2 ? f! : owner, { chatGroupId: group.id }, `m${i}`));
    const expected = sent.map((m) => m.id).reverse();

    const byRoom = (await call('GET', `/chat-messages/chat-room/${group.chatRoomId}`, owner)).json<Page>();
    expect(byRoom.meta).toEqual({ total: 25, limit: 20, offset: 0, chatRoomId: group.chatRoomId });
    expect(byRoom.data.map((m) => m.id)).toEqual(expected.slice(0, 20));
    const byGroup = (await call('GET', `/chat-messages?chatGroupId=${group.id}`, f!)).json<Page>();
    expect(byGroup.meta).toEqual({ total: 25, limit: 20, offset: 0, chatRoomId: group.chatRoomId });
    expect(byGroup.data.map((m) => m.id)).toEqual(expected.slice(0, 20));
    const rest = (
      await call('GET', `/chat-messages/chat-room/${group.chatRoomId}?limit=20&offset=20`, owner)
    ).json<Page>();
    expect(rest.data.map((m) => m.id)).toEqual(expected.slice(20));
    const small = (
      await call('GET', `/chat-messages?chatGroupId=${group.id}&limit=3&offset=1`, f!)
    ).json<Page>();
    expect(small.data.map((m) => m.id)).toEqual(expected.slice(1, 4));
    expect(
      (await call('GET', `/chat-messages/chat-room/${group.chatRoomId}?limit=101`, owner)).statusCode,
    ).toBe(400);

    // The message by id: participants only.
    const one = await call('GET', `/chat-messages/${sent[3]!.id}`, owner);
    expect(one.json<{ data: ChatMessage }>().data).toEqual(sent[3]);
    const outsider = await person(t.app);
    expect((await call('GET', `/chat-messages/${sent[3]!.id}`, outsider)).statusCode).toBe(404);
    expect((await call('GET', `/chat-messages/${randomUUID()}`, owner)).statusCode).toBe(404);
  });

  it('lists my rooms by newest activity with lastMessage; 20 by default', async () => {
    const [me, ...others] = await friends(t.app, 4);
    // Activity times are milliseconds: a short pause keeps each step later than the one before.
    const pause = () => new Promise((r) => setTimeout(r, 3));
    const m1 = await say(t.app, me!, { recipientId: others[0]!.id }, 'one');
    await pause();
    const m2 = await say(t.app, me!, { recipientId: others[1]!.id }, 'two');
    await pause();
    const m3 = await say(t.app, others[2]!, { recipientId: me!.id }, 'three');
    await pause();
    await say(t.app, others[0]!, { chatRoomId: m1.chatRoomId }, 'one again');
    const res = await call('GET', '/chat-rooms', me!);
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json<{ data: ChatRoom[]; meta: ChatRoomListMeta }>();
    expect(meta).toMatchObject({ total: 3, limit: 20, offset: 0 });
    expect(data.map((r) => r.id)).toEqual([m1.chatRoomId, m3.chatRoomId, m2.chatRoomId]);
    expect(data[0]!.lastMessage?.content).toBe('one again');
    expect(data[0]!.lastMessage?.sender.id).toBe(others[0]!.id);
    const paged = (await call('GET', '/chat-rooms?limit=1&offset=1', me!)).json<{ data: ChatRoom[] }>();
    expect(paged.data.map((r) => r.id)).toEqual([m3.chatRoomId]);
  });

  it('keeps an unread count per participant; mark-all-read zeroes mine only, again and again', async () => {
    const [owner, [a, b]] = await ownerWithFriends(t.app, 2);
    const group = await createGroup(t.app, owner, [a!, b!]);
    await say(t.app, owner, { chatGroupId: group.id }, 'o1');
    await say(t.app, owner, { chatGroupId: group.id }, 'o2');
    await say(t.app, a!, { chatRoomId: group.chatRoomId }, 'a1');
    const unread = async (who: typeof owner) => (await room(t.app, who, group.chatRoomId)).unreadCount;
    expect(await unread(owner)).toBe(1);
    expect(await unread(a!)).toBe(2);
    expect(await unread(b!)).toBe(3);
    const list = (await call('GET', '/chat-rooms', b!)).json<{ data: ChatRoom[]; meta: ChatRoomListMeta }>();
    expect(list.data[0]!.unreadCount).toBe(3);
    expect(list.meta.unreadCount).toBe(3);

    for (let i = 0; i < 2; i++) {
      // An empty body, or an empty JSON object: the same.
      const res = await call(
        'POST',
        `/chat-messages/${group.chatRoomId}/mark-all-read`,
        b!,
        i ? {} : undefined,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: ChatRoomRead }>().data).toMatchObject({
        chatRoomId: group.chatRoomId,
        unreadCount: 0,
      });
    }
    expect(await unread(b!)).toBe(0);
    expect(await unread(a!)).toBe(2);
    expect(await unread(owner)).toBe(1);
    await say(t.app, a!, { chatGroupId: group.id }, 'a2');
    expect(await unread(b!)).toBe(1);
    expect(await unread(owner)).toBe(2);
    expect(await unread(a!)).toBe(2);
    // An unknown room, or one I am not in: 404.
    expect((await call('POST', `/chat-messages/${randomUUID()}/mark-all-read`, b!)).statusCode).toBe(404);
  });

  it('a repeated client id answers the stored message (200) and stores one; another sender gets 409', async () => {
    const [a, b, c] = await friends(t.app, 3);
    const id = randomUUID();
    const first = await say(t.app, a!, { recipientId: b!.id }, 'Once', id);
    const again = await call('POST', '/chat-messages', a!, { id, recipientId: b!.id, content: 'Once' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ data: ChatMessage }>().data).toEqual(first);
    const other = await call('POST', '/chat-messages', c!, { id, recipientId: b!.id, content: 'Mine' });
    expect(other.statusCode).toBe(409);
    const page = (await call('GET', `/chat-messages?recipientId=${a!.id}`, b!)).json<Page>();
    expect(page.meta.total).toBe(1);
    expect((await room(t.app, b!, first.chatRoomId)).unreadCount).toBe(1);

    // Idempotency-Key: the same key answers the first answer again, one message stored.
    const key = randomUUID();
    const body = { recipientId: b!.id, content: 'Keyed' };
    const k1 = await call('POST', '/chat-messages', a!, body, { 'idempotency-key': key });
    const k2 = await call('POST', '/chat-messages', a!, body, { 'idempotency-key': key });
    expect(k1.statusCode).toBe(201);
    expect(k2.statusCode).toBe(201);
    expect(k2.json<{ data: ChatMessage }>().data.id).toBe(k1.json<{ data: ChatMessage }>().data.id);
    const after = (await call('GET', `/chat-messages?recipientId=${a!.id}`, b!)).json<Page>();
    expect(after.meta.total).toBe(2);
  });

  it('keeps one room and exact counts under concurrent first messages and sends', async () => {
    const [a, b, c] = await friends(t.app, 3);
    const firsts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('POST', '/chat-messages', i % 2 ? a! : b!, {
          recipientId: i % 2 ? b!.id : a!.id,
          content: `race ${i}`,
        }),
      ),
    );
    for (const res of firsts) expect(res.statusCode, res.body).toBe(201);
    const roomIds = new Set(firsts.map((r) => r.json<{ data: ChatMessage }>().data.chatRoomId));
    expect(roomIds.size).toBe(1);
    expect((await room(t.app, a!, [...roomIds][0]!)).unreadCount).toBe(3);

    const group = await createGroup(t.app, a!, [b!, c!]);
    const sends = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', '/chat-messages', i % 2 ? a! : b!, { chatGroupId: group.id, content: `burst ${i}` }),
      ),
    );
    for (const res of sends) expect(res.statusCode, res.body).toBe(201);
    const seqs = await t.app.db.kysely
      .selectFrom('chat_messages')
      .select('seq')
      .where('chat_room_id', '=', group.chatRoomId)
      .orderBy('seq')
      .execute();
    expect(seqs.map((r) => Number(r.seq))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await room(t.app, a!, group.chatRoomId)).unreadCount).toBe(10);
    expect((await room(t.app, b!, group.chatRoomId)).unreadCount).toBe(10);
    expect((await room(t.app, c!, group.chatRoomId)).unreadCount).toBe(20);
  });

  it('needs a token', async () => {
    expect((await call('GET', '/chat-rooms', null)).statusCode).toBe(401);
    expect(
      (await call('POST', '/chat-messages', null, { recipientId: randomUUID(), content: 'x' })).statusCode,
    ).toBe(401);
  });
});
