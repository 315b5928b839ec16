// Chat, against the built server (`node server/dist/main.js`, or PADDOCK_SERVER_ENTRY):
// (a) fan-out: the owner of a group of 50 members besides them sends 200 messages, one after the
//     other; each figure runs from just before POST /chat-messages until a member's socket receives
//     the realtime-only 'notification' of type 'chatmessage' whose relatedChatMessageId is that
//     message's id (the client gives the id, so the event can be matched even when it beats the
//     HTTP answer). Budget: p95 ≤ 50 ms, every message reaching all 50 members' sockets.
// (b) load: 1,000 members, each with one socket (the client's transport: websocket only), chat for
//     60 s in 100 groups of 10 (and directly with their group's owner), ~100 messages a second in
//     all. Every event each socket receives is counted by message id: no error, no message lost
//     (every participant's socket hears each accepted message once), none duplicated.
// The first fan-out figures are taken with all 1,000 sockets connected and no other load.
// Knobs (for a quick run): CHAT_BENCH_SECONDS (60), CHAT_BENCH_MEMBERS (1000, a multiple of 10,
// at least 60), CHAT_BENCH_RATE (messages per second, 100), CHAT_BENCH_ROUNDS (200).
// Also runnable alone: `node tests/bench/chat-bench.mjs` (after `npm run build`).
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { apiCall, newMember, signUpViaApi } from '../browser/support/api.mjs';
import { newDataDir, startServer } from '../browser/support/server-process.mjs';
import { median, percentile, sleep } from './stats.mjs';
import { befriend, envNumber, pool, PRODUCTION_ENV } from './bench-support.mjs';

/** The budget's figures (docs/BENCHMARKS.md) (the environment may shrink them for a quick run). */
export const CHAT_MEMBERS = Math.max(60, Math.floor(envNumber('CHAT_BENCH_MEMBERS', 1_000) / 10) * 10);
export const GROUP_SIZE = 50;
export const FANOUT_ROUNDS = envNumber('CHAT_BENCH_ROUNDS', 200);
export const LOAD_SECONDS = envNumber('CHAT_BENCH_SECONDS', 60);
export const LOAD_RATE = envNumber('CHAT_BENCH_RATE', 100);
/** Members of each small group of the load (its owner included). */
const LOAD_GROUP_SIZE = 10;
/** Share of the load's messages sent directly (member ↔ their group's owner) rather than to the group. */
const DIRECT_SHARE = 0.2;
const WARM_UP_ROUNDS = 10;
const SEED_CONCURRENCY = 8;
const CONNECT_BATCH = 25;
const CONNECT_PAUSE_MS = 20;
const EVENT_TIMEOUT_MS = 5_000;
const ROUND_PAUSE_MS = 10;
/** Requests in flight at most during the load; a tick that finds them all busy skips (counted). */
const MAX_IN_FLIGHT = 64;
/** After the load: time for the last events to arrive before counting. */
const DRAIN_MS = 3_000;

async function createGroup(baseUrl, owner, members, name) {
  const res = await apiCall(
    baseUrl,
    'POST',
    '/chat-groups',
    { name, memberIds: members.map((m) => m.id) },
    owner.token,
  );
  if (res.status !== 201)
    throw new Error(`POST /chat-groups answered ${res.status}: ${JSON.stringify(res.json)}`);
  return res.json.data;
}

/**
 * Members 0..N-1. The fan-out group: member 0 owns it, members 1..50 are in it (all friends of 0).
 * The load: groups of ten, member 10g owning members 10g+1..10g+9 (their friends).
 */
async function seed(dataDir, log) {
  const server = await startServer({
    dataDir,
    env: { ARGON2_MEMORY_KIB: '4096', ACCESS_TOKEN_TTL_SECONDS: '7200' },
  });
  try {
    let started = performance.now();
    const members = [];
    await pool(CHAT_MEMBERS, SEED_CONCURRENCY, async (i) => {
      const signedUp = await signUpViaApi(server.baseUrl, newMember(`c${i}`));
      members[i] = { index: i, id: signedUp.user.id, token: signedUp.token };
    });
    log(`${CHAT_MEMBERS} members signed up in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    started = performance.now();
    const pairs = new Map();
    for (let i = 1; i <= GROUP_SIZE; i++) pairs.set(`0:${i}`, [members[0], members[i]]);
    for (let g = 0; g < CHAT_MEMBERS / LOAD_GROUP_SIZE; g++)
      for (let k = 1; k < LOAD_GROUP_SIZE; k++) {
        const [o, m] = [g * LOAD_GROUP_SIZE, g * LOAD_GROUP_SIZE + k];
        pairs.set(`${o}:${m}`, [members[o], members[m]]);
      }
    const list = [...pairs.values()];
    await pool(list.length, SEED_CONCURRENCY, (i) => befriend(server.baseUrl, list[i][0], list[i][1]));
    const fanoutGroup = await createGroup(
      server.baseUrl,
      members[0],
      members.slice(1, GROUP_SIZE + 1),
      'Fan-out',
    );
    const groups = [];
    await pool(CHAT_MEMBERS / LOAD_GROUP_SIZE, SEED_CONCURRENCY, async (g) => {
      const owner = members[g * LOAD_GROUP_SIZE];
      const rest = members.slice(g * LOAD_GROUP_SIZE + 1, (g + 1) * LOAD_GROUP_SIZE);
      const group = await createGroup(server.baseUrl, owner, rest, `Load ${g}`);
      groups[g] = { id: group.id, chatRoomId: group.chatRoomId, members: [owner, ...rest] };
    });
    log(
      `${list.length} friendships and ${groups.length + 1} groups in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return { members, fanoutGroup, groups };
  } finally {
    await server.dispose(); // the DATA_DIR is ours, dispose() keeps it
  }
}

/** One socket per member; every 'chatmessage' event goes to `onMessage(memberIndex, event, at)`. */
function connect(baseUrl, member, onMessage, onDisconnect) {
  const socket = io(baseUrl, {
    path: '/socket.io',
    auth: { token: member.token },
    transports: ['websocket'],
    reconnection: false,
    timeout: 20_000,
  });
  socket.on('notification', (event) => {
    if (event.type === 'chatmessage') onMessage(member.index, event, performance.now());
  });
  socket.on('disconnect', (reason) => onDisconnect(member.index, reason));
  const connected = new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, connected };
}

const summary = (values) => ({
  p50Ms: percentile(values, 50),
  p95Ms: percentile(values, 95),
  p99Ms: percentile(values, 99),
  maxMs: values.length ? Math.max(...values) : NaN,
});

/** (a) The owner's messages to the 50-member group; latency per delivery and until all 50 heard. */
async function fanout(baseUrl, owner, group, receivers, tracker, rounds) {
  const deliveries = [];
  const allReached = [];
  const httpTimes = [];
  let errors = 0;
  for (let i = 0; i < rounds; i++) {
    const id = randomUUID();
    const expected = new Set(receivers);
    const started = performance.now();
    const times = [];
    const reached = new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), EVENT_TIMEOUT_MS);
      tracker.set(id, (memberIndex, at) => {
        if (!expected.delete(memberIndex)) return;
        times.push(at - started);
        if (expected.size === 0) {
          clearTimeout(timer);
          resolve(true);
        }
      });
    });
    const answered = apiCall(
      baseUrl,
      'POST',
      '/chat-messages',
      { id, chatGroupId: group.id, content: `Fan-out ${i}` },
      owner.token,
    ).then((res) => {
      httpTimes.push(performance.now() - started);
      return res.status;
    });
    const [status, all] = await Promise.all([answered, reached]);
    tracker.delete(id);
    if (status !== 201 || !all) errors++;
    else {
      deliveries.push(...times);
      allReached.push(Math.max(...times));
    }
    await sleep(ROUND_PAUSE_MS);
  }
  return {
    rounds,
    receivers: receivers.length,
    measured: allReached.length,
    errors,
    delivery: summary(deliveries),
    allReached: summary(allReached),
    httpMedianMs: median(httpTimes),
    httpP95Ms: percentile(httpTimes, 95),
  };
}

/** (b) Everyone chats for `seconds`; every event counted per receiver and message id. */
async function load(baseUrl, members, groups, received, seconds, rate) {
  const expected = new Map(); // message id → member indices that must hear it
  const httpTimes = [];
  let accepted = 0;
  let httpErrors = 0;
  let skipped = 0;
  let inFlight = 0;
  const directRooms = new Map();
  const groupOf = (index) => groups[Math.floor(index / LOAD_GROUP_SIZE)];

  const sendOne = async () => {
    const sender = members[Math.floor(Math.random() * members.length)];
    const group = groupOf(sender.index);
    const id = randomUUID();
    let body;
    let audience;
    if (Math.random() < DIRECT_SHARE) {
      const owner = group.members[0];
      const other =
        sender.index === owner.index
          ? group.members[1 + Math.floor(Math.random() * (LOAD_GROUP_SIZE - 1))]
          : owner;
      body = { id, recipientId: other.id, content: `Direct ${id.slice(0, 8)}` };
      audience = [sender.index, other.index];
    } else {
      body = { id, chatGroupId: group.id, content: `Group ${id.slice(0, 8)}` };
      audience = group.members.map((m) => m.index);
    }
    expected.set(id, audience);
    const started = performance.now();
    inFlight++;
    try {
      const res = await apiCall(baseUrl, 'POST', '/chat-messages', body, sender.token);
      httpTimes.push(performance.now() - started);
      if (res.status === 201) {
        accepted++;
        if (body.recipientId) directRooms.set(res.json.data.chatRoomId, true);
      } else {
        httpErrors++;
        expected.delete(id);
      }
    } catch {
      httpErrors++;
      expected.delete(id);
    } finally {
      inFlight--;
    }
  };

  // Sends keep pace with the clock (rate × elapsed so far), whatever each tick's real length.
  const started = performance.now();
  const end = started + seconds * 1000;
  const tickMs = 10;
  const sends = [];
  let due = 0;
  for (let now = performance.now(); now < end; now = performance.now()) {
    const target = Math.floor(((now - started) / 1000) * rate);
    while (due < target) {
      due++;
      if (inFlight >= MAX_IN_FLIGHT) {
        skipped++;
        continue;
      }
      sends.push(sendOne());
    }
    await sleep(tickMs);
  }
  await Promise.all(sends);
  const elapsed = (performance.now() - started) / 1000;
  await sleep(DRAIN_MS);

  let deliveriesExpected = 0;
  let delivered = 0;
  let lost = 0;
  let duplicated = 0;
  let unexpected = 0;
  for (const [id, audience] of expected) {
    for (const index of audience) {
      deliveriesExpected++;
      const count = received[index].get(id) ?? 0;
      if (count === 0) lost++;
      else {
        delivered++;
        if (count > 1) duplicated += count - 1;
      }
    }
  }
  for (let index = 0; index < received.length; index++)
    for (const [id] of received[index]) {
      const audience = expected.get(id);
      if (!audience || !audience.includes(index)) unexpected++;
    }
  return {
    seconds: elapsed,
    targetRate: rate,
    sent: sends.length,
    accepted,
    rate: accepted / elapsed,
    httpErrors,
    skipped,
    directRooms: directRooms.size,
    deliveriesExpected,
    delivered,
    lost,
    duplicated,
    unexpected,
    httpMedianMs: median(httpTimes),
    httpP95Ms: percentile(httpTimes, 95),
    httpP99Ms: percentile(httpTimes, 99),
  };
}

export async function benchChat(log) {
  const dataDir = newDataDir('paddock-bench-chat-');
  try {
    log(
      `seeding ${CHAT_MEMBERS} members, a ${GROUP_SIZE}-member group and ${CHAT_MEMBERS / LOAD_GROUP_SIZE} groups of ${LOAD_GROUP_SIZE}…`,
    );
    const { members, fanoutGroup, groups } = await seed(dataDir, log);
    const server = await startServer({ dataDir, env: PRODUCTION_ENV });
    const clients = [];
    try {
      // Fan-out rounds wait on `tracker`; the load counts into `received` (per member: id → count).
      const tracker = new Map();
      let received = members.map(() => new Map());
      let disconnects = 0;
      let counting = false;
      const onMessage = (index, event, at) => {
        const id = event.jsonPayload?.relatedChatMessageId;
        tracker.get(id)?.(index, at);
        if (counting) received[index].set(id, (received[index].get(id) ?? 0) + 1);
      };
      const onDisconnect = () => {
        disconnects++;
      };

      let started = performance.now();
      let connectFailures = 0;
      for (let i = 0; i < members.length; i += CONNECT_BATCH) {
        const batch = members
          .slice(i, i + CONNECT_BATCH)
          .map((m) => connect(server.baseUrl, m, onMessage, onDisconnect));
        const outcomes = await Promise.allSettled(batch.map((c) => c.connected));
        connectFailures += outcomes.filter((o) => o.status === 'rejected').length;
        clients.push(...batch);
        await sleep(CONNECT_PAUSE_MS);
      }
      const connectSeconds = (performance.now() - started) / 1000;
      log(
        `${clients.length - connectFailures} sockets connected in ${connectSeconds.toFixed(1)} s (failures ${connectFailures})`,
      );

      // (a) fan-out, with every socket connected and nothing else going on.
      const receivers = members.slice(1, GROUP_SIZE + 1).map((m) => m.index);
      await fanout(server.baseUrl, members[0], fanoutGroup, receivers, tracker, WARM_UP_ROUNDS);
      const groupFanout = await fanout(
        server.baseUrl,
        members[0],
        fanoutGroup,
        receivers,
        tracker,
        FANOUT_ROUNDS,
      );
      log(
        `group of ${GROUP_SIZE} + owner, ${FANOUT_ROUNDS} messages: each member's socket p50 ${groupFanout.delivery.p50Ms.toFixed(1)} ms, ` +
          `p95 ${groupFanout.delivery.p95Ms.toFixed(1)} ms; all ${GROUP_SIZE} reached p95 ${groupFanout.allReached.p95Ms.toFixed(1)} ms ` +
          `(errors ${groupFanout.errors})`,
      );

      // (b) everyone chats.
      received = members.map(() => new Map());
      counting = true;
      const disconnectsBefore = disconnects;
      log(`chatting for ${LOAD_SECONDS} s at ~${LOAD_RATE} messages/s…`);
      const chatLoad = await load(server.baseUrl, members, groups, received, LOAD_SECONDS, LOAD_RATE);
      counting = false;
      chatLoad.disconnects = disconnects - disconnectsBefore;
      chatLoad.sockets = clients.length - connectFailures;
      chatLoad.stillConnected = clients.filter((c) => c.socket.connected).length;
      log(
        `${chatLoad.accepted} messages in ${chatLoad.seconds.toFixed(1)} s (${chatLoad.rate.toFixed(0)}/s; HTTP p95 ${chatLoad.httpP95Ms.toFixed(1)} ms): ` +
          `${chatLoad.delivered} of ${chatLoad.deliveriesExpected} deliveries, lost ${chatLoad.lost}, duplicated ${chatLoad.duplicated}, ` +
          `unexpected ${chatLoad.unexpected}, HTTP errors ${chatLoad.httpErrors}, skipped ${chatLoad.skipped}, disconnects ${chatLoad.disconnects}`,
      );
      return {
        members: CHAT_MEMBERS,
        connected: clients.length - connectFailures,
        connectFailures,
        connectSeconds,
        groupFanout,
        chatLoad,
      };
    } finally {
      for (const client of clients) client.socket.disconnect();
      await server.dispose();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (value) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

/** The rows of the bench table, with report.mjs's `add(metric, value, figure, budget, ok)`. */
export function addChatRows(r, add) {
  const c = r.chat;
  const missing = r.errors?.chat ?? 'no result';
  const f = c?.groupFanout;
  add(
    `A group message → each of its ${GROUP_SIZE} members' sockets (${CHAT_MEMBERS.toLocaleString('en-US')} connected, ${FANOUT_ROUNDS} messages)`,
    f,
    f
      ? `p95 ${ms(f.delivery.p95Ms)} per member (p50 ${ms(f.delivery.p50Ms)}, p99 ${ms(f.delivery.p99Ms)}); all ${GROUP_SIZE} reached: p95 ${ms(f.allReached.p95Ms)}; ${f.measured} of ${f.rounds} rounds, errors ${f.errors}`
      : missing,
    '≤ 50 ms p95',
    f?.delivery.p95Ms <= 50 && f?.errors === 0 && c?.connectFailures === 0,
  );
  const l = c?.chatLoad;
  add(
    `${CHAT_MEMBERS.toLocaleString('en-US')} sockets chatting for ${LOAD_SECONDS} s`,
    l,
    l
      ? `${l.accepted} messages (${l.rate.toFixed(0)}/s, HTTP p95 ${ms(l.httpP95Ms)}); ${l.delivered} of ${l.deliveriesExpected} deliveries; lost ${l.lost}, duplicated ${l.duplicated}, unexpected ${l.unexpected}; HTTP errors ${l.httpErrors}, disconnects ${l.disconnects}`
      : missing,
    'no error, none lost or duplicated',
    l?.lost === 0 &&
      l?.duplicated === 0 &&
      l?.unexpected === 0 &&
      l?.httpErrors === 0 &&
      l?.disconnects === 0,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const results = await benchChat((text) => console.log(`  · ${text}`));
  console.log(JSON.stringify(results, null, 2));
}
