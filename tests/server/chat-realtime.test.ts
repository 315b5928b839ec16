// Chat over real sockets (socket.io-client against app.listen): a message reaches every participant
// once as a realtime-only `chatmessage` event, typing reaches the others only, and leaving or being
// removed from a group stops both.
import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { CHAT_TYPING_MIN_INTERVAL_MS } from '../../src/contract/constants';
import {
  REALTIME_ONLY_ID,
  type ChatTypingEvent,
  type ClientToServerEvents,
  type NotificationEvent,
  type ServerToClientEvents,
} from '../../src/contract/socket-events';
import { createTestApp, type TestApp } from './helpers';
import { caller, createGroup, friends, ownerWithFriends, person, say, type Person } from './chat-fixtures';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A connected socket that records everything it receives. */
interface Listener {
  socket: ClientSocket;
  notifications: NotificationEvent[];
  typing: ChatTypingEvent[];
}

const settle = (ms = 250) => new Promise((r) => setTimeout(r, ms));

describe('chat realtime', () => {
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
    const listener: Listener = { socket, notifications: [], typing: [] };
    socket.on('notification', (e) => listener.notifications.push(e));
    socket.on('chatTyping', (e) => listener.typing.push(e));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return listener;
  }

  /** Waits until `check` holds (or fails after `ms`: a limit for a loaded machine, not a measure). */
  async function until(check: () => boolean, ms = 20_000) {
    const end = performance.now() + ms; // not Date: the typing test fakes it
    while (!check()) {
      if (performance.now() > end) throw new Error('timed out waiting');
      await settle(10);
    }
  }

  const ofType = (l: Listener, type: string) => l.notifications.filter((n) => n.type === type);

  /**
   * A marker: a stranger's friend request to `who`, which their socket `l` hears. The server writes
   * to a socket in order, so once the marker is there, any event sent to that socket before it has
   * arrived too: "nothing else came" is read after a state, not after a delay.
   */
  async function marker(l: Listener, who: Person): Promise<void> {
    const from = await person(t.app);
    expect((await call('POST', '/friends/request', from, { userId: who.id })).statusCode).toBe(201);
    await until(() => ofType(l, 'friend').some((n) => JSON.stringify(n.jsonPayload).includes(from.id)));
  }
  const messagesFor = (l: Listener, messageId: string) =>
    ofType(l, 'chatmessage').filter((n) => n.jsonPayload.relatedChatMessageId === messageId);

  it('pushes a group message once to every participant, realtime-only, and to nobody else', async () => {
    const [owner, [a, b]] = await ownerWithFriends(t.app, 2);
    const outsider = await person(t.app);
    const group = await createGroup(t.app, owner, [a!, b!]);
    const [lo, la, lb, lx] = await Promise.all([listen(owner), listen(a!), listen(b!), listen(outsider)]);
    const message = await say(t.app, a!, { chatGroupId: group.id }, 'Convoy at 8');
    await until(() => [lo, la, lb].every((l) => messagesFor(l, message.id).length === 1));
    await Promise.all([marker(lo, owner), marker(la, a!), marker(lb, b!), marker(lx, outsider)]);
    for (const l of [lo, la, lb]) {
      const [event] = messagesFor(l, message.id);
      expect(messagesFor(l, message.id)).toHaveLength(1);
      expect(event!.id).toBe(REALTIME_ONLY_ID);
      expect(event!.jsonPayload).toMatchObject({
        relatedChatRoomId: group.chatRoomId,
        relatedChatMessageId: message.id,
        relatedChatGroupId: group.id,
        senderId: a!.id,
      });
    }
    expect(lx.notifications.map((n) => n.type)).toEqual(['friend']);
    // Nothing is stored in the notification list.
    const list = await call('GET', '/notifications', b!);
    expect(
      list.json<{ data: unknown[] }>().data.filter((n) => JSON.stringify(n).includes(message.id)),
    ).toHaveLength(0);
  });

  it('a repeated client id stores one message and pushes once', async () => {
    const [a, b] = await friends(t.app, 2);
    const lb = await listen(b!);
    const id = randomUUID();
    const body = { id, recipientId: b!.id, content: 'Only once' };
    const first = await call('POST', '/chat-messages', a!, body);
    const second = await call('POST', '/chat-messages', a!, body);
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    await until(() => messagesFor(lb, id).length >= 1);
    // A later message reaches b's socket: by then, a second push of the first would have.
    const later = await say(t.app, a!, { recipientId: b!.id }, 'And this one');
    await until(() => messagesFor(lb, later.id).length === 1);
    expect(messagesFor(lb, id)).toHaveLength(1);
    // The first message of a pair also announces the new room to both.
    const rooms = ofType(lb, 'chatroom').filter((n) => n.jsonPayload.action === 'created');
    expect(rooms).toHaveLength(1);
    expect(rooms[0]!.jsonPayload.relatedChatRoomId).toBe(
      first.json<{ data: { chatRoomId: string } }>().data.chatRoomId,
    );
  });

  it('typing reaches the other participants, not the sender’s sockets nor outsiders; gently rate-limited', async () => {
    const [owner, [a, b]] = await ownerWithFriends(t.app, 2);
    const outsider = await person(t.app);
    const group = await createGroup(t.app, owner, [a!, b!]);
    const [lo, la, la2, lb, lx] = await Promise.all([
      listen(owner),
      listen(a!),
      listen(a!),
      listen(b!),
      listen(outsider),
    ]);
    // The interval is read from the server's clock: it stands still here, so "again at once" is at
    // once however slow the machine, and "after the interval" is a step of the clock, not a sleep.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    la.socket.emit('chat_typing', group.chatRoomId);
    await until(() => lo.typing.length === 1 && lb.typing.length === 1);
    expect(lo.typing[0]).toEqual({ chatRoomId: group.chatRoomId, userId: a!.id });
    expect(lb.typing[0]).toEqual({ chatRoomId: group.chatRoomId, userId: a!.id });
    // Again at once: dropped (at most one per room per interval per socket).
    la.socket.emit('chat_typing', group.chatRoomId);
    // An outsider's typing for the room, and garbage, go nowhere.
    lx.socket.emit('chat_typing', group.chatRoomId);
    lx.socket.emit('chat_typing', 'not-a-room' as string);
    lx.socket.emit('chat_typing', randomUUID());
    // After the interval it is relayed again. The socket's events are handled in order, so once this
    // one is relayed, the one dropped before it was dropped, not late: exactly two each.
    vi.setSystemTime(Date.now() + CHAT_TYPING_MIN_INTERVAL_MS);
    la.socket.emit('chat_typing', group.chatRoomId);
    await until(() => lo.typing.length >= 2 && lb.typing.length >= 2);
    await Promise.all([marker(lo, owner), marker(lb, b!), marker(la, a!), marker(lx, outsider)]);
    expect(lo.typing).toHaveLength(2);
    expect(lb.typing).toHaveLength(2);
    expect(la.typing).toHaveLength(0);
    expect(la2.typing).toHaveLength(0);
    expect(lx.typing).toHaveLength(0);
  });

  it('leaving or being removed stops messages and typing, and says so to the one who goes', async () => {
    const [owner, [a, b, c]] = await ownerWithFriends(t.app, 3);
    const group = await createGroup(t.app, owner, [a!, b!]);
    const [lo, la, lb, lc] = await Promise.all([listen(owner), listen(a!), listen(b!), listen(c!)]);

    expect((await call('POST', `/chat-groups/${group.id}/leave`, a!)).statusCode).toBe(200);
    await until(() => ofType(la, 'chatgroup').some((n) => n.jsonPayload.action === 'removed'));
    await until(() => ofType(lo, 'chatgroup').some((n) => n.jsonPayload.action === 'left'));

    // The owner replaces b with c: b is removed, c added.
    const put = await call('PUT', `/chat-groups/${group.id}`, owner, { memberIds: [c!.id] });
    expect(put.statusCode, put.body).toBe(200);
    await until(() => ofType(lb, 'chatgroup').some((n) => n.jsonPayload.action === 'removed'));
    await until(() => ofType(lc, 'chatgroup').some((n) => n.jsonPayload.action === 'added'));
    expect(ofType(lc, 'chatgroup')[0]!.jsonPayload).toMatchObject({
      relatedChatGroupId: group.id,
      relatedChatRoomId: group.chatRoomId,
    });

    const message = await say(t.app, owner, { chatGroupId: group.id }, 'Who is left?');
    lo.socket.emit('chat_typing', group.chatRoomId);
    await until(() => messagesFor(lc, message.id).length === 1 && lc.typing.length === 1);
    await Promise.all([marker(la, a!), marker(lb, b!)]);
    expect(messagesFor(la, message.id)).toHaveLength(0);
    expect(messagesFor(lb, message.id)).toHaveLength(0);
    expect(la.typing).toHaveLength(0);
    expect(lb.typing).toHaveLength(0);
    // Gone members cannot type into it either: a's socket types into the group, then into a direct
    // chat with the owner; once the owner hears the second, the first was handled (in order) and
    // dropped.
    const direct = await say(t.app, a!, { recipientId: owner.id }, 'Still friends');
    la.socket.emit('chat_typing', group.chatRoomId);
    la.socket.emit('chat_typing', direct.chatRoomId);
    await until(() => lo.typing.length >= 1);
    expect(lo.typing).toEqual([{ chatRoomId: direct.chatRoomId, userId: a!.id }]);
    expect(lc.typing).toHaveLength(1);
  });

  it('marking a room read tells my other devices; deleting a group tells every member', async () => {
    const [owner, [a]] = await ownerWithFriends(t.app, 1);
    const group = await createGroup(t.app, owner, [a!]);
    await say(t.app, owner, { chatGroupId: group.id }, 'Unread');
    const [la, lo] = await Promise.all([listen(a!), listen(owner)]);
    expect((await call('POST', `/chat-messages/${group.chatRoomId}/mark-all-read`, a!)).statusCode).toBe(200);
    await until(() => ofType(la, 'chatroom').some((n) => n.jsonPayload.action === 'read'));
    // Nothing to tell the owner about a's read mark.
    expect(ofType(lo, 'chatroom')).toHaveLength(0);
    expect((await call('DELETE', `/chat-groups/${group.id}`, owner)).statusCode).toBe(200);
    for (const l of [la, lo])
      await until(() => ofType(l, 'chatgroup').some((n) => n.jsonPayload.action === 'deleted'));
  });
});
