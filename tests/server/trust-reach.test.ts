// What a block, a mute and a suspension change beyond the trust routes (docs/SPEC-NOTES.md
// "Trust"), over real HTTP and real sockets: friend suggestions leave out members blocked either
// way; after A blocks B, B's chat lines in a group they share reach A's sockets flagged (and read
// empty), B's typing and B's likes and comments on a post A follows never reach A (nor A's reach
// B); a suspended member's typing goes nowhere; and the moderators' outcomes: every reporter told,
// a removed comment, chat line or private message gone for everyone, its author told why.
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FriendSuggestion } from '../../src/contract/people';
import type {
  ChatTypingEvent,
  ClientToServerEvents,
  NotificationEvent,
  PostUpdatedEvent,
  ServerToClientEvents,
} from '../../src/contract/socket-events';
import { postRoom } from '../../server/src/realtime/realtime';
import { trustRepository } from '../../server/src/trust/trust-repository';
import { createGroup, say } from './chat-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { befriend, caller, comment, person, post, type Person } from './posts-fixtures';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Listener {
  socket: ClientSocket;
  notifications: NotificationEvent[];
  typing: ChatTypingEvent[];
  updates: PostUpdatedEvent[];
}

let t: TestApp;
let url: string;
let call: ReturnType<typeof caller>;
const open: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(() => t.close());

async function listen(who: Person): Promise<Listener> {
  const socket: ClientSocket = connect(url, {
    auth: { token: who.token },
    transports: ['websocket'],
    reconnection: false,
  });
  open.push(socket);
  const l: Listener = { socket, notifications: [], typing: [], updates: [] };
  socket.on('notification', (e) => l.notifications.push(e));
  socket.on('chatTyping', (e) => l.typing.push(e));
  socket.on('postUpdated', (e) => l.updates.push(e));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return l;
}

/** Polls `check` until it holds (the limit only ends a wait that would never succeed). */
async function until(check: () => boolean | Promise<boolean>, ms = 20_000) {
  const end = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * A marker: a stranger's friend request to `who`, which their socket hears. The server writes to a
 * socket in order, so once the marker is there, any event sent before it has arrived too.
 */
async function marker(l: Listener, who: Person): Promise<void> {
  const from = await person(t.app);
  expect((await call('POST', '/friends/request', from, { userId: who.id })).statusCode).toBe(201);
  await until(() => l.notifications.some((n) => JSON.stringify(n.jsonPayload).includes(from.id)));
}

async function block(blocker: Person, blocked: Person) {
  const res = await call('POST', `/users/${blocked.id}/block`, blocker);
  expect(res.statusCode, res.body).toBe(200);
}

async function moderator(): Promise<Person> {
  const mod = await person(t.app);
  expect(await trustRepository(t.app.db.kysely).setModerator(mod.email, true)).toBe(true);
  return mod;
}

async function reportOf(who: Person, targetType: string, targetId: string): Promise<string> {
  const res = await call('POST', '/reports', who, { targetType, targetId, reason: 'harassment' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: string } }>().data.id;
}

async function act(mod: Person, reportId: string, body: object) {
  const res = await call('POST', `/moderation/reports/${reportId}/actions`, mod, body);
  expect(res.statusCode, res.body).toBe(200);
}

const moderationOf = async (who: Person) =>
  (await call('GET', '/notifications?limit=100', who))
    .json<{ data: NotificationEvent[] }>()
    .data.filter((n) => n.type === 'moderation')
    .map((n) => n.jsonPayload);

describe('friend suggestions', () => {
  it('leave out members blocked either way', async () => {
    const [me, pal, blockedByMe, blockedMe, other] = [
      await person(t.app, { city: 'Reims' }),
      await person(t.app),
      await person(t.app, { city: 'reims' }),
      await person(t.app),
      await person(t.app),
    ];
    // All three are friends of my friend: each would be suggested.
    for (const p of [blockedByMe, blockedMe, other]) await befriend(t.app, pal, p);
    await befriend(t.app, me, pal);
    const suggested = async (who: Person) =>
      (await call('GET', '/friends/suggestions', who))
        .json<{ data: FriendSuggestion[] }>()
        .data.map((s) => s.user.id);
    expect(await suggested(me)).toEqual(expect.arrayContaining([blockedByMe.id, blockedMe.id, other.id]));
    await block(me, blockedByMe);
    await block(blockedMe, me);
    const after = await suggested(me);
    expect(after).toContain(other.id);
    expect(after).not.toContain(blockedByMe.id);
    expect(after).not.toContain(blockedMe.id);
    // Nor am I suggested to either of them.
    expect(await suggested(blockedByMe)).not.toContain(me.id);
    expect(await suggested(blockedMe)).not.toContain(me.id);
  });
});

describe('live events after a block', () => {
  it("B's lines in a shared group reach A flagged and read empty; typing crosses the block neither way", async () => {
    const [owner, a, b] = [await person(t.app), await person(t.app), await person(t.app)];
    await befriend(t.app, owner, a);
    await befriend(t.app, owner, b);
    const group = await createGroup(t.app, owner, [a, b]);
    await block(a, b);
    const [lo, la, lb] = await Promise.all([listen(owner), listen(a), listen(b)]);

    const line = await say(t.app, b, { chatGroupId: group.id }, 'Secret from B');
    const lineEvents = (l: Listener) =>
      l.notifications.filter(
        (n) => n.type === 'chatmessage' && n.jsonPayload.relatedChatMessageId === line.id,
      );
    await until(() => lineEvents(la).length === 1 && lineEvents(lo).length === 1);
    expect(lineEvents(la)[0]!.jsonPayload).toMatchObject({ fromBlockedMember: true });
    expect(lineEvents(lo)[0]!.jsonPayload.fromBlockedMember).toBeUndefined();
    expect(JSON.stringify(la.notifications)).not.toContain('Secret from B');
    const read = await call('GET', `/chat-messages/${line.id}`, a);
    expect(read.json().data).toMatchObject({ content: '', fromBlockedMember: true });
    // The room's last line, in the list and the room itself, is collapsed for A, not the owner.
    const roomsOfA = await call('GET', '/chat-rooms?limit=100', a);
    expect(roomsOfA.body).not.toContain('Secret from B');
    expect(
      roomsOfA
        .json<{ data: { id: string; lastMessage: unknown }[] }>()
        .data.find((r) => r.id === group.chatRoomId)?.lastMessage,
    ).toMatchObject({ id: line.id, content: '', fromBlockedMember: true });
    expect((await call('GET', `/chat-rooms/${group.chatRoomId}`, a)).json().data.lastMessage).toMatchObject({
      content: '',
      fromBlockedMember: true,
    });
    expect((await call('GET', `/chat-rooms/${group.chatRoomId}`, owner)).json().data).toMatchObject({
      lastMessage: { content: 'Secret from B' },
      unreadCount: 1,
    });
    // Nor is it counted unread for A.
    expect((await call('GET', `/chat-rooms/${group.chatRoomId}`, a)).json().data.unreadCount).toBe(0);
    expect(roomsOfA.json<{ meta: { unreadCount: number } }>().meta.unreadCount).toBe(0);

    // A's own line reaches B flagged too (blocked either way).
    const mine = await say(t.app, a, { chatGroupId: group.id }, 'From A');
    await until(() =>
      lb.notifications.some(
        (n) => n.jsonPayload.relatedChatMessageId === mine.id && n.jsonPayload.fromBlockedMember,
      ),
    );

    // Typing: B's reaches the owner only, A's too.
    lb.socket.emit('chat_typing', group.chatRoomId);
    la.socket.emit('chat_typing', group.chatRoomId);
    await until(() => lo.typing.length === 2);
    await Promise.all([marker(la, a), marker(lb, b)]);
    expect(la.typing).toEqual([]);
    expect(lb.typing).toEqual([]);
  });

  it("B's likes and comments on a post A follows reach the others' sockets, never A's", async () => {
    const [c, a, b] = [await person(t.app), await person(t.app), await person(t.app)];
    await befriend(t.app, c, a);
    await befriend(t.app, c, b);
    const cPost = await post(t.app, c);
    await block(a, b);
    const [lc, la] = await Promise.all([listen(c), listen(a)]);
    for (const l of [lc, la]) l.socket.emit('join_post', cPost.id);
    await until(async () => (await t.app.realtime.io.in(postRoom(cPost.id)).fetchSockets()).length === 2);
    expect((await call('POST', `/posts/${cPost.id}/like`, b)).statusCode).toBe(200);
    await comment(t.app, b, cPost.id, { content: 'From B' });
    await until(() => lc.updates.length >= 2);
    // C's own comment afterwards reaches A: by then B's two would have too.
    await comment(t.app, c, cPost.id, { content: 'From C' });
    await until(() => la.updates.length > 0 && lc.updates.length >= 3);
    expect(la.updates).toEqual([{ postId: cPost.id, message: 'commented' }]);
    expect(lc.updates.map((u) => u.message)).toEqual(['liked', 'commented', 'commented']);
  });

  it("a suspended member's typing goes nowhere", async () => {
    const [owner, a] = [await person(t.app), await person(t.app)];
    await befriend(t.app, owner, a);
    await t.app.db.kysely
      .updateTable('users')
      .set({ suspended_until: new Date(Date.now() + 3_600_000).toISOString() })
      .where('id', '=', a.id)
      .execute();
    const room = await say(t.app, owner, { recipientId: a.id }, 'Hi');
    const [lo, la] = await Promise.all([listen(owner), listen(a)]);
    la.socket.emit('chat_typing', room.chatRoomId);
    lo.socket.emit('chat_typing', room.chatRoomId);
    await until(() => la.typing.length === 1);
    await marker(lo, owner);
    expect(lo.typing).toEqual([]);
  });
});

describe('moderation outcomes', () => {
  it('every reporter is told a dismissal; nothing reaches the author', async () => {
    const mod = await moderator();
    const [author, r1, r2] = [await person(t.app), await person(t.app), await person(t.app)];
    await befriend(t.app, author, r1);
    await befriend(t.app, author, r2);
    const p = await post(t.app, author);
    const reportId = await reportOf(r1, 'post', p.id);
    expect(await reportOf(r2, 'post', p.id)).toBe(reportId);
    await act(mod, reportId, { action: 'dismiss', note: 'Fine by the rules.' });
    for (const reporter of [r1, r2])
      expect(await moderationOf(reporter)).toEqual([
        expect.objectContaining({ action: 'report-closed', outcome: 'dismiss', note: null }),
      ]);
    expect(await moderationOf(author)).toEqual([]);
    expect((await call('GET', `/posts/${p.id}`, r1)).statusCode).toBe(200);
  });

  it('a removed comment, chat line and private message are gone for everyone; the author is told why', async () => {
    const mod = await moderator();
    const [author, reader] = [await person(t.app), await person(t.app)];
    await befriend(t.app, author, reader);
    const p = await post(t.app, reader);
    const rude = await comment(t.app, author, p.id, { content: 'Rude comment' });
    const line = await say(t.app, author, { recipientId: reader.id }, 'Rude line');
    const sent = await call('POST', '/messages', author, {
      recipientId: reader.id,
      subject: 'Rude',
      content: '<p>Rude message</p>',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const messageId = sent.json<{ data: { id: string } }>().data.id;

    for (const [type, id] of [
      ['comment', rude.id],
      ['chat-message', line.id],
      ['message', messageId],
    ] as const)
      await act(mod, await reportOf(reader, type, id), {
        action: 'remove-content',
        note: `No ${type} insults.`,
      });

    for (const who of [author, reader]) {
      expect((await call('GET', `/comments/${rude.id}`, who)).statusCode).toBe(404);
      expect((await call('GET', `/chat-messages/${line.id}`, who)).statusCode).toBe(404);
    }
    expect((await call('GET', `/comments/post/${p.id}`, reader)).body).not.toContain('Rude comment');
    expect((await call('GET', `/messages/${messageId}`, reader)).statusCode).toBe(404);
    expect((await call('GET', `/messages/${messageId}`, author)).statusCode).toBe(404);
    const told = await moderationOf(author);
    for (const type of ['comment', 'chat-message', 'message'])
      expect(told).toContainEqual(
        expect.objectContaining({ action: 'content-removed', targetType: type, note: `No ${type} insults.` }),
      );
    // The queue keeps each as it was reported.
    const closed = await call('GET', '/moderation/reports?status=closed&limit=100', mod);
    expect(closed.body).toContain('Rude line');
    expect(closed.body).toContain('Rude comment');
  });
});
