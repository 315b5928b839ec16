// A mixed workload ("Load"): simulated members, each with a live socket (websocket
// transport, as the app's), reading and writing as people do — the feed by cursor, a car's log
// book, messages, chat rooms and their messages, notifications; posts, comments, likes, logs,
// messages and chat messages — on SQLite (one node) and on PostgreSQL (two nodes and Redis behind
// nginx). Per endpoint: requests, throughput, p50/p99 latency, errors. Every answer that is not a
// 2xx is an error: the mix only asks what the member may ask, so none is expected. The sockets
// count every notification; each chat message accepted must reach the socket of every participant
// of its room (the sender's included) exactly once, and each private message its recipient's.
//
// Seeding goes through the API (the same on both dialects): MIXED_BENCH_MEMBERS members (200) in
// circles of 20 friends (everyone in a circle is a friend of everyone else in it), one car each
// with 30 logs, 5 posts each, 3 messages each to friends, two chat groups of 10 per circle with a
// few messages. MIXED_BENCH_USERS of them (100, spread over the circles) then run the mix, each in
// a loop: one request, then a pause ("think time", uniform in 0..2×MIXED_BENCH_THINK_MS, 200 ms by
// default), so the rate is what 100 busy members ask, not what the server can be pushed to.
// Every member's socket is open during the run (the readers' friends hear the writers).
//
// Knobs: MIXED_BENCH_SECONDS (300; the measured part, after a warm-up of a tenth of it, at most
// 15 s), MIXED_BENCH_MEMBERS, MIXED_BENCH_USERS, MIXED_BENCH_THINK_MS.
// Also runnable alone: `node tests/bench/mixed-load.mjs [sqlite|postgres]` (after `npm run build`).
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { newMember, signUpViaApi } from '../browser/support/api.mjs';
import { startServer } from '../browser/support/server-process.mjs';
import { startCluster } from './cluster-process.mjs';
import { percentile, readRssMiB, sleep } from './stats.mjs';
import { envNumber, pool } from './bench-support.mjs';

export const MIXED_SECONDS = envNumber('MIXED_BENCH_SECONDS', 300);
/** The bar (docs/BENCHMARKS.md): no error over five minutes. */
export const MIXED_TARGET_SECONDS = 300;
const CIRCLE = 20;
const MEMBERS = Math.max(CIRCLE, Math.floor(envNumber('MIXED_BENCH_MEMBERS', 200) / CIRCLE) * CIRCLE);
const USERS = Math.min(MEMBERS, envNumber('MIXED_BENCH_USERS', 100));
const THINK_MS = envNumber('MIXED_BENCH_THINK_MS', 200);
const LOGS_PER_CAR = 30;
const POSTS_PER_MEMBER = 5;
const MESSAGES_PER_MEMBER = 3;
const CHAT_SEED_MESSAGES = 5;
const GROUP_SIZE = CIRCLE / 2;
const SEED_CONCURRENCY = 12;
const CONNECT_BATCH = 25;
/** After the run: time for the last events to arrive before counting. */
const DRAIN_MS = 3_000;
const NODES = 2;

const ENV = {
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '100000000',
  AUTH_RATE_LIMIT_MAX: '100000000',
  // Sign-ups happen while seeding only; the mix signs no one in.
  ARGON2_MEMORY_KIB: '4096',
  // The seeding's tokens serve the whole run (the default 15 minutes would not).
  ACCESS_TOKEN_TTL_SECONDS: '7200',
};

/**
 * The mix: the endpoint's label and its weight (out of 100). Reads about three quarters, writes a
 * quarter; "expected" answers are 200 for reads and likes, 201 for creations.
 */
export const MIX = [
  ['GET /posts/feed', 22],
  ['GET /car-logs/{carId}', 10],
  ['GET /messages', 8],
  ['GET /chat-rooms', 8],
  ['GET /chat-messages/chat-room/{roomId}', 12],
  ['GET /notifications', 10],
  ['POST /posts', 3],
  ['POST /comments', 5],
  ['POST /posts/{id}/like', 6],
  ['POST /car-logs', 4],
  ['POST /messages', 4],
  ['POST /chat-messages', 8],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [, w]) => sum + w, 0);

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** One API call; resolves to { status, json, ms } (status 0 when the request itself failed). */
async function request(origin, method, url, token, body) {
  const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  try {
    const res = await fetch(`${origin}/api/v1.0${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // reported with the status
    }
    return { status: res.status, json, ms: performance.now() - started, text };
  } catch (err) {
    return { status: 0, json: null, ms: performance.now() - started, text: String(err?.cause ?? err) };
  }
}

/** Seeding: a call that must succeed. */
async function must(origin, method, url, token, body, status = 201) {
  const res = await request(origin, method, url, token, body);
  if (res.status !== status)
    throw new Error(`${method} ${url} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return res.json?.data;
}

const logBody = (carId, n) => ({
  id: randomUUID(),
  carId,
  type: ['maintenance', 'repair', 'fuel', 'modification', 'inspection'][n % 5],
  title: `Entry ${n}`,
  content: `<p>Entry ${n}: <strong>oil</strong> and filter, tyres checked.</p>`,
  location: 'Garage du Port',
  tags: ['oil'],
  cost: 89.9,
  currencyCode: 'EUR',
  startDate: new Date(Date.UTC(2020, 0, 1) + n * 86_400_000 * 3).toISOString().slice(0, 10),
  mileage: 40_000 + n * 250,
});

/**
 * Members 0..N-1 in circles of CIRCLE (all friends within a circle); two chat groups per circle
 * (the first member of each half owns the other nine of it).
 */
async function seed(origin, log) {
  let started = performance.now();
  const members = [];
  await pool(MEMBERS, 8, async (i) => {
    const signedUp = await signUpViaApi(origin, newMember(`mx${i}`));
    members[i] = { index: i, id: signedUp.user.id, token: signedUp.token, circle: Math.floor(i / CIRCLE) };
  });
  for (const m of members) m.friends = members.filter((o) => o.circle === m.circle && o.index !== m.index);
  log(`${MEMBERS} members signed up in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  started = performance.now();
  const pairs = [];
  for (const a of members) for (const b of a.friends) if (a.index < b.index) pairs.push([a, b]);
  await pool(pairs.length, SEED_CONCURRENCY, async (i) => {
    const [a, b] = pairs[i];
    const asked = await must(origin, 'POST', '/friends/request', a.token, { userId: b.id });
    await must(origin, 'PUT', `/friends/request/${asked.request.id}`, b.token, { action: 'accept' }, 200);
  });
  log(`${pairs.length} friendships in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  started = performance.now();
  await pool(MEMBERS, SEED_CONCURRENCY, async (i) => {
    const m = members[i];
    const car = await must(origin, 'POST', '/cars', m.token, {
      id: randomUUID(),
      make: 'Alpine',
      model: 'A110',
      year: 2019,
      mileage: 40_000,
      mileageUnit: 'km',
    });
    m.carId = car.id;
    for (let n = 0; n < LOGS_PER_CAR; n++)
      await must(origin, 'POST', '/car-logs', m.token, logBody(car.id, n));
    for (let n = 0; n < POSTS_PER_MEMBER; n++)
      await must(origin, 'POST', '/posts', m.token, {
        id: randomUUID(),
        content: `<p>Seed post ${n} of ${m.index}: <em>track day</em> soon.</p>`,
      });
    for (let n = 0; n < MESSAGES_PER_MEMBER; n++)
      await must(origin, 'POST', '/messages', m.token, {
        id: randomUUID(),
        recipientId: pick(m.friends).id,
        subject: `Hello ${n}`,
        content: '<p>Coming to the meet on Sunday?</p>',
      });
  });
  log(
    `${MEMBERS} cars, ${MEMBERS * LOGS_PER_CAR} logs, ${MEMBERS * POSTS_PER_MEMBER} posts, ` +
      `${MEMBERS * MESSAGES_PER_MEMBER} messages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  started = performance.now();
  const groups = [];
  for (let g = 0; g < MEMBERS / GROUP_SIZE; g++) {
    const owner = members[g * GROUP_SIZE];
    const rest = members.slice(g * GROUP_SIZE + 1, (g + 1) * GROUP_SIZE);
    const group = await must(origin, 'POST', '/chat-groups', owner.token, {
      name: `Circle ${g}`,
      memberIds: rest.map((m) => m.id),
    });
    groups.push({ id: group.id, chatRoomId: group.chatRoomId, members: [owner, ...rest] });
    for (const m of [owner, ...rest]) {
      m.group = groups[g];
      m.rooms = [group.chatRoomId];
    }
  }
  await pool(groups.length * CHAT_SEED_MESSAGES, SEED_CONCURRENCY, async (i) => {
    const group = groups[i % groups.length];
    await must(origin, 'POST', '/chat-messages', pick(group.members).token, {
      id: randomUUID(),
      chatGroupId: group.id,
      content: `Seed message ${i}`,
    });
  });
  log(
    `${groups.length} chat groups of ${GROUP_SIZE} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { members, groups };
}

/** Per endpoint: latencies (measured part only), errors and a few of their answers. */
function recorder() {
  const endpoints = new Map(MIX.map(([name]) => [name, { times: [], errors: 0 }]));
  const samples = [];
  let measuring = false;
  let unmeasuredErrors = 0;
  return {
    start() {
      measuring = true;
    },
    stop() {
      measuring = false;
    },
    get measuring() {
      return measuring;
    },
    record(name, res, ok) {
      if (!measuring) {
        // Warm-up (and the last answers after the measured part): not timed, but an error is an error.
        if (!ok) {
          unmeasuredErrors++;
          if (samples.length < 20)
            samples.push({ name, status: res.status, body: res.text.slice(0, 200), unmeasured: true });
        }
        return;
      }
      const e = endpoints.get(name);
      e.times.push(res.ms);
      if (!ok) {
        e.errors++;
        if (samples.length < 20) samples.push({ name, status: res.status, body: res.text.slice(0, 200) });
      }
    },
    endpoints,
    samples,
    get unmeasuredErrors() {
      return unmeasuredErrors;
    },
  };
}

/** One member's socket; every notification goes to `onEvent(member, event, at)`. */
function connect(origin, member, onEvent, onDisconnect) {
  const socket = io(origin, {
    path: '/socket.io',
    auth: { token: member.token },
    transports: ['websocket'],
    reconnection: false,
    timeout: 20_000,
  });
  socket.on('notification', (event) => onEvent(member, event, performance.now()));
  socket.on('disconnect', (reason) => onDisconnect(member, reason));
  const connected = new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, connected };
}

/** The virtual user's loop: one weighted step, then think; until `until()` says stop. */
async function virtualUser(origin, me, rec, tracking, until) {
  let feedCursor = null; // the next feed page, while paging down
  let seenPosts = [];
  const ok = (res, status) => res.status === status;
  const steps = {
    'GET /posts/feed': async () => {
      const query = feedCursor ? `limit=20&before=${encodeURIComponent(feedCursor)}` : 'limit=20';
      const res = await request(origin, 'GET', `/posts/feed?${query}`, me.token);
      const good = ok(res, 200) && Array.isArray(res.json?.data);
      if (good) {
        if (res.json.data.length) seenPosts = res.json.data.map((p) => p.id);
        // Scroll on (up to a few pages) or back to the top, as a reader does.
        feedCursor = res.json.meta.nextCursor && Math.random() < 0.6 ? res.json.meta.nextCursor : null;
      }
      return [res, good];
    },
    'GET /car-logs/{carId}': async () => {
      // A log book is its owner's alone (a friend's answers 404): the member's own, page 1 or 2.
      const page = 1 + Math.floor(Math.random() * 2);
      const res = await request(origin, 'GET', `/car-logs/${me.carId}?page=${page}&limit=20`, me.token);
      return [res, ok(res, 200) && res.json?.data?.length > 0];
    },
    'GET /messages': async () => {
      const folder = Math.random() < 0.7 ? 'inbox' : 'sent';
      const res = await request(origin, 'GET', `/messages?folder=${folder}&limit=20`, me.token);
      return [res, ok(res, 200)];
    },
    'GET /chat-rooms': async () => {
      const res = await request(origin, 'GET', '/chat-rooms?limit=20', me.token);
      if (ok(res, 200))
        for (const room of res.json.data) if (!me.rooms.includes(room.id)) me.rooms.push(room.id);
      return [res, ok(res, 200) && res.json.data.length > 0];
    },
    'GET /chat-messages/chat-room/{roomId}': async () => {
      const res = await request(
        origin,
        'GET',
        `/chat-messages/chat-room/${pick(me.rooms)}?limit=20`,
        me.token,
      );
      return [res, ok(res, 200)];
    },
    'GET /notifications': async () => {
      const res = await request(origin, 'GET', '/notifications?limit=20', me.token);
      return [res, ok(res, 200)];
    },
    'POST /posts': async () => {
      const res = await request(origin, 'POST', '/posts', me.token, {
        id: randomUUID(),
        content: `<p>Out on the <strong>Col de Turini</strong> today, ${new Date().toISOString()}.</p>`,
        carId: Math.random() < 0.5 ? me.carId : null,
      });
      return [res, ok(res, 201)];
    },
    'POST /comments': async () => {
      if (!seenPosts.length) return steps['GET /posts/feed']();
      const res = await request(origin, 'POST', '/comments', me.token, {
        id: randomUUID(),
        postId: pick(seenPosts),
        content: 'Lovely car! Which tyres?',
      });
      return [res, ok(res, 201)];
    },
    'POST /posts/{id}/like': async () => {
      if (!seenPosts.length) return steps['GET /posts/feed']();
      const res = await request(origin, 'POST', `/posts/${pick(seenPosts)}/like`, me.token);
      return [res, ok(res, 200)];
    },
    'POST /car-logs': async () => {
      const res = await request(
        origin,
        'POST',
        '/car-logs',
        me.token,
        logBody(me.carId, Math.floor(Math.random() * 1000)),
      );
      return [res, ok(res, 201)];
    },
    'POST /messages': async () => {
      const to = pick(me.friends);
      const id = randomUUID();
      // Expected before the request: the event may beat the answer.
      const counted = rec.measuring;
      if (counted) tracking.expect('message', id, [to.index], performance.now());
      const res = await request(origin, 'POST', '/messages', me.token, {
        id,
        recipientId: to.id,
        subject: 'Sunday',
        content: '<p>Meet at the usual place at <strong>9</strong>?</p>',
      });
      const good = ok(res, 201);
      if (counted && !good) tracking.forget('message', id);
      return [res, good];
    },
    'POST /chat-messages': async () => {
      const id = randomUUID();
      let body;
      let audience;
      if (Math.random() < 0.25) {
        const to = pick(me.friends);
        body = { id, recipientId: to.id, content: `Direct ${id.slice(0, 8)}` };
        audience = [me.index, to.index];
      } else {
        body = { id, chatGroupId: me.group.id, content: `Group ${id.slice(0, 8)}` };
        audience = me.group.members.map((m) => m.index);
      }
      const counted = rec.measuring;
      if (counted) tracking.expect('chatmessage', id, audience, performance.now());
      const res = await request(origin, 'POST', '/chat-messages', me.token, body);
      const good = ok(res, 201);
      if (good && !me.rooms.includes(res.json.data.chatRoomId)) me.rooms.push(res.json.data.chatRoomId);
      if (counted && !good) tracking.forget('chatmessage', id);
      return [res, good];
    },
  };
  while (!until()) {
    let r = Math.random() * TOTAL_WEIGHT;
    let name = MIX[0][0];
    for (const [label, weight] of MIX) {
      r -= weight;
      if (r < 0) {
        name = label;
        break;
      }
    }
    // A comment or like before any feed page reads the feed instead (and records it as such).
    const needsFeed = (name === 'POST /comments' || name === 'POST /posts/{id}/like') && !seenPosts.length;
    const [res, good] = await steps[name]();
    rec.record(needsFeed ? 'GET /posts/feed' : name, res, good);
    await sleep(Math.random() * 2 * THINK_MS);
  }
}

/** What the sockets must hear: per kind, id → { audience, at }; and what they heard. */
function deliveryTracker() {
  const kinds = {
    chatmessage: { key: 'relatedChatMessageId', expected: new Map(), heard: new Map(), times: [] },
    message: { key: 'relatedMessageId', expected: new Map(), heard: new Map(), times: [] },
  };
  const byType = {};
  let counting = false;
  return {
    byType,
    begin() {
      counting = true;
    },
    end() {
      counting = false;
    },
    expect(kind, id, audience, at) {
      kinds[kind].expected.set(id, { audience, at });
    },
    /** A request that failed: its event is not owed (the failure counts as an error). */
    forget(kind, id) {
      kinds[kind].expected.delete(id);
    },
    onEvent(member, event, at) {
      if (!counting) return;
      byType[event.type] = (byType[event.type] ?? 0) + 1;
      const kind = kinds[event.type];
      if (!kind) return;
      const id = event.jsonPayload?.[kind.key];
      const key = `${id}:${member.index}`;
      kind.heard.set(key, (kind.heard.get(key) ?? 0) + 1);
      const sent = kind.expected.get(id);
      if (sent && kind.heard.get(key) === 1) kind.times.push(at - sent.at);
    },
    /** Per kind: deliveries expected, delivered, lost, duplicated, and latency from the request. */
    summary() {
      const out = {};
      for (const [name, kind] of Object.entries(kinds)) {
        let expected = 0;
        let delivered = 0;
        let lost = 0;
        let duplicated = 0;
        for (const [id, { audience }] of kind.expected)
          for (const index of audience) {
            expected++;
            const n = kind.heard.get(`${id}:${index}`) ?? 0;
            if (n === 0) lost++;
            else {
              delivered++;
              duplicated += n - 1;
            }
          }
        out[name] = {
          sent: kind.expected.size,
          expected,
          delivered,
          lost,
          duplicated,
          p50Ms: percentile(kind.times, 50),
          p99Ms: percentile(kind.times, 99),
        };
      }
      return out;
    },
  };
}

/** The servers: one node on SQLite, or NODES nodes on a fresh PostgreSQL database behind nginx. */
async function start(dialect) {
  if (dialect === 'sqlite') {
    const server = await startServer({ env: ENV });
    return {
      origin: server.baseUrl,
      pids: [server.pid],
      dispose: () => server.dispose(),
      describe: '1 node, SQLite',
    };
  }
  if (dialect !== 'postgres') throw new Error(`Unknown dialect ${dialect}`);
  const cluster = await startCluster({ nodes: NODES, env: ENV });
  return {
    origin: cluster.origin,
    pids: cluster.nodes.map((n) => n.pid),
    dispose: () => cluster.dispose(),
    nginxErrors: () => cluster.nginx.errorLog(),
    describe: `${NODES} nodes on PostgreSQL + Redis, behind nginx (round robin)`,
  };
}

export async function benchMixedLoad(log, { dialect = 'sqlite', durationSeconds = MIXED_SECONDS } = {}) {
  const warmUpSeconds = Math.min(15, Math.max(2, durationSeconds / 10));
  const servers = await start(dialect);
  log(`${dialect}: ${servers.describe} at ${servers.origin}; seeding ${MEMBERS} members…`);
  const clients = [];
  try {
    const seedStarted = performance.now();
    const { members } = await seed(servers.origin, log);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const tracking = deliveryTracker();
    const disconnects = [];
    let started = performance.now();
    let connectFailures = 0;
    for (let i = 0; i < members.length; i += CONNECT_BATCH) {
      const batch = members
        .slice(i, i + CONNECT_BATCH)
        .map((m) =>
          connect(servers.origin, m, tracking.onEvent, (member, reason) =>
            disconnects.push({ member: member.index, reason }),
          ),
        );
      const outcomes = await Promise.allSettled(batch.map((c) => c.connected));
      connectFailures += outcomes.filter((o) => o.status === 'rejected').length;
      clients.push(...batch);
    }
    log(
      `${clients.length - connectFailures} sockets connected in ${((performance.now() - started) / 1000).toFixed(1)} s (failures ${connectFailures})`,
    );

    // The virtual users: every (MEMBERS / USERS)th member, so each circle has its share.
    const step = MEMBERS / USERS;
    const users = Array.from({ length: USERS }, (_, k) => members[Math.floor(k * step)]);
    const rec = recorder();
    let stopping = false;
    log(
      `${USERS} members running the mix (think time 0–${2 * THINK_MS} ms): warm-up ${warmUpSeconds.toFixed(0)} s, then ${durationSeconds} s measured…`,
    );
    const loops = users.map((u) => virtualUser(servers.origin, u, rec, tracking, () => stopping));
    await sleep(warmUpSeconds * 1000);
    const loadStart = loadavg();
    const disconnectsBefore = disconnects.length;
    // The load generator's own stalls (it shares the cores): they add to every latency measured.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    tracking.begin();
    rec.start();
    started = performance.now();
    // A line every minute (or every 10 s on a short run): requests so far, errors so far.
    const every = Math.min(60, Math.max(10, durationSeconds / 5)) * 1000;
    const ticker = setInterval(() => {
      let count = 0;
      let errors = 0;
      for (const e of rec.endpoints.values()) {
        count += e.times.length;
        errors += e.errors;
      }
      const s = (performance.now() - started) / 1000;
      log(`  ${s.toFixed(0)} s: ${count} requests (${(count / s).toFixed(0)}/s), errors ${errors}`);
    }, every);
    await sleep(durationSeconds * 1000);
    rec.stop();
    loopDelay.disable();
    const seconds = (performance.now() - started) / 1000;
    clearInterval(ticker);
    stopping = true;
    await Promise.all(loops);
    await sleep(DRAIN_MS);
    tracking.end();
    const loadEnd = loadavg();
    const rssMiB = [];
    for (const pid of servers.pids) rssMiB.push(pid ? await readRssMiB(pid).catch(() => NaN) : NaN);

    const endpoints = [];
    const all = [];
    let errors = 0;
    for (const [name, e] of rec.endpoints) {
      all.push(...e.times);
      errors += e.errors;
      endpoints.push({
        name,
        count: e.times.length,
        reqPerSec: e.times.length / seconds,
        p50Ms: percentile(e.times, 50),
        p99Ms: percentile(e.times, 99),
        errors: e.errors,
      });
    }
    const total = {
      count: all.length,
      reqPerSec: all.length / seconds,
      p50Ms: percentile(all, 50),
      p99Ms: percentile(all, 99),
      errors,
    };
    const deliveries = tracking.summary();
    const result = {
      dialect,
      setup: servers.describe,
      members: MEMBERS,
      users: USERS,
      thinkMs: THINK_MS,
      seedSeconds,
      seconds,
      warmUpSeconds,
      sockets: clients.length - connectFailures,
      connectFailures,
      disconnects: disconnects.length - disconnectsBefore,
      disconnectReasons: [...new Set(disconnects.map((d) => d.reason))],
      stillConnected: clients.filter((c) => c.socket.connected).length,
      notifications: tracking.byType,
      deliveries,
      endpoints,
      total,
      errorSamples: rec.samples,
      unmeasuredErrors: rec.unmeasuredErrors,
      rssMiB,
      generatorLoopDelay: { p99Ms: loopDelay.percentile(99) / 1e6, maxMs: loopDelay.max / 1e6 },
      loadStart,
      loadEnd,
      nginxErrors: servers.nginxErrors?.().split('\n').filter(Boolean).slice(-10) ?? [],
    };
    log(
      `${dialect}: ${total.count} requests in ${seconds.toFixed(0)} s (${total.reqPerSec.toFixed(0)} req/s), p50 ${total.p50Ms.toFixed(1)} ms, ` +
        `p99 ${total.p99Ms.toFixed(1)} ms, errors ${errors}; disconnects ${result.disconnects}; chat deliveries ` +
        `${deliveries.chatmessage.delivered}/${deliveries.chatmessage.expected} (lost ${deliveries.chatmessage.lost}, ` +
        `duplicated ${deliveries.chatmessage.duplicated}); message notifications ${deliveries.message.delivered}/${deliveries.message.expected}`,
    );
    for (const e of endpoints)
      log(
        `  ${e.name.padEnd(40)} ${String(e.count).padStart(7)} ${e.reqPerSec.toFixed(1).padStart(7)}/s  p50 ${e.p50Ms.toFixed(1).padStart(6)} ms  p99 ${e.p99Ms.toFixed(1).padStart(6)} ms  errors ${e.errors}`,
      );
    if (rec.samples.length) log(`error samples: ${JSON.stringify(rec.samples.slice(0, 5))}`);
    return result;
  } finally {
    for (const c of clients) c.socket.disconnect();
    await servers.dispose();
  }
}

// ---------- the rows and tables of docs/BENCHMARKS.md (report.mjs calls these) ----------

const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(value < 10 ? 1 : 0)} ms` : 'n/a');
const DIALECTS = [
  ['sqlite', 'SQLite, one node'],
  ['postgres', `PostgreSQL, ${NODES} nodes + Redis behind nginx`],
];

/** Whether a run met the bar: no error, no lost or duplicated delivery, no disconnect. */
const clean = (m) =>
  m.total.errors === 0 &&
  m.unmeasuredErrors === 0 &&
  m.connectFailures === 0 &&
  m.disconnects === 0 &&
  Object.values(m.deliveries).every((d) => d.lost === 0 && d.duplicated === 0);

/** The verdict rows, with report.mjs's `add(metric, value, figure, budget, ok)`. */
export function addMixedRows(r, add) {
  for (const [key, label] of DIALECTS) {
    const m = r.mixed?.[key];
    const missing = r.mixed?.errors?.[key] ?? r.errors?.mixed ?? 'no result';
    const chat = m?.deliveries.chatmessage;
    add(
      `Mixed load, ${label}: ${m ? m.users : USERS} members with sockets, errors over ${m ? Math.round(m.seconds) : MIXED_SECONDS} s`,
      m,
      m
        ? `${m.total.count} requests (${m.total.reqPerSec.toFixed(0)} req/s, p50 ${ms(m.total.p50Ms)}, p99 ${ms(m.total.p99Ms)}); ` +
            `errors ${m.total.errors}${m.unmeasuredErrors ? ` (and ${m.unmeasuredErrors} outside the measured part)` : ''}; ${m.sockets} sockets, disconnects ${m.disconnects}; chat deliveries ${chat.delivered} of ${chat.expected} ` +
            `(lost ${chat.lost}, duplicated ${chat.duplicated}); message notifications ${m.deliveries.message.delivered} of ${m.deliveries.message.expected}`
        : missing,
      'errors = 0 over 5 minutes',
      m ? clean(m) && m.seconds >= MIXED_TARGET_SECONDS - 1 : false,
    );
  }
}

/** A table per dialect: endpoint, req/s, p50, p99, errors (appended to docs/BENCHMARKS.md). */
export function mixedMarkdown(r) {
  const lines = [];
  for (const [key, label] of DIALECTS) {
    const m = r.mixed?.[key];
    if (!m) continue;
    const chat = m.deliveries.chatmessage;
    const msg = m.deliveries.message;
    lines.push(
      `## Mixed load: ${label}`,
      '',
      `${m.users} of ${m.members} members (circles of ${CIRCLE} friends), each with a socket, ${Math.round(m.seconds)} s measured ` +
        `after ${Math.round(m.warmUpSeconds)} s of warm-up; think time 0–${2 * m.thinkMs} ms between a member's requests. ` +
        `Load average (1 min) ${m.loadStart[0].toFixed(2)} at the start, ${m.loadEnd[0].toFixed(2)} at the end; ` +
        `server memory ${m.rssMiB.map((v) => `${v.toFixed(0)} MB`).join(', ')} at the end. The load generator ` +
        `(one Node process on the same cores) saw its event loop delayed by up to ${ms(m.generatorLoopDelay.p99Ms)} (p99; ` +
        `max ${ms(m.generatorLoopDelay.maxMs)}): that much of a latency may be the generator's.`,
      '',
      '| Endpoint | Requests | req/s | p50 | p99 | Errors |',
      '| --- | --- | --- | --- | --- | --- |',
      ...m.endpoints.map(
        (e) =>
          `| ${e.name} | ${e.count} | ${e.reqPerSec.toFixed(1)} | ${ms(e.p50Ms)} | ${ms(e.p99Ms)} | ${e.errors} |`,
      ),
      `| **All** | ${m.total.count} | ${m.total.reqPerSec.toFixed(1)} | ${ms(m.total.p50Ms)} | ${ms(m.total.p99Ms)} | ${m.total.errors} |`,
      '',
      `Sockets: ${m.sockets} connected (failures ${m.connectFailures}), ${m.disconnects} disconnects, ${m.stillConnected} still connected at the end. ` +
        `Chat messages: ${chat.sent}, ${chat.delivered} of ${chat.expected} deliveries to the room's sockets ` +
        `(lost ${chat.lost}, duplicated ${chat.duplicated}; p50 ${ms(chat.p50Ms)}, p99 ${ms(chat.p99Ms)} from the request). ` +
        `Private messages: ${msg.delivered} of ${msg.expected} notifications reached the recipient's socket ` +
        `(lost ${msg.lost}; p50 ${ms(msg.p50Ms)}, p99 ${ms(msg.p99Ms)}). Notifications heard by all the sockets during the run, by type (\`message\` also counts the realtime-only copy to the sender's own devices; \`post\` tells each friend): ` +
        `${Object.entries(m.notifications)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}.`,
      '',
    );
    if (m.errorSamples.length)
      lines.push(
        'First errors:',
        '',
        ...m.errorSamples.slice(0, 5).map((s) => `- ${s.name}: ${s.status} ${s.body.replace(/\|/g, '\\|')}`),
        '',
      );
  }
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dialect = process.argv[2] ?? 'sqlite';
  const results = await benchMixedLoad((text) => console.log(`  · ${text}`), { dialect });
  console.log(JSON.stringify({ ...results, endpoints: undefined }, null, 2));
}
