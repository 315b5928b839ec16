// PostgreSQL: a write cut off by a dying node does not hold its Idempotency-Key for the in-flight
// timeout (60 s). The node names itself on the key it is answering and holds a lease (a session
// advisory lock) that PostgreSQL drops with its connections: once the node is killed, another node
// answers the retry instead of 409 "still being processed"; while it lives, the retry gets 409.
// A real process: the built server, killed with SIGKILL in the middle of POST /cars.
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPrivateServer, exited, signUp, sleep, spawnNode, tempDir, type Node } from './cluster-fixtures';
import { API } from './garage-fixtures';
import { createTestApp, createTestDatabase, type TestApp } from './helpers';

let bundle: { entry: string; remove(): void };
let database: { url: string; drop(): Promise<void> };
let dataDir: string;
let node: Node | undefined;
let other: TestApp | undefined;
const env: Record<string, string> = {};

beforeAll(async () => {
  bundle = await buildPrivateServer('idempotency-node');
  database = await createTestDatabase();
  dataDir = tempDir('idempotency-node');
  Object.assign(env, {
    DATA_DIR: dataDir,
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(48).toString('base64url'),
  });
}, 120_000);
afterAll(async () => {
  await node?.stop();
  await other?.close();
  await database?.drop();
  bundle?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('an Idempotency-Key left in progress by a node that died', () => {
  it('is 409 while its node lives, and answered by another node once it is killed', async () => {
    const spawned = await spawnNode(bundle.entry, env);
    node = spawned;
    await spawned.ready;
    // The other node: this process, on the same database and signing key.
    other = await createTestApp({ DATABASE_URL: database.url, JWT_SECRET: env.JWT_SECRET! });
    const member = await signUp(node.origin, 'cutoff');
    const key = randomUUID();
    const body = { make: 'Alpine', model: 'A110' };
    const headers = {
      authorization: `Bearer ${member.token}`,
      'content-type': 'application/json',
      'idempotency-key': key,
    };

    // Hold the write inside the node: the cars table is locked, so its insert waits.
    const locker = new pg.Client({ connectionString: database.url });
    const watcher = new pg.Client({ connectionString: database.url });
    await locker.connect();
    await watcher.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table cars in access exclusive mode');
      const cutOff = fetch(`${node.origin}${API}/cars`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      })
        .then((res) => res.status)
        .catch(() => 'cut off' as const);
      // The node has claimed the key, naming itself.
      let deadNode = '';
      for (;;) {
        const { rows } = await locker.query<{ node_id: string | null; status_code: number | null }>(
          'select node_id, status_code from idempotency_keys where key = $1',
          [key],
        );
        if (rows[0]) {
          expect(rows[0]).toMatchObject({ node_id: expect.any(String), status_code: null });
          deadNode = rows[0].node_id!;
          break;
        }
        await sleep(25);
      }

      const retry = () => other!.app.inject({ method: 'POST', url: `${API}/cars`, headers, payload: body });
      // Its node is alive: still being processed.
      const early = await retry();
      expect(early.statusCode).toBe(409);
      expect(early.json().error.code).toBe('IDEMPOTENCY_CONFLICT');

      node.proc.kill('SIGKILL');
      await exited(node.proc);
      expect(await cutOff).toBe('cut off');

      // Another node answers the retry (the node's lease goes with its process; the loop only leaves
      // PostgreSQL the moment it takes to notice, far below the 60 s timeout).
      const answered = (async () => {
        let answer = await retry();
        for (let tries = 0; answer.statusCode === 409 && tries < 100; tries++) {
          await sleep(100);
          answer = await retry();
        }
        return answer;
      })();
      // Before it runs the write again, the dead node's session still waiting on the lock is
      // ended: its insert must never commit behind the retry's back.
      for (let tries = 0; ; tries++) {
        // (Read outside the locker's transaction, which sees one snapshot of the activity.)
        const { rows } = await watcher.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where application_name = $1',
          [`paddock:${deadNode}`],
        );
        if (rows[0]!.n === 0) break;
        expect(tries, 'the dead node’s sessions are still there').toBeLessThan(300);
        await sleep(100);
      }
      await locker.query('rollback');
      const answer = await answered;
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.headers['idempotent-replayed']).toBeUndefined();
      // And it is remembered: the next retry is a replay of that answer.
      const replay = await retry();
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      const cars = await locker.query('select id from cars where owner_id = $1', [member.id]);
      expect(cars.rows).toHaveLength(1);
    } finally {
      await locker.end();
      await watcher.end();
    }
  }, 120_000);
});
