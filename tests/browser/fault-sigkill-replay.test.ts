// Faults: a node SIGKILLed while a browser replays its outbox. The member writes 60 logs
// offline (3 with a photo, sent as multipart); back online, in the middle of the replay, the server
// process is killed (SIGKILL: no drain, no answer). Then either the same node is started again on
// its data directory and port (SQLite), or, on PostgreSQL, another node of the deployment comes up
// on the address the page talks to (failover). The page carries on by itself (backoff, socket
// reconnect): every write reaches the server exactly once, photos included, and the outbox empties.
//
// The kill point is made ambiguous on purpose: one create ("After the photos 1", sent right after
// the multipart ones) goes to the server, which stores it and answers; the server is killed before
// the browser gets that answer, so for the browser that write failed like the others in flight.
// Sending it again must not make a second log, nor be refused.
//
// What the kill left is read from the database while no node runs: the rows, the Idempotency-Key
// claims without an answer (requests cut mid-way). At that moment every write is on the server or
// still in the outbox.
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Page, Request } from 'playwright-core';
import { expect, test, vi } from 'vitest';
import { apiCall, newMember, signUpViaApi } from './support/api.mjs';
import { localDb, type OutboxSummary } from './support/garage.mjs';
import { newDataDir, startServer, type ServerHandle } from './support/server-process.mjs';
import {
  addLogThroughForm,
  makeJpeg,
  openGarage,
  signInThroughForm,
  STEP_TIMEOUT_MS,
  waitForControllingWorker,
} from './support/garage-flows';
import { exactly, t, useE2e } from './harness';
import { screenHeading } from './flows';

const e2e = useE2e();

const API = '/api/v1.0';
const BEFORE_PHOTOS = 15;
const PHOTOS = 3;
const AFTER_PHOTOS = 42;
const WRITES = BEFORE_PHOTOS + PHOTOS + AFTER_PHOTOS;
/**
 * After the restart, a request the kill cut mid-way has left its Idempotency-Key claimed without an
 * answer: the server answers 409 "still being processed" until IN_FLIGHT_TIMEOUT_MS (60 s,
 * server/src/http/idempotency.ts) has passed, and the replayer retries with backoff (1 s × 2ⁿ,
 * capped at 60 s, + up to 30 % jitter), the queue behind it waiting (FIFO). About 70 s measured;
 * generous for a loaded two-core machine.
 */
const REPLAY_AFTER_RESTART_MS = 240_000;
const KILL_WITHIN_MS = 90_000;

interface ServerLog {
  id: string;
  carId: string;
  title: string;
  media: {
    id: string;
    url: string;
    kind: string;
    mime: string;
    width: number | null;
    height: number | null;
  }[];
}

/** Every log of a car on the server, every page (the API's largest page is 100). */
async function serverLogs(
  baseUrl: string,
  token: string,
  carId: string,
): Promise<{ logs: ServerLog[]; total: number }> {
  const logs: ServerLog[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const res = await apiCall(
      baseUrl,
      'GET',
      `/car-logs/${carId}?page=${pageNo}&limit=100`,
      undefined,
      token,
    );
    expect(res.status).toBe(200);
    logs.push(...(res.json.data as ServerLog[]));
    if ((res.json.data as unknown[]).length < 100) return { logs, total: res.json.meta.total as number };
  }
}

/** The settings the log form's selects need, kept on the device before the network goes. */
async function expectSettingsMirrored(page: Page): Promise<void> {
  await vi.waitFor(
    async () => expect(await localDb.settingsDomains(page)).toEqual(expect.arrayContaining(['carLogType'])),
    { timeout: STEP_TIMEOUT_MS, interval: 200 },
  );
}

const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh PostgreSQL database (the one at 127.0.0.1:5432, as the server suite uses). */
async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `paddock_failover_${process.pid}_${randomUUID().slice(0, 8)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  return {
    url: POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's SQLite file, read-only; opened while no server runs, it also sees the last commits. */
function sqliteRows(dataDir: string) {
  return async <T>(sql: string, params: unknown[]): Promise<T[]> => {
    const db = new Database(path.join(dataDir, 'paddock.db'), { readonly: true, fileMustExist: true });
    try {
      return db.prepare(sql.replace(/\$\d+/g, '?')).all(...params) as T[];
    } finally {
      db.close();
    }
  };
}

/** The servers under test, as the scenario sees them. */
interface Deployment {
  readonly baseUrl: string;
  /** The process serving baseUrl now. */
  pid(): number | null;
  /** Stops it (SIGTERM), or waits for it to be gone once killed. */
  stop(): Promise<void>;
  /** Starts it again (the member back online). */
  restart(): Promise<void>;
  /** After the SIGKILL: the same node restarted, or another node on the same address. */
  recover(): Promise<void>;
  /** Rows of the server's database (`$1` parameters), read directly. */
  rows<T>(sql: string, params: unknown[]): Promise<T[]>;
}

/** The page's log writes (POST /car-logs and /car-logs/with-media): those in flight, the answers. */
function trackLogWrites(page: Page) {
  const inFlight = new Set<Request>();
  const answers: { key: string; path: string; status: number; replayed: boolean; at: number }[] = [];
  const isLogWrite = (request: Request) =>
    request.method() === 'POST' && new URL(request.url()).pathname.startsWith(`${API}/car-logs`);
  page.on('request', (request) => {
    if (isLogWrite(request)) inFlight.add(request);
  });
  page.on('requestfailed', (request) => inFlight.delete(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('response', (response) => {
    const request = response.request();
    if (!isLogWrite(request)) return;
    answers.push({
      key: request.headers()['idempotency-key'] ?? '',
      path: new URL(request.url()).pathname.slice(API.length),
      status: response.status(),
      replayed: response.headers()['idempotent-replayed'] === 'true',
      at: Date.now(),
    });
  });
  return {
    inFlight,
    answers,
    multipartInFlight: () => [...inFlight].filter((r) => r.url().endsWith('/car-logs/with-media')).length,
  };
}

interface KillPoint {
  at: number;
  /** The server's answer to the write whose answer the browser never got. */
  lostAnswerStatus: number;
  writesInFlight: number;
  multipartInFlight: number;
}

/**
 * 60 writes offline, a SIGKILL mid-replay with one answer lost, the service recovered: every write
 * on the server once, photos included, and the outbox empty.
 */
async function sigkillMidReplay(server: Deployment): Promise<void> {
  const { baseUrl } = server;
  const { member, token, user } = await signUpViaApi(baseUrl, newMember('fault'));
  const car = await apiCall(
    baseUrl,
    'POST',
    '/cars',
    { id: randomUUID(), make: 'Alpine', model: 'A110' },
    token,
  );
  expect(car.status).toBe(201);
  const carId = car.json.data.id as string;

  const page = await e2e.newPage({ locale: 'en-US' });
  const context = page.context();
  await signInThroughForm(page, baseUrl, member);
  await waitForControllingWorker(page);
  await openGarage(page, baseUrl);
  await page
    .getByRole('heading', { level: 2, name: exactly('Alpine A110') })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  await expectSettingsMirrored(page);

  // Offline for real (the server stopped, the network cut): 60 writes, 3 of them with a photo.
  await server.stop();
  await context.setOffline(true);
  try {
    await page.reload();
    await screenHeading(page, 'CARS.MY_CARS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
    const before = await localDb.queueCarLogCreates(
      page,
      carId,
      BEFORE_PHOTOS,
      '2024-05-01',
      'Before the photos',
    );
    const photo = { mimeType: 'image/jpeg', buffer: await makeJpeg(96, 64) };
    for (let k = 1; k <= PHOTOS; k++) {
      await addLogThroughForm(page, {
        type: 'maintenance',
        title: `Photo log ${k}`,
        startDate: '2024-05-02',
        photo: { ...photo, name: `receipt-${k}.jpg` },
      });
    }
    const after = await localDb.queueCarLogCreates(
      page,
      carId,
      AFTER_PHOTOS,
      '2024-05-03',
      'After the photos',
    );
    // A new session, still offline, opens with the whole queue.
    await page.reload();
    await screenHeading(page, 'CARS.MY_CARS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });

    const queued = await localDb.outbox(page);
    expect(queued).toHaveLength(WRITES);
    expect(queued.every((e) => e.kind === 'carLog.create' && e.status !== 'failed')).toBe(true);
    const photoEntries = queued.filter((e) => e.path === '/car-logs/with-media');
    expect(photoEntries).toHaveLength(PHOTOS);
    const photoIds = photoEntries.map((e) => e.entityId!);
    const allIds = [...before, ...photoIds, ...after];
    expect(new Set(queued.map((e) => e.entityId))).toEqual(new Set(allIds));
    const entityOf = new Map(queued.map((e) => [e.id, e.entityId!]));
    const titleOf = new Map([
      ...before.map((id, i) => [id, `Before the photos ${i + 1}`] as const),
      ...photoIds.map((id, i) => [id, `Photo log ${i + 1}`] as const),
      ...after.map((id, i) => [id, `After the photos ${i + 1}`] as const),
    ]);
    const lostAnswerId = after[0]!;
    const lostAnswerKey = queued.find((e) => e.entityId === lostAnswerId)!.id;

    // The kill point: "After the photos 1" reaches the server and is answered; the server is
    // SIGKILLed before the browser gets the answer (the connection is reset).
    const writes = trackLogWrites(page);
    let resolveKill!: (point: KillPoint) => void;
    let rejectKill!: (error: unknown) => void;
    const killed = new Promise<KillPoint>((resolve, reject) => {
      resolveKill = resolve;
      rejectKill = reject;
    });
    killed.catch(() => undefined); // a late failure after the time limit is not unhandled
    let armed = true;
    await page.route(`**${API}/car-logs`, async (route) => {
      const request = route.request();
      const body = request.method() === 'POST' ? (request.postDataJSON() as { id?: string } | null) : null;
      if (!armed || body?.id !== lostAnswerId) return route.continue();
      armed = false;
      try {
        const answer = await route.fetch();
        const pid = server.pid();
        if (pid === null) throw new Error('No server process to kill');
        process.kill(pid, 'SIGKILL');
        resolveKill({
          at: Date.now(),
          lostAnswerStatus: answer.status(),
          // This one included: for the browser it is still waiting for its answer.
          writesInFlight: writes.inFlight.size,
          multipartInFlight: writes.multipartInFlight(),
        });
      } catch (error) {
        rejectKill(error);
      }
      await route.abort('connectionreset');
    });

    // Back online: the server first, then the network; the replay starts on `online`.
    await server.restart();
    const onlineAt = Date.now();
    await context.setOffline(false);
    let noKill: ReturnType<typeof setTimeout> | undefined;
    const kill = await Promise.race([
      killed,
      new Promise<never>((_, reject) => {
        noKill = setTimeout(
          () => reject(new Error(`The replay never sent "After the photos 1" in ${KILL_WITHIN_MS} ms`)),
          KILL_WITHIN_MS,
        );
      }),
    ]).finally(() => clearTimeout(noKill));
    await server.stop(); // resolves once the killed process has exited
    expect(kill.lostAnswerStatus).toBe(201);
    // The browser has given up on every request the kill cut.
    await vi.waitFor(() => expect(writes.inFlight.size).toBe(0), {
      timeout: STEP_TIMEOUT_MS,
      interval: 50,
    });

    // What the kill left, read from the file while no process runs.
    const committed = new Set(
      (await server.rows<{ id: string }>('select id from car_logs where car_id = $1', [carId])).map(
        (r) => r.id,
      ),
    );
    const claims = await server.rows<{ key: string; status_code: number | null }>(
      'select key, status_code from idempotency_keys where member_id = $1',
      [user.id],
    );
    const linked = new Set(
      (
        await server.rows<{ car_log_id: string }>(
          `select car_log_id from car_log_media where car_log_id in (${photoIds.map((_, i) => `$${i + 1}`).join(', ')})`,
          photoIds,
        )
      ).map((r) => r.car_log_id),
    );
    const photosAtKill = photoIds.map((id) => ({ committed: committed.has(id), files: linked.has(id) }));
    const left: OutboxSummary[] = await localDb.outbox(page);
    const leftIds = new Set(left.map((e) => e.entityId));
    // The kill point and what it left (the suite's output, also when an assertion below fails).
    const cut = claims.filter((c) => c.status_code === null).map((c) => entityOf.get(c.key) ?? c.key);
    console.info(
      `[fault-sigkill-replay] SIGKILL ${kill.at - onlineAt} ms after online: on the server ` +
        `${committed.size}/${WRITES} logs; ${kill.writesInFlight} write(s) in flight in the browser ` +
        `(${kill.multipartInFlight} multipart); claims without an answer: ` +
        `${cut.map((id) => `${titleOf.get(id) ?? id} (row ${committed.has(id) ? 'committed' : 'absent'})`).join(', ') || 'none'}; ` +
        `photo logs ${JSON.stringify(photosAtKill)}; ${left.length} writes still queued.`,
    );
    // The replay was under way: some writes on the server, not all.
    expect(committed.size).toBeGreaterThan(0);
    expect(committed.size).toBeLessThan(WRITES);
    // The ambiguous write: stored and answered on the server, still queued on the device.
    expect(committed.has(lostAnswerId)).toBe(true);
    expect(leftIds.has(lostAnswerId)).toBe(true);
    // Nothing dropped: every write is on the server or still queued, and nothing else is there.
    expect(allIds.filter((id) => !committed.has(id) && !leftIds.has(id))).toEqual([]);
    expect([...committed].filter((id) => !titleOf.has(id))).toEqual([]);
    expect(left.filter((e) => e.status === 'failed')).toEqual([]);

    // The service back on the same address; the page reconnects and replays by itself.
    const restartAt = Date.now();
    await server.recover();
    const upAt = Date.now();
    for (;;) {
      const outbox = await localDb.outbox(page);
      const failed = outbox.filter((e) => e.status === 'failed');
      if (failed.length) throw new Error(`Writes refused after the restart: ${JSON.stringify(failed)}`);
      if (outbox.length === 0) break;
      if (Date.now() - upAt > REPLAY_AFTER_RESTART_MS)
        throw new Error(`Still ${outbox.length} writes queued: ${JSON.stringify(outbox.slice(0, 5))}`);
      await sleep(500);
    }
    const emptyAt = Date.now();

    // Exactly once: every log under the id the device gave it, no copy, no other.
    const { logs, total } = await serverLogs(baseUrl, token, carId);
    expect(total).toBe(WRITES);
    expect(logs).toHaveLength(WRITES);
    expect(logs.map((l) => l.id).sort()).toEqual([...allIds].sort());
    expect(logs.map((l) => l.title).sort()).toEqual([...titleOf.values()].sort());

    // The photos: each log with its one file, re-encoded by the server, and served.
    for (const id of photoIds) {
      const log = logs.find((l) => l.id === id)!;
      expect(log.media, `the photo of ${log.title}`).toHaveLength(1);
      expect(log.media[0]).toMatchObject({ kind: 'image', mime: 'image/webp', width: 96, height: 64 });
      const file = await fetch(new URL(log.media[0]!.url, baseUrl), {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toMatch(/^image\/webp/);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    for (const log of logs.filter((l) => !photoIds.includes(l.id))) expect(log.media).toEqual([]);

    // No request left half-done on the server: every claim the kill left has its answer now.
    const open = await server.rows<{ key: string }>(
      'select key from idempotency_keys where member_id = $1 and status_code is null',
      [user.id],
    );
    expect(open).toEqual([]);

    // The device is in step: nothing queued, and the header says so.
    expect(await localDb.outbox(page)).toEqual([]);
    await page
      .getByRole('button', { name: new RegExp(t('SYNC.ALL_SENT').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .waitFor({ timeout: STEP_TIMEOUT_MS });

    // How the replay resumed after the restart.
    const answersAfter = writes.answers.filter((a) => a.at >= kill.at);
    const byStatus = (list: typeof answersAfter) =>
      list.reduce<Record<string, number>>((acc, a) => {
        const key = `${a.status}${a.replayed ? ' replayed' : ''}`;
        acc[key] = (acc[key] ?? 0) + 1;
        return acc;
      }, {});
    console.info(
      `[fault-sigkill-replay] restart ${upAt - restartAt} ms; outbox empty ${emptyAt - upAt} ms after it; ` +
        `answers after the kill ${JSON.stringify(byStatus(answersAfter))}, to the write whose answer ` +
        `was lost ${JSON.stringify(byStatus(answersAfter.filter((a) => a.key === lostAnswerKey)))}.`,
    );
    await context.close(); // on a failure the harness reports the page first, then closes it
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' }).catch(() => undefined);
  }
}

const TEST_TIMEOUT_MS = KILL_WITHIN_MS + REPLAY_AFTER_RESTART_MS + 120_000;

test(
  'a node SIGKILLed mid-replay and restarted: every offline write is on the server once, photos included',
  { timeout: TEST_TIMEOUT_MS },
  async () => {
    const node = e2e.server;
    try {
      await sigkillMidReplay({
        baseUrl: node.baseUrl,
        pid: () => node.pid,
        stop: () => node.stop(),
        restart: () => node.restart(),
        recover: () => node.restart(),
        rows: sqliteRows(node.dataDir),
      });
    } finally {
      // The file's server running again for whatever comes next.
      if (node.pid === null) await node.restart();
    }
  },
);

test(
  'failover on PostgreSQL: node 1 SIGKILLed mid-replay, node 2 up on its address: every write once',
  { timeout: TEST_TIMEOUT_MS },
  async ({ onTestFailed }) => {
    // Two nodes of one deployment: one database, one JWT secret, one media volume (DATA_DIR).
    const database = await createDatabase();
    const dataDir = newDataDir('paddock-failover-');
    const env = { DATABASE_URL: database.url, JWT_SECRET: randomBytes(48).toString('base64url') };
    const nodes: ServerHandle[] = [];
    const client = new pg.Client({ connectionString: database.url });
    onTestFailed(() => {
      for (const [i, node] of nodes.entries())
        console.log(
          `--- node ${i + 1} output (last lines) ---\n${node.output().split('\n').slice(-40).join('\n')}`,
        );
    });
    try {
      nodes.push(await startServer({ dataDir, env }));
      const port = nodes[0]!.port;
      await client.connect();
      const current = () => nodes[nodes.length - 1]!;
      await sigkillMidReplay({
        baseUrl: nodes[0]!.baseUrl,
        pid: () => current().pid,
        stop: () => current().stop(),
        restart: () => current().restart(),
        recover: async () => void nodes.push(await startServer({ dataDir, port, env })),
        rows: async <T>(sql: string, params: unknown[]) => (await client.query(sql, params)).rows as T[],
      });
      // Node 2 is another process: node 1 is gone for good.
      expect(nodes).toHaveLength(2);
      expect(nodes[0]!.pid).toBeNull();
    } finally {
      await client.end().catch(() => undefined);
      for (const node of nodes) await node.dispose();
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  },
);
