// Scale-out: three server processes on one PostgreSQL database and one Redis, behind
// Debian's nginx. Started together on an empty database, they migrate it once; any node serves any
// request; a notification raised on one node reaches a socket on another; rate limits are shared.
// Media live in an S3 bucket (a real S3-protocol server, s3rver, on loopback) and each
// node has a DATA_DIR of its own: a photo uploaded through node 1 is served by node 3; a bucket that
// is down answers 503 on media and nothing else breaks.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import sharp from 'sharp';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationEvent } from '../../src/contract/socket-events';
import {
  ROOT,
  befriend,
  buildPrivateServer,
  call,
  eventually,
  openSocket,
  sendMessage,
  signUp,
  spawnNode,
  startNginx,
  tempDir,
  type AppSocket,
  type Member,
  type Nginx,
  type Node,
} from './cluster-fixtures';
import { createTestDatabase } from './helpers';
import { startTestBucket, type TestBucket } from './s3-fixtures';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Requests per minute per member, low enough to reach in a test, high enough for the set-up calls. */
const RATE_LIMIT_MAX = 30;

/** The migrations the server knows, read from the migrator's list. */
/** The migrations the server knows: the files of its migrations folder (the migrator finds them so). */
function knownMigrations(): string[] {
  return readdirSync(path.join(ROOT, 'server/src/db/migrations'))
    .filter((file) => /^\d{4}_[\w-]+\.ts$/.test(file))
    .map((file) => file.slice(0, -3))
    .sort();
}

describe('three nodes on PostgreSQL and Redis behind nginx', () => {
  const prefix = `paddock-test:${randomUUID().slice(0, 8)}:`;
  let bundle: { entry: string; remove(): void };
  let database: { url: string; drop(): Promise<void> };
  let dataDirs: string[] = [];
  let bucket: TestBucket;
  let nodes: Node[] = [];
  let nginx: Nginx | null = null;
  const sockets: AppSocket[] = [];
  let a: Member;
  let b: Member;

  beforeAll(async () => {
    bundle = await buildPrivateServer('scale-out');
    database = await createTestDatabase();
    // No shared volume: each node has its own DATA_DIR, the media are in the bucket, and the keys
    // a node would otherwise generate into its DATA_DIR are given to all.
    bucket = await startTestBucket();
    dataDirs = [1, 2, 3].map((n) => tempDir(`scale-out-${n}`));
    const vapid = webPush.generateVAPIDKeys();
    const env = {
      ...bucket.env,
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'info',
    };
    // All three at once on the empty database: they race for the migrations.
    const started = await Promise.all(
      dataDirs.map((dataDir) =>
        spawnNode(bundle.entry, { ...env, DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, 'no-client') }),
      ),
    );
    nodes = started;
    await Promise.all(started.map((node) => node.ready));
    nginx = await startNginx(nodes.map((node) => node.port));
  }, 180_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await nginx?.stop();
    await Promise.all(nodes.map((node) => node.stop()));
    await database?.drop();
    bundle?.remove();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
    await bucket?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }, 60_000);

  it('migrates the empty database exactly once when the nodes start together', async () => {
    const known = knownMigrations();
    expect(known.length).toBeGreaterThanOrEqual(9);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        'SELECT name FROM kysely_migration ORDER BY name',
      );
      expect(rows.map((r) => r.name)).toEqual(known);
    } finally {
      await client.end();
    }
    for (const node of nodes) {
      expect(node.proc.exitCode).toBeNull();
      const lines = node.logLines();
      expect(lines.some((line) => line.msg === 'Paddock is listening' && line.database === 'postgres')).toBe(
        true,
      );
      // No error or fatal line (pino levels 50 and 60): no node tripped over another's migration.
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    }
  }, 60_000);

  it('serves any request on any node through nginx', async () => {
    const proxy = nginx!;
    a = await signUp(proxy.origin, 'alpha');
    b = await signUp(proxy.origin, 'bravo');
    // A token issued by whichever node answered the sign-up works on every node.
    const served = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const res = await call(proxy.origin, 'GET', '/users/me', a.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.id).toBe(a.id);
      served.add(res.headers.get('x-upstream') ?? '');
    }
    expect([...served].sort()).toEqual(nodes.map((node) => `127.0.0.1:${node.port}`).sort());
    // What one node wrote, the others read.
    await befriend(proxy.origin, a, proxy.origin, b);
    for (const node of nodes) {
      const friends = await call(node.origin, 'GET', '/friends', b.token);
      expect(friends.status).toBe(200);
      expect(friends.body.data.friends.map((f: { id: string }) => f.id)).toContain(a.id);
    }
  }, 60_000);

  it('delivers a notification raised on node 1 to a socket on node 2, and through nginx', async () => {
    const [node1, node2] = nodes as [Node, Node, Node];
    const onNode2 = await openSocket(node2.origin, b.token);
    sockets.push(onNode2.socket);
    // A socket through nginx: the websocket upgrade crosses the proxy.
    const viaProxy = await openSocket(nginx!.origin, b.token);
    sockets.push(viaProxy.socket);
    // The adapter's subscriptions propagate asynchronously: send until one arrives.
    const sent: string[] = [];
    const arrived = (received: NotificationEvent[]) =>
      received.find((event) => sent.includes(event.jsonPayload.relatedMessageId ?? ''));
    for (let i = 0; i < 15 && !arrived(onNode2.received); i += 1) {
      sent.push(await sendMessage(node1.origin, a, b));
      await new Promise((r) => setTimeout(r, 250));
    }
    const event = await eventually('the notification on node 2', () => arrived(onNode2.received));
    expect(event.type).toBe('message');
    expect(event.jsonPayload.relatedFriendId).toBe(a.id);
    await eventually('the notification through nginx', () => arrived(viaProxy.received));
    expect(onNode2.socket.connected && viaProxy.socket.connected).toBe(true);
  }, 60_000);

  it('serves a photo uploaded through node 1 from node 3: the media are in the bucket, not in a DATA_DIR', async () => {
    const [node1, , node3] = nodes as [Node, Node, Node];
    const d = await signUp(nginx!.origin, 'delta');
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c83030' } })
      .jpeg()
      .toBuffer();
    const body = new FormData();
    body.append('make', 'Lancia');
    body.append('model', 'Stratos');
    body.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'stratos.jpg');
    const created = await fetch(`${node1.origin}/api/v1.0/cars/with-image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${d.token}` },
      body,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const image = ((await created.json()) as { data: { image: string } }).data.image;
    const served = await fetch(`${node3.origin}${image}`, {
      headers: { authorization: `Bearer ${d.token}` },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe('webp');
    const [key] = await bucket.keys('media/');
    expect(key).toBeDefined();
    expect(bytes.equals(await bucket.store.read(key!))).toBe(true);
    for (const dataDir of dataDirs) expect(existsSync(path.join(dataDir, 'media'))).toBe(false);

    // The bucket goes down: media answer 503 on every node, everything else keeps working.
    await bucket.stop();
    try {
      for (const node of [...nodes, { origin: nginx!.origin }]) {
        const media = await fetch(`${node.origin}${image}`, {
          headers: { authorization: `Bearer ${d.token}` },
        });
        expect(media.status).toBe(503);
        expect(((await media.json()) as { error: { code: string } }).error.code).toBe(
          'MEDIA_STORE_UNAVAILABLE',
        );
        expect((await call(node.origin, 'GET', '/users/me', d.token)).status).toBe(200);
        expect((await call(node.origin, 'GET', '/health')).status).toBe(200);
      }
      expect((await call(node3.origin, 'GET', '/files', d.token)).status).toBe(200);
    } finally {
      await bucket.start();
    }
    const back = await fetch(`${nginx!.origin}${image}`, { headers: { authorization: `Bearer ${d.token}` } });
    expect(back.status).toBe(200);
    for (const node of nodes)
      expect(
        node.logLines().filter((line) => line.level >= 50 && line.msg !== 'media store unavailable'),
      ).toEqual([]);
  }, 60_000);

  it('shares the rate-limit counter between the nodes', async () => {
    const [node1, node2] = nodes as [Node, Node, Node];
    const c = await signUp(nginx!.origin, 'charlie');
    const statuses: number[] = [];
    // Alternating nodes: apart, each would count only half and never refuse.
    for (let i = 0; i < RATE_LIMIT_MAX; i += 1) {
      statuses.push(
        (await call(i % 2 === 0 ? node1.origin : node2.origin, 'GET', '/users/me', c.token)).status,
      );
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const limited = await call(node2.origin, 'GET', '/users/me', c.token);
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The third node counts the same requests, and so does nginx's way in.
    expect((await call(nodes[2]!.origin, 'GET', '/users/me', c.token)).status).toBe(429);
    expect((await call(nginx!.origin, 'GET', '/users/me', c.token)).status).toBe(429);
    // Another member is not limited by c's count.
    expect((await call(node1.origin, 'GET', '/users/me', b.token)).status).toBe(200);
  }, 60_000);
});
