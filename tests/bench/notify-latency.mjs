// Notifications: "From A's action to B's socket: p95 ≤ 50 ms with 1,000 connected
// members". 1,000 members signed up through the API, each with one socket.io connection (the
// client's own transport: websocket only). A and B are friends; A sends B a message 200 times,
// one after the other; each figure runs from just before A's POST /messages until B's socket
// receives the 'notification' event whose jsonPayload.relatedMessageId is that message's id (A
// gives the id, so the event can be matched even when it beats the HTTP answer). The same for a
// friend request: A asks 100 other members, each once, until the asked member's socket hears it.
// Also runnable alone: `node tests/bench/notify-latency.mjs` (after `npm run build`).
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { apiCall, newMember, signUpViaApi } from '../browser/support/api.mjs';
import { newDataDir, startServer } from '../browser/support/server-process.mjs';
import { median, percentile, sleep } from './stats.mjs';
import { befriend, PRODUCTION_ENV } from './bench-support.mjs';

/** The budget's figures (docs/BENCHMARKS.md). */
export const CONNECTED_MEMBERS = 1_000;
export const MESSAGE_ROUNDS = 200;
export const FRIEND_REQUEST_ROUNDS = 100;
/** Unmeasured rounds first: the server's lazy compilers and caches warm up. */
const WARM_UP_ROUNDS = 10;
/** Signups at once while seeding (argon2 at a low cost there: the budget is not about logins). */
const SIGNUP_CONCURRENCY = 8;
/** Sockets opened at once, then the next batch: no handshake storm. */
const CONNECT_BATCH = 25;
const CONNECT_PAUSE_MS = 20;
/** A round whose event does not come within this is counted as an error. */
const EVENT_TIMEOUT_MS = 5_000;
/** Between rounds: each action is measured on its own, not queued behind the previous one. */
const ROUND_PAUSE_MS = 10;

/** `count` members signed up through the API, a few at a time; their ids and access tokens. */
export async function signUpMany(baseUrl, count) {
  const members = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const signedUp = await signUpViaApi(baseUrl, newMember(`n${index}`));
      members[index] = { id: signedUp.user.id, token: signedUp.token, member: signedUp.member };
    }
  };
  await Promise.all(Array.from({ length: SIGNUP_CONCURRENCY }, worker));
  return members;
}

/** The seeding server (argon2 cheap, long-lived tokens so no socket outlives its token). */
async function seed(dataDir, log) {
  const server = await startServer({
    dataDir,
    env: { ARGON2_MEMORY_KIB: '4096', ACCESS_TOKEN_TTL_SECONDS: '7200' },
  });
  try {
    const started = performance.now();
    const members = await signUpMany(server.baseUrl, CONNECTED_MEMBERS);
    log(`${CONNECTED_MEMBERS} members signed up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await befriend(server.baseUrl, members[0], members[1]);
    return members;
  } finally {
    await server.dispose(); // the DATA_DIR is ours, dispose() keeps it
  }
}

/**
 * One socket per member; each socket keeps the 'notification' events it receives and lets a
 * round wait for the one it is after.
 */
function connect(baseUrl, member) {
  const socket = io(baseUrl, {
    path: '/socket.io',
    auth: { token: member.token },
    transports: ['websocket'],
    reconnection: false,
    timeout: 20_000,
  });
  const waiters = new Set();
  socket.on('notification', (event) => {
    const at = performance.now();
    for (const waiter of waiters) {
      if (waiter.match(event)) {
        waiters.delete(waiter);
        waiter.resolve(at);
      }
    }
  });
  const connected = new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return {
    socket,
    connected,
    /** Resolves with performance.now() when an event matching `match` arrives; rejects on timeout. */
    waitFor(match) {
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (at) => {
            clearTimeout(timer);
            resolve(at);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error('no event'));
        }, EVENT_TIMEOUT_MS);
        waiters.add(waiter);
      });
    },
  };
}

export async function connectAll(baseUrl, members, log) {
  const started = performance.now();
  const clients = [];
  let failures = 0;
  for (let i = 0; i < members.length; i += CONNECT_BATCH) {
    const batch = members.slice(i, i + CONNECT_BATCH).map((m) => connect(baseUrl, m));
    const outcomes = await Promise.allSettled(batch.map((c) => c.connected));
    failures += outcomes.filter((o) => o.status === 'rejected').length;
    clients.push(...batch);
    await sleep(CONNECT_PAUSE_MS);
  }
  const seconds = (performance.now() - started) / 1000;
  log(`${clients.length - failures} sockets connected in ${seconds.toFixed(1)} s (failures ${failures})`);
  return { clients, failures, connectSeconds: seconds };
}

function summary(latencies, httpTimes, errors, rounds) {
  return {
    rounds,
    measured: latencies.length,
    errors,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.length ? Math.max(...latencies) : NaN,
    httpMedianMs: median(httpTimes),
    httpP95Ms: percentile(httpTimes, 95),
  };
}

/**
 * Rounds of one action: `act(i)` starts A's request and answers { expected status, the event's
 * matcher on the receiver's socket, the receiver }. The figure is request start → event.
 */
async function rounds(count, act) {
  const latencies = [];
  const httpTimes = [];
  let errors = 0;
  for (let i = 0; i < count; i++) {
    const { receiver, match, request, status } = act(i);
    const heard = receiver.waitFor(match);
    const started = performance.now();
    const answered = request().then((res) => {
      httpTimes.push(performance.now() - started);
      return res;
    });
    const [res, at] = await Promise.allSettled([answered, heard]);
    if (res.status === 'fulfilled' && res.value.status === status && at.status === 'fulfilled')
      latencies.push(at.value - started);
    else errors++;
    await sleep(ROUND_PAUSE_MS);
  }
  return { latencies, httpTimes, errors };
}

function messageRound(baseUrl, a, b, receiver) {
  const id = randomUUID();
  return {
    receiver,
    status: 201,
    match: (event) => event.type === 'message' && event.jsonPayload?.relatedMessageId === id,
    request: () =>
      apiCall(
        baseUrl,
        'POST',
        '/messages',
        {
          id,
          recipientId: b.id,
          subject: 'Track day',
          content: '<p>See you at the <strong>track</strong>?</p>',
        },
        a.token,
      ),
  };
}

export async function benchNotifyLatency(log) {
  const dataDir = newDataDir('paddock-bench-notify-');
  try {
    log(`signing up ${CONNECTED_MEMBERS} members…`);
    const members = await seed(dataDir, log);
    const server = await startServer({ dataDir, env: PRODUCTION_ENV });
    let clients = [];
    try {
      // A and B alone first, for scale (below); then the other 998.
      const pair = await connectAll(server.baseUrl, members.slice(0, 2), log);
      clients = pair.clients;
      const [a, b] = members;
      const bSocket = clients[1];
      if (!bSocket.socket.connected) throw new Error("B's socket did not connect");
      const twoSockets = async (when) => {
        const run = await rounds(MESSAGE_ROUNDS, () => messageRound(server.baseUrl, a, b, bSocket));
        const result = summary(run.latencies, run.httpTimes, run.errors, MESSAGE_ROUNDS);
        log(
          `for scale, ${when}: message → B's socket with 2 sockets connected: p50 ${result.p50Ms.toFixed(1)} ms, ` +
            `p95 ${result.p95Ms.toFixed(1)} ms (errors ${result.errors})`,
        );
        return result;
      };
      await rounds(WARM_UP_ROUNDS, () => messageRound(server.baseUrl, a, b, bSocket));
      const twoBefore = await twoSockets('before');

      const others = await connectAll(server.baseUrl, members.slice(2), log);
      clients = [...clients, ...others.clients];
      const connectedAll = {
        failures: pair.failures + others.failures,
        connectSeconds: others.connectSeconds,
      };

      // A → B, private messages, with 1,000 connected.
      await rounds(WARM_UP_ROUNDS, () => messageRound(server.baseUrl, a, b, bSocket));
      const messages = await rounds(MESSAGE_ROUNDS, () => messageRound(server.baseUrl, a, b, bSocket));
      const message = summary(messages.latencies, messages.httpTimes, messages.errors, MESSAGE_ROUNDS);
      log(
        `message → B's socket: p50 ${message.p50Ms.toFixed(1)} ms, p95 ${message.p95Ms.toFixed(1)} ms, ` +
          `p99 ${message.p99Ms.toFixed(1)} ms (errors ${message.errors})`,
      );

      // A → member i, friend requests (each member asked once; the warm-up asks others).
      const asked = (i) => {
        const index = 2 + i;
        const to = members[index];
        return {
          receiver: clients[index],
          status: 201,
          match: (event) =>
            event.type === 'friend' &&
            event.jsonPayload?.action === 'requested' &&
            event.jsonPayload?.relatedFriendId === a.id,
          request: () => apiCall(server.baseUrl, 'POST', '/friends/request', { userId: to.id }, a.token),
        };
      };
      await rounds(WARM_UP_ROUNDS, (i) => asked(i));
      const requests = await rounds(FRIEND_REQUEST_ROUNDS, (i) => asked(WARM_UP_ROUNDS + i));
      const friendRequest = summary(
        requests.latencies,
        requests.httpTimes,
        requests.errors,
        FRIEND_REQUEST_ROUNDS,
      );
      log(
        `friend request → the asked member's socket: p50 ${friendRequest.p50Ms.toFixed(1)} ms, ` +
          `p95 ${friendRequest.p95Ms.toFixed(1)} ms, p99 ${friendRequest.p99Ms.toFixed(1)} ms ` +
          `(errors ${friendRequest.errors})`,
      );

      // Every socket still there at the end: the figures were taken with 1,000 connected.
      const stillConnected = clients.filter((c) => c.socket.connected).length;
      log(`${stillConnected} sockets still connected at the end`);

      // For scale: the same rounds with only A and B connected, before the 998 others came and
      // after they left. What the 1,000 sockets add is the difference; a busy machine raises all.
      for (const client of clients.slice(2)) client.socket.disconnect();
      await sleep(1_000);
      const twoAfter = await twoSockets('after');
      return {
        members: CONNECTED_MEMBERS,
        connected: CONNECTED_MEMBERS - connectedAll.failures,
        connectFailures: connectedAll.failures,
        connectSeconds: connectedAll.connectSeconds,
        stillConnected,
        message,
        friendRequest,
        messageTwoSockets: { before: twoBefore, after: twoAfter },
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
const latencyFigure = (run) =>
  `p95 ${ms(run.p95Ms)} (p50 ${ms(run.p50Ms)}, p99 ${ms(run.p99Ms)}, max ${ms(run.maxMs)}; ` +
  `${run.measured} of ${run.rounds} rounds, errors ${run.errors})`;

/** The rows of the bench table, with report.mjs's `add(metric, value, figure, budget, ok)`. */
export function addNotifyRows(r, add) {
  const n = r.notify;
  const missing = r.errors.notify ?? 'no result';
  const all = n ? n.stillConnected === n.members && n.connectFailures === 0 : false;
  const sockets = n
    ? `; ${n.connected} sockets connected (the ${n.members - 2} others in ${n.connectSeconds.toFixed(1)} s), ${n.stillConnected} at the end`
    : '';
  add(
    `A's message → B's socket 'notification' (${CONNECTED_MEMBERS.toLocaleString('en-US')} members connected, ${MESSAGE_ROUNDS} messages)`,
    n?.message,
    n
      ? `${latencyFigure(n.message)}; with only A's and B's sockets, for scale: p95 ${ms(n.messageTwoSockets.before.p95Ms)} before the others connected, ${ms(n.messageTwoSockets.after.p95Ms)} after they left${sockets}`
      : missing,
    '≤ 50 ms p95',
    n?.message.p95Ms <= 50 && n?.message.errors === 0 && all,
  );
  add(
    `A's friend request → the asked member's socket (same ${CONNECTED_MEMBERS.toLocaleString('en-US')}, ${FRIEND_REQUEST_ROUNDS} requests)`,
    n?.friendRequest,
    n ? latencyFigure(n.friendRequest) : missing,
    '≤ 50 ms p95',
    n?.friendRequest.p95Ms <= 50 && n?.friendRequest.errors === 0 && all,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const results = await benchNotifyLatency((text) => console.log(`  · ${text}`));
  console.log(JSON.stringify(results, null, 2));
}
