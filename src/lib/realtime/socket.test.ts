import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationEvent } from '@/contract/socket-events';
import type { FakeSocket } from '@/testing/fake-socket';
import { deferred, fail, installFetch, ok } from '@/testing/fetch';
import { tokenExpiringIn } from '@/testing/jwt';

const sockets = vi.hoisted(() => [] as FakeSocket[]);
vi.mock('socket.io-client', async () => (await import('@/testing/fake-socket')).fakeSocketIo(sockets));

const API = '/api/v1.0';
const DASHES = '-'.repeat(36);

let current: { disconnect(): void } | undefined;

async function connected() {
  vi.resetModules();
  const { realtime } = await import('./socket');
  current = realtime;
  const refresh = await import('../auth/refresh');
  const navigation = await import('../navigation');
  const navigate = vi.fn();
  navigation.registerNavigator(navigate);
  await realtime.connect();
  const socket = sockets.at(-1);
  if (!socket) throw new Error('no socket opened');
  socket.fire('connect');
  return { realtime, refresh, navigate, socket };
}

const notification = (type: string, id = 'b3c1d9e2-0000-4000-8000-000000000001'): NotificationEvent => ({
  id,
  type,
  jsonPayload: { relatedPostId: 'p1' },
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('realtime socket', () => {
  beforeEach(() => {
    sockets.length = 0;
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T12:00:00Z'));
    localStorage.setItem('access_token', tokenExpiringIn(3600));
    localStorage.setItem('refresh_token', 'r1');
  });
  afterEach(() => {
    current?.disconnect(); // each test loads its own module: stop the last one's timers and listeners
    current = undefined;
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('connects on the same origin, path /socket.io, with the access token', async () => {
    const access = localStorage.getItem('access_token');
    const { realtime } = await connected();
    expect(sockets[0]?.opts).toEqual({
      path: '/socket.io',
      auth: { token: access },
      transports: ['websocket'],
    });
    expect(realtime.getStatus()).toBe('connected');
  });

  it('joins and leaves a post room with the post id, and joins again on a new socket', async () => {
    const { realtime, socket } = await connected();
    realtime.joinPost('p1');
    realtime.leavePost('p1');
    realtime.joinPost('p2');
    expect(socket.emitted).toEqual([
      ['join_post', 'p1'],
      ['leave_post', 'p1'],
      ['join_post', 'p2'],
    ]);
    realtime.reconnectAfter(0);
    await vi.advanceTimersByTimeAsync(0);
    await vi.dynamicImportSettled();
    sockets[1]?.fire('connect');
    expect(sockets[1]?.emitted).toEqual([['join_post', 'p2']]);
  });

  it.each([
    ['message', 'message'],
    ['chatroom', 'chatroom'],
    ['chatmessage', 'chatmessage'],
    ['chatgroup', 'chatgroup'],
    ['car', 'car'],
    ['car log', 'carLog'],
    ['post', 'post'],
    ['comment', 'comment'],
    ['friend', 'friend'],
  ] as const)('routes a "%s" notification to the %s stream', async (type, stream) => {
    const { realtime, socket } = await connected();
    const onStream = vi.fn();
    const onOther = vi.fn();
    realtime.on(stream, onStream);
    realtime.on(stream === 'post' ? 'comment' : 'post', onOther);
    socket.fire('notification', notification(type));
    expect(onStream).toHaveBeenCalledWith(expect.objectContaining({ type }));
    expect(onOther).not.toHaveBeenCalled();
  });

  it('a notification with a real id also fires the notification stream; a 36-dash id does not', async () => {
    const { realtime, socket } = await connected();
    const onNotification = vi.fn();
    const onPost = vi.fn();
    realtime.on('notification', onNotification);
    realtime.on('post', onPost);
    socket.fire('notification', notification('post'));
    expect(onNotification).toHaveBeenCalledTimes(1);
    socket.fire('notification', notification('post', DASHES));
    expect(onNotification).toHaveBeenCalledTimes(1);
    expect(onPost).toHaveBeenCalledTimes(2);
  });

  it('ignores malformed pushes and routes postUpdated to its stream', async () => {
    const { realtime, socket } = await connected();
    const onNotification = vi.fn();
    const onUpdated = vi.fn();
    realtime.on('notification', onNotification);
    realtime.on('postUpdated', onUpdated);
    socket.fire('notification', { type: 42 });
    socket.fire('postUpdated', { postId: 'p1', message: 'edited' });
    expect(onNotification).not.toHaveBeenCalled();
    expect(onUpdated).toHaveBeenCalledWith({ postId: 'p1', message: 'edited' });
  });

  it('routes notificationsRead to its stream, checked at the edge', async () => {
    const { realtime, socket } = await connected();
    const onRead = vi.fn();
    realtime.on('notificationsRead', onRead);
    socket.fire('notificationsRead', { ids: ['n1', 7], all: false, unreadCount: 3 });
    socket.fire('notificationsRead', { ids: ['n2'] }); // no count: ignored
    socket.fire('notificationsRead', { all: true, unreadCount: 0 });
    expect(onRead.mock.calls).toEqual([
      [{ ids: ['n1'], all: false, unreadCount: 3 }],
      [{ ids: [], all: true, unreadCount: 0 }],
    ]);
  });

  it.each([
    [
      'connect_error "Authentication error"',
      (s: FakeSocket) => s.fire('connect_error', new Error('Authentication error: jwt expired')),
    ],
    ['disconnect "io server disconnect"', (s: FakeSocket) => s.fire('disconnect', 'io server disconnect')],
    ['disconnect "transport error"', (s: FakeSocket) => s.fire('disconnect', 'transport error')],
  ])('after %s: refreshes, then reconnects 1000 ms later with the new token', async (_name, trigger) => {
    const fresh = tokenExpiringIn(7200);
    const http = installFetch({
      [`POST ${API}/auth/refresh`]: () => ok({ accessToken: fresh, refreshToken: 'r2' }),
    });
    const { socket } = await connected();
    trigger(socket);
    await vi.advanceTimersByTimeAsync(0);
    expect(http.to('POST', `${API}/auth/refresh`)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.dynamicImportSettled();
    expect(sockets).toHaveLength(2);
    expect(socket.closed).toBe(true);
    expect(sockets[1]?.opts.auth).toEqual({ token: fresh });
  });

  it('leaves other disconnect reasons to socket.io itself', async () => {
    const http = installFetch({});
    const { socket } = await connected();
    socket.fire('disconnect', 'transport close');
    socket.fire('connect_error', new Error('xhr poll error'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(http.requests).toHaveLength(0);
    expect(sockets).toHaveLength(1);
  });

  it('after any other token refresh: reconnects 100 ms later', async () => {
    const answer = deferred<Response>();
    installFetch({ [`POST ${API}/auth/refresh`]: () => answer.promise });
    const { refresh } = await connected();
    const done = refresh.refreshTokens();
    answer.resolve(ok({ accessToken: tokenExpiringIn(7200), refreshToken: 'r2' }));
    await done;
    await vi.advanceTimersByTimeAsync(99);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.dynamicImportSettled();
    expect(sockets).toHaveLength(2);
  });

  it('a refused refresh after an authentication error logs out and does not reconnect', async () => {
    installFetch({
      [`POST ${API}/auth/refresh`]: () => fail(401, 'UNAUTHORIZED', 'refused'),
      [`POST ${API}/auth/logout`]: () => ok({}),
    });
    const { realtime, socket, navigate } = await connected();
    socket.fire('connect_error', new Error('Authentication error'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(navigate).toHaveBeenCalledWith('/login', undefined);
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(sockets).toHaveLength(1);
    expect(socket.closed).toBe(true);
    expect(realtime.getStatus()).toBe('disconnected');
  });

  it('offline, an authentication error keeps the session and tries again after 1000 ms', async () => {
    installFetch({});
    const { socket, navigate } = await connected();
    socket.fire('connect_error', new Error('Authentication error'));
    await vi.advanceTimersByTimeAsync(1000);
    await vi.dynamicImportSettled();
    expect(navigate).not.toHaveBeenCalled();
    expect(sockets).toHaveLength(2);
  });

  it('pauses after 3 quick refresh-and-reconnect rounds without a successful connection', async () => {
    const http = installFetch({
      [`POST ${API}/auth/refresh`]: () => ok({ accessToken: tokenExpiringIn(7200), refreshToken: 'r2' }),
    });
    await connected();
    for (let round = 0; round < 4; round += 1) {
      sockets.at(-1)?.fire('connect_error', new Error('Authentication error'));
      await vi.advanceTimersByTimeAsync(1000);
      await vi.dynamicImportSettled();
    }
    expect(http.to('POST', `${API}/auth/refresh`)).toHaveLength(3);
    expect(sockets).toHaveLength(4);
  });

  it('paused, keeps trying with back-off (5 s, 10 s, 20 s … at most 60 s) and resumes on a connection', async () => {
    const http = installFetch({
      [`POST ${API}/auth/refresh`]: () => ok({ accessToken: tokenExpiringIn(7200), refreshToken: 'r2' }),
    });
    const { realtime } = await connected();
    const failRound = async () => {
      sockets.at(-1)?.fire('connect_error', new Error('Authentication error'));
      await vi.advanceTimersByTimeAsync(1000);
      await vi.dynamicImportSettled();
    };
    for (let round = 0; round < 3; round += 1) await failRound();
    expect(realtime.getStatus()).not.toBe('paused');
    sockets.at(-1)?.fire('connect_error', new Error('Authentication error'));
    expect(realtime.getStatus()).toBe('paused');
    const refreshes = () => http.to('POST', `${API}/auth/refresh`).length;
    for (const delay of [5_000, 10_000, 20_000, 40_000, 60_000, 60_000]) {
      const before = refreshes();
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(refreshes()).toBe(before); // not yet
      await vi.advanceTimersByTimeAsync(1);
      expect(refreshes()).toBe(before + 1);
      await vi.advanceTimersByTimeAsync(1000); // reconnect 1000 ms after the refresh
      await vi.dynamicImportSettled();
      expect(realtime.getStatus()).toBe('paused'); // a paused round does not flicker to 'connecting'
      sockets.at(-1)?.fire('connect_error', new Error('Authentication error'));
    }
    sockets.at(-1)?.fire('connect');
    expect(realtime.getStatus()).toBe('connected');
    // A later failure starts again with quick rounds.
    const before = refreshes();
    await failRound();
    expect(refreshes()).toBe(before + 1);
  });

  it('paused, coming back online tries again at once', async () => {
    const http = installFetch({
      [`POST ${API}/auth/refresh`]: () => ok({ accessToken: tokenExpiringIn(7200), refreshToken: 'r2' }),
    });
    const { realtime } = await connected();
    for (let round = 0; round < 4; round += 1) {
      sockets.at(-1)?.fire('connect_error', new Error('Authentication error'));
      await vi.advanceTimersByTimeAsync(1000);
      await vi.dynamicImportSettled();
    }
    expect(realtime.getStatus()).toBe('paused');
    expect(http.to('POST', `${API}/auth/refresh`)).toHaveLength(3);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(http.to('POST', `${API}/auth/refresh`)).toHaveLength(4);
  });

  it('"Service unavailable": keeps the session, no refresh, connects again after 1 s, 2 s, 4 s … at most 30 s', async () => {
    const http = installFetch({});
    const { socket, navigate, realtime } = await connected();
    socket.fire('connect_error', new Error('Service unavailable: try again shortly'));
    const delays = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000];
    for (const [round, delay] of delays.entries()) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      await vi.dynamicImportSettled();
      expect(sockets).toHaveLength(round + 1); // not yet
      await vi.advanceTimersByTimeAsync(1);
      await vi.dynamicImportSettled();
      expect(sockets).toHaveLength(round + 2);
      sockets.at(-1)?.fire('connect_error', new Error('Service unavailable: try again shortly'));
    }
    expect(http.requests).toHaveLength(0); // the token was not refused: no refresh
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('refresh_token')).toBe('r1');
    // Back: a successful connection starts the delays over.
    await vi.advanceTimersByTimeAsync(30_000);
    await vi.dynamicImportSettled();
    sockets.at(-1)?.fire('connect');
    expect(realtime.getStatus()).toBe('connected');
    sockets.at(-1)?.fire('connect_error', new Error('Service unavailable'));
    const count = sockets.length;
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.dynamicImportSettled();
    expect(sockets).toHaveLength(count + 1);
  });
});
