// Push reach: "a message to a member with three devices reaches the push service in ≤ 1 s (p95)
// while 1,000 sockets are open". 1,000 members signed up, each with a socket.io connection; B has
// three push subscriptions whose endpoints are a local push service (an HTTP listener on
// 127.0.0.1, PUSH_ALLOW_PRIVATE_ENDPOINTS=1) that records when each encrypted message arrives.
// PUSH_ROUNDS of B's friends each send B one private message (one sender a round: a pair's pushes
// share a tag, throttled to one a minute); a figure runs from just before the POST /messages until
// the last of B's three devices' messages reached the push service.
// Also runnable alone: `node tests/bench/push-bench.mjs` (after `npm run build`).
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiCall } from '../browser/support/api.mjs';
import { newDataDir, startServer } from '../browser/support/server-process.mjs';
import { befriend, envNumber, PRODUCTION_ENV } from './bench-support.mjs';
import { connectAll, signUpMany } from './notify-latency.mjs';
import { median, percentile, sleep } from './stats.mjs';

export const PUSH_MEMBERS = envNumber('PUSH_BENCH_MEMBERS', 1_000);
export const PUSH_ROUNDS = envNumber('PUSH_BENCH_ROUNDS', 60);
const DEVICES = 3;
const WARM_UP_ROUNDS = 5;
const ROUND_TIMEOUT_MS = 10_000;

/** A push service on 127.0.0.1: per path, the arrival times of the messages it accepted. */
async function pushService() {
  const arrivals = new Map();
  const waiters = new Set();
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const at = performance.now();
      const list = arrivals.get(req.url) ?? [];
      list.push(at);
      arrivals.set(req.url, list);
      for (const w of waiters) w();
      res.writeHead(201);
      res.end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  return {
    base,
    count: (p) => arrivals.get(p)?.length ?? 0,
    /** Resolves with the n-th arrival's time on each path once all have it. */
    until(paths, n) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (paths.every((p) => (arrivals.get(p)?.length ?? 0) >= n)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(Math.max(...paths.map((p) => arrivals.get(p)[n - 1])));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error('no push'));
        }, ROUND_TIMEOUT_MS);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const subscription = (endpoint) => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
};

export async function benchPush(log) {
  const dataDir = newDataDir('paddock-bench-push-');
  const service = await pushService();
  const senders = PUSH_ROUNDS + WARM_UP_ROUNDS;
  try {
    log(`signing up ${PUSH_MEMBERS} members…`);
    const seeding = await startServer({
      dataDir,
      env: { ARGON2_MEMORY_KIB: '4096', ACCESS_TOKEN_TTL_SECONDS: '7200' },
    });
    let members;
    try {
      members = await signUpMany(seeding.baseUrl, PUSH_MEMBERS);
      for (let i = 1; i <= senders; i++) await befriend(seeding.baseUrl, members[i], members[0]);
    } finally {
      await seeding.dispose();
    }
    const b = members[0];
    const server = await startServer({
      dataDir,
      env: { ...PRODUCTION_ENV, PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' },
    });
    let clients = [];
    try {
      const paths = Array.from({ length: DEVICES }, (_, k) => `/device-${k}/${b.id}`);
      for (const p of paths) {
        const res = await apiCall(
          server.baseUrl,
          'POST',
          '/push-subscriptions',
          subscription(`${service.base}${p}`),
          b.token,
        );
        if (res.status !== 201) throw new Error(`POST /push-subscriptions answered ${res.status}`);
      }
      const connected = await connectAll(server.baseUrl, members, log);
      clients = connected.clients;
      const latencies = [];
      const httpTimes = [];
      let errors = 0;
      for (let i = 0; i < senders; i++) {
        const n = service.count(paths[0]) + 1;
        const pushed = service.until(paths, n);
        const started = performance.now();
        const res = await apiCall(
          server.baseUrl,
          'POST',
          '/messages',
          {
            id: randomUUID(),
            recipientId: b.id,
            subject: 'Track day',
            content: '<p>See you at the track?</p>',
          },
          members[i + 1].token,
        );
        httpTimes.push(performance.now() - started);
        try {
          const at = await pushed;
          if (res.status !== 201) errors++;
          else if (i >= WARM_UP_ROUNDS) latencies.push(at - started);
        } catch {
          errors++;
        }
        await sleep(10);
      }
      const result = {
        members: PUSH_MEMBERS,
        devices: DEVICES,
        socketsConnected: clients.length - connected.failures,
        rounds: PUSH_ROUNDS,
        measured: latencies.length,
        errors,
        p50Ms: percentile(latencies, 50),
        p95Ms: percentile(latencies, 95),
        maxMs: latencies.length ? Math.max(...latencies) : NaN,
        httpMedianMs: median(httpTimes),
      };
      log(
        `message → 3 devices at the push service: p50 ${result.p50Ms.toFixed(0)} ms, p95 ${result.p95Ms.toFixed(0)} ms (${result.measured} rounds, ${errors} errors, ${result.socketsConnected} sockets)`,
      );
      return result;
    } finally {
      for (const c of clients) c.socket.close();
      await server.dispose();
    }
  } finally {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (value) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

export function addPushRows(r, add) {
  const p = r.push;
  add(
    `A message → B's 3 devices at the push service (${PUSH_MEMBERS.toLocaleString('en-US')} sockets open, ${PUSH_ROUNDS} messages)`,
    p,
    p
      ? `p50 ${ms(p.p50Ms)}, p95 ${ms(p.p95Ms)}, max ${ms(p.maxMs)}; ${p.errors} errors; ${p.socketsConnected} sockets`
      : (r.errors.push ?? 'no result'),
    '≤ 1 s p95',
    p?.p95Ms <= 1000 && p?.errors === 0,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await benchPush((text) => console.log(`  · ${text}`));
  console.log(JSON.stringify(result, null, 2));
}
