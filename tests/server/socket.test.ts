// socket.io over real HTTP: the handshake checks the token and the Origin, each socket joins its
// member's room, and post rooms need the posts feature's permission.
import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../server/src/auth/access-token';
import { postRoom } from '../../server/src/realtime/realtime';
import type {
  ClientToServerEvents,
  NotificationEvent,
  ServerToClientEvents,
} from '../../src/contract/socket-events';
import { createTestApp, type TestApp } from './helpers';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const event = (id: string): NotificationEvent => ({
  id,
  type: 'friend',
  jsonPayload: { relatedFriendId: id },
  createdAt: new Date().toISOString(),
});

describe('socket.io', () => {
  let t: TestApp;
  let url: string;
  const members: { token: string; id: string }[] = [];
  const open: ClientSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    for (const name of ['sock_one', 'sock_two']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1.0/auth/signup',
        payload: {
          email: `${name}@example.com`,
          password: 'correct horse battery staple 42',
          username: name,
          firstName: 'S',
          lastName: 'O',
        },
      });
      const { data } = res.json<{ data: { token: string; user: { id: string } } }>();
      members.push({ token: data.token, id: data.user.id });
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.disconnect();
  });
  afterAll(() => t.close());

  function client(auth: object, extra: Record<string, string> = {}): ClientSocket {
    const socket: ClientSocket = connect(url, {
      auth,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: extra,
    });
    open.push(socket);
    return socket;
  }
  const connected = (s: ClientSocket) =>
    new Promise<void>((resolve, reject) => {
      s.once('connect', resolve);
      s.once('connect_error', reject);
    });
  const refused = (s: ClientSocket) =>
    new Promise<Error>((resolve, reject) => {
      s.once('connect', () => reject(new Error('connected')));
      s.once('connect_error', resolve);
    });
  /** The socket's next notification, or null when none came within `ms` (a limit, not a measure). */
  const nextNotification = (s: ClientSocket, ms = 20_000) =>
    new Promise<NotificationEvent | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), ms);
      s.once('notification', (e) => {
        clearTimeout(timer);
        resolve(e);
      });
    });

  it("connects with a valid token and receives its member's notifications only", async () => {
    const [one, two] = [client({ token: members[0]!.token }), client({ token: members[1]!.token })];
    await Promise.all([connected(one), connected(two)]);
    const toOne = nextNotification(one);
    const toTwo = nextNotification(two);
    t.app.realtime.notify(members[0]!.id, event('n-1'));
    expect((await toOne)?.id).toBe('n-1');
    // Member two's own event, sent after: one connection keeps the order, so had n-1 reached two it
    // would have come first (no wait for a time that a loaded machine could outlast).
    t.app.realtime.notify(members[1]!.id, event('n-2'));
    expect((await toTwo)?.id).toBe('n-2');
  });

  it('refuses a missing, a bad and an expired token with "Authentication error"', async () => {
    const expired = await signAccessToken(
      t.config.jwtSecret,
      { userId: members[0]!.id, sessionId: randomUUID() },
      -60,
    );
    const [sessionId] = await t.app.db.kysely
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', members[0]!.id)
      .execute();
    const expiredReal = await signAccessToken(
      t.config.jwtSecret,
      { userId: members[0]!.id, sessionId: sessionId!.id },
      -60,
    );
    for (const auth of [
      {},
      { token: 'not-a-jwt' },
      { token: members[0]!.token + 'x' },
      { token: expired },
      { token: expiredReal },
    ]) {
      const error = await refused(client(auth));
      expect(error.message, JSON.stringify(auth)).toContain('Authentication error');
    }
  });

  it('says "Service unavailable", not "Authentication error", when the token cannot be checked', async () => {
    const verify = t.app.verifyAccessToken;
    // The database away: the check fails with no verdict on the token.
    (t.app as { verifyAccessToken: typeof verify }).verifyAccessToken = () =>
      Promise.reject(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      );
    try {
      const error = await refused(client({ token: members[0]!.token }));
      expect(error.message).toContain('Service unavailable');
      expect(error.message).not.toContain('Authentication error');
    } finally {
      (t.app as { verifyAccessToken: typeof verify }).verifyAccessToken = verify;
    }
    await connected(client({ token: members[0]!.token })); // back: the same token is fine
  });

  it('refuses a browser handshake from a foreign Origin and accepts the app origin or none', async () => {
    const token = members[0]!.token;
    await refused(client({ token }, { origin: 'https://evil.example' }));
    await connected(client({ token }, { origin: 'http://localhost:3000' }));
    await connected(client({ token }));
  });

  it('ignores join_post for a post the member may not read, and joins when allowed', async () => {
    const postId = randomUUID();
    const readable = randomUUID();
    t.app.realtime.setPostAccess(async (memberId, id) => memberId === members[0]!.id && id === readable);
    const socket = client({ token: members[0]!.token });
    await connected(socket);
    const updates: string[] = [];
    socket.on('postUpdated', (e) => updates.push(e.postId));
    const notes: string[] = [];
    socket.on('notification', (e) => notes.push(e.id));
    // Waits for states (the room's members, an event's arrival), never for a time.
    const until = async (check: () => boolean | Promise<boolean>) => {
      const deadline = performance.now() + 20_000;
      while (!(await check())) {
        if (performance.now() > deadline) throw new Error('timed out');
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    const inRoom = async (id: string) =>
      (await t.app.realtime.io.in(postRoom(id)).fetchSockets()).map((s) => s.id);
    socket.emit('join_post', postId);
    socket.emit('join_post', 'not-a-uuid');
    socket.emit('join_post', readable);
    await until(async () => (await inRoom(readable)).includes(socket.id!));
    expect(await inRoom(postId)).toEqual([]);
    t.app.realtime.toPost(postId).emit('postUpdated', { postId, message: 'edited' });
    t.app.realtime.toPost(readable).emit('postUpdated', { postId: readable, message: 'edited' });
    // Sent second on the same connection: once it is here, an update for postId would be too.
    await until(() => updates.length > 0);
    expect(updates).toEqual([readable]);
    socket.emit('leave_post', readable);
    await until(async () => !(await inRoom(readable)).includes(socket.id!));
    t.app.realtime.toPost(readable).emit('postUpdated', { postId: readable, message: 'again' });
    // The member's own event after it: had the socket still been in the room, 'again' came first.
    t.app.realtime.notify(members[0]!.id, event('after-leave'));
    await until(() => notes.includes('after-leave'));
    expect(updates).toEqual([readable]);
  });

  it('drops a socket that sends a message over 16 KB', async () => {
    const socket = client({ token: members[0]!.token });
    await connected(socket);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    socket.emit('join_post', 'x'.repeat(16 * 1024 + 1));
    expect(await closed).toBe('transport close');
  });

  it('keeps a socket that stays under 16 KB', async () => {
    const socket = client({ token: members[0]!.token });
    await connected(socket);
    socket.emit('join_post', 'x'.repeat(16 * 1024 - 100));
    // A later join on the same connection is read after it: once the socket is in that post's room,
    // the big message was read and the socket kept.
    const marker = randomUUID();
    t.app.realtime.setPostAccess(async (_memberId, id) => id === marker);
    socket.emit('join_post', marker);
    const deadline = performance.now() + 20_000; // a limit for a loaded machine, not a measure
    const joined = async () =>
      (await t.app.realtime.io.in(postRoom(marker)).fetchSockets()).some((s) => s.id === socket.id);
    while (!(await joined())) {
      if (performance.now() > deadline) throw new Error('the marker join never arrived');
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(socket.connected).toBe(true);
  });

  it('closes a socket when its access token expires', async () => {
    const [session] = await t.app.db.kysely
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', members[0]!.id)
      .execute();
    const token = await signAccessToken(
      t.config.jwtSecret,
      { userId: members[0]!.id, sessionId: session!.id },
      3,
    );
    const socket = client({ token });
    const opened = Date.now();
    await connected(socket);
    const reason = await new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect(reason).toBe('io server disconnect');
    expect(Date.now() - opened).toBeLessThan(4_500);
  });

  it('closes the sockets of a revoked session', async () => {
    const socket = client({ token: members[1]!.token });
    await connected(socket);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const [session] = await t.app.db.kysely
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', members[1]!.id)
      .execute();
    t.app.realtime.disconnectSession(session!.id);
    expect(await closed).toBe('io server disconnect');
  });
});
