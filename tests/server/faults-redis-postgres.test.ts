// Faults: Redis restarts, and the sockets reconnect and notifications flow again between
// nodes; PostgreSQL drops its connections, and the API answers 503 with a clear error, then recovers
// without a restart. Real processes: a private redis-server (the shared one is left alone) and the
// built server on a fresh PostgreSQL database.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  befriend,
  buildPrivateServer,
  call,
  eventually,
  openSocket,
  sendMessage,
  signUp,
  sleep,
  spawnNode,
  startPrivateRedis,
  tempDir,
  type AppSocket,
  type Node,
} from './cluster-fixtures';
import { createTestDatabase } from './helpers';

let bundle: { entry: string; remove(): void };
beforeAll(async () => {
  bundle = await buildPrivateServer('faults');
}, 120_000);
afterAll(() => bundle?.remove());

function nodeEnv(dataDir: string, env: Record<string, string>): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ...env,
  };
}

describe('Redis restarts', () => {
  let redis: Awaited<ReturnType<typeof startPrivateRedis>>;
  let database: { url: string; drop(): Promise<void> };
  let dataDir: string;
  let nodes: Node[] = [];
  const sockets: AppSocket[] = [];

  beforeAll(async () => {
    redis = await startPrivateRedis();
    database = await createTestDatabase();
    dataDir = tempDir('faults-redis');
    const env = nodeEnv(dataDir, { DATABASE_URL: database.url, REDIS_URL: redis.url });
    const first = await spawnNode(bundle.entry, env);
    await first.ready; // migrates; the second then starts on an up-to-date schema
    const second = await spawnNode(bundle.entry, env);
    nodes = [first, second];
    await second.ready;
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(nodes.map((node) => node.stop()));
    await redis?.remove();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('keeps serving while Redis is down, then reconnects: notifications flow again across nodes', async () => {
    const [node1, node2] = nodes as [Node, Node];
    const a = await signUp(node1.origin, 'sender');
    const b = await signUp(node2.origin, 'receiver');
    await befriend(node1.origin, a, node2.origin, b);
    // As the app opens it: reconnecting by itself.
    const { socket, received } = await openSocket(node2.origin, b.token, { reconnection: true });
    sockets.push(socket);
    const deliveredAfter = async (label: string) => {
      const sent: string[] = [];
      const arrived = () => received.find((e) => sent.includes(String(e.jsonPayload.relatedMessageId)));
      // The adapter (re)subscribes asynchronously: send until one arrives.
      for (let i = 0; i < 60 && !arrived(); i += 1) {
        sent.push(await sendMessage(node1.origin, a, b));
        await sleep(500);
      }
      return eventually(label, arrived);
    };
    await deliveredAfter('a notification before the restart');

    await redis.kill();
    // The API does not depend on Redis: rate limits skip counting while it is away.
    const during = await call(node1.origin, 'GET', '/users/me', a.token);
    expect(during.status, JSON.stringify(during.body)).toBe(200);
    // Past ioredis's retries (about 10 s) the publish of a notification raised meanwhile is dropped:
    // the node says so and lives on (an unhandled rejection would have ended it).
    await sendMessage(node1.origin, a, b);
    await eventually(
      'the dropped publish',
      () => {
        if (node1.proc.exitCode !== null) throw new Error(`node 1 ended:\n${node1.output()}`);
        return node1.output().includes('redis publish failed') ? true : undefined;
      },
      45_000,
    );
    expect(node1.proc.exitCode).toBeNull();
    expect((await call(node1.origin, 'GET', '/users/me', a.token)).status).toBe(200);
    await redis.start();

    const event = await deliveredAfter('a notification after the restart');
    expect(event.type).toBe('message');
    expect(event.jsonPayload.relatedFriendId).toBe(a.id);
    // A socket opened after the restart works too, and the first one is connected.
    const later = await openSocket(node2.origin, b.token);
    sockets.push(later.socket);
    const sent = await sendMessage(node1.origin, a, b);
    await eventually('a notification on a new socket', () =>
      later.received.find((e) => e.jsonPayload.relatedMessageId === sent),
    );
    expect(socket.connected).toBe(true);
    for (const node of nodes) expect(node.proc.exitCode).toBeNull();
  }, 120_000);
});

describe('PostgreSQL drops its connections', () => {
  let database: { url: string; drop(): Promise<void> };
  let dataDir: string;
  let node: Node | null = null;
  let admin: pg.Client | null = null;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = tempDir('faults-pg');
    const spawned = await spawnNode(bundle.entry, nodeEnv(dataDir, { DATABASE_URL: database.url }));
    node = spawned;
    await spawned.ready;
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  }, 120_000);

  afterAll(async () => {
    await admin?.end().catch(() => undefined);
    await node?.stop();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** Terminates every connection to the test database but the test's own. */
  const terminateOthers = async () => {
    const { rows } = await admin!.query<{ terminated: boolean }>(
      `SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return rows.length;
  };

  /** A request held on a locked table, in flight inside PostgreSQL when its connection is terminated. */
  async function cutOffRequest(token: string) {
    await admin!.query('BEGIN');
    await admin!.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
    const answer = call(node!.origin, 'GET', '/users/me', token);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { rows } = await admin!.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
      );
      if (rows[0]!.n > 0) break;
      if (Date.now() > deadline) throw new Error('the request never reached PostgreSQL');
      await sleep(25);
    }
    expect(await terminateOthers()).toBeGreaterThan(0);
    await admin!.query('ROLLBACK');
    return answer;
  }

  it('answers 503 with a clear error for a request cut off, then recovers without a restart', async () => {
    const server = node!;
    const member = await signUp(server.origin, 'pg_fault');
    expect((await call(server.origin, 'GET', '/users/me', member.token)).status).toBe(200);

    // Several rounds: the connection's end reaches a checked-out client at varying moments.
    for (let round = 0; round < 3; round += 1) {
      const refused = await cutOffRequest(member.token);
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({
        success: false,
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The service is briefly unavailable. Please try again in a moment.',
        },
      });
      expect(refused.headers.get('retry-after')).toBe('5');

      // Every pooled connection is gone, idle ones included: the next requests reconnect.
      await terminateOthers();
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1) {
        statuses.push((await call(server.origin, 'GET', '/users/me', member.token)).status);
      }
      // A request may still meet a connection whose end the pool has not yet seen: 503, never 500.
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      expect(statuses.slice(-4)).toEqual([200, 200, 200, 200]);
    }
    // Writes work again too, on the same process.
    const other = await signUp(server.origin, 'pg_after');
    expect(other.id).toBeTruthy();
    expect(server.proc.exitCode).toBeNull();
    expect(server.output()).toContain('database unavailable');
  }, 90_000);
});
