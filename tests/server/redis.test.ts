// Two nodes on one Redis: a notification raised on one reaches a socket on the other, and rate-limit
// counters are shared. Each run uses its own key prefix and removes its keys after.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClientToServerEvents,
  NotificationEvent,
  ServerToClientEvents,
} from '../../src/contract/socket-events';
import { createTestApp, createTestDatabase, onPostgres, type TestApp } from './helpers';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MAX = 4;

describe('several nodes on one Redis', () => {
  const prefix = `paddock-test:${randomUUID().slice(0, 8)}:`;
  let a: TestApp;
  let b: TestApp;
  let database: { url: string; drop(): Promise<void> } | null = null;
  let socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
  let member: { token: string; id: string };

  beforeAll(async () => {
    // On PostgreSQL both nodes share one database, as in production; on SQLite each has its own file,
    // which is enough here: the socket signs in on B and the notification names the member's id.
    database = onPostgres ? await createTestDatabase() : null;
    const env = {
      REDIS_URL,
      REDIS_PREFIX: prefix,
      RATE_LIMIT_MAX: String(MAX),
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    a = await createTestApp(env);
    b = await createTestApp(env);
    for (const node of [a, b])
      node.app.get('/api/v1.0/test/ping', async () => ({ success: true, data: 'pong' }));
    const res = await b.app.inject({
      method: 'POST',
      url: '/api/v1.0/auth/signup',
      payload: {
        email: 'redis@example.com',
        password: 'correct horse battery staple 42',
        username: 'redis_one',
        firstName: 'R',
        lastName: 'D',
      },
    });
    expect(res.statusCode).toBe(201);
    const { data } = res.json<{ data: { token: string; user: { id: string } } }>();
    member = { token: data.token, id: data.user.id };
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    socket?.disconnect();
    await a?.close();
    await b?.close();
    await database?.drop();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('delivers a notification raised on node A to a socket on node B', async () => {
    const address = b.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    socket = connect(`http://127.0.0.1:${port}`, {
      auth: { token: member.token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', resolve);
      socket!.once('connect_error', reject);
    });
    const received = new Promise<NotificationEvent>((resolve) => socket!.once('notification', resolve));
    // Subscriptions propagate asynchronously; retry the emit until B has it.
    const event: NotificationEvent = {
      id: randomUUID(),
      type: 'message',
      jsonPayload: {},
      createdAt: new Date().toISOString(),
    };
    let done = false;
    void received.then(() => (done = true));
    for (let i = 0; i < 50 && !done; i += 1) {
      a.app.realtime.notify(member.id, event);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await received).id).toBe(event.id);
  });

  it('shares rate-limit counters between the nodes', async () => {
    const ping = (t: TestApp) =>
      t.app.inject({ method: 'GET', url: '/api/v1.0/test/ping', remoteAddress: '10.1.2.3' });
    const statuses: number[] = [];
    for (let i = 0; i < MAX; i += 1) statuses.push((await ping(i % 2 === 0 ? a : b)).statusCode);
    expect(statuses.every((s) => s !== 429)).toBe(true);
    const limited = await ping(a);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}rate-limit:*`);
    await redis.quit();
    expect(keys.length).toBeGreaterThan(0);
  });
});
