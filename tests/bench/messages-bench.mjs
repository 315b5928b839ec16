// Private messages: "GET /messages, a page of 20 among 10,000: ≥ 2,000 req/s at 10
// connections, p99 ≤ 20 ms". Two friends; one has 10,000 messages from the other in the inbox (a
// third of them read). Measured on the built server: the inbox's first page (what the messages
// screen opens on; the budget's row), a page in the middle of the inbox, and the sender's sent
// folder. Also runnable alone: `node tests/bench/messages-bench.mjs` (after `npm run build`).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { apiCall, newMember, signUpViaApi } from '../browser/support/api.mjs';
import { newDataDir, startServer } from '../browser/support/server-process.mjs';
import { PRODUCTION_ENV } from './bench-support.mjs';

/** The budget's figures (docs/BENCHMARKS.md). */
export const SEED_MESSAGES = 10_000;
export const MESSAGES_PAGE_SIZE = 20;
/** A page in the middle of the inbox: OFFSET is not free. */
export const MESSAGES_DEEP_OFFSET = 5_000;
const READ_EVERY = 3;
const cannon = (options) => autocannon({ connections: 10, duration: 10, ...options });

/**
 * `count` messages from `senderId` to `recipientId`, written straight into the SQLite file in one
 * transaction with the counters they imply (server/src/db/migrations/0008_messages_notifications.ts);
 * the server must be stopped. `already` messages exist (sent through the API) and are counted.
 */
export function seedMessages(dataDir, { senderId, recipientId, count, already = 0 }) {
  const db = new Database(path.join(dataDir, 'paddock.db'));
  try {
    const insert = db.prepare(
      `insert into messages (id, sender_id, recipient_id, subject, content, is_read, read_at,
         sender_deleted, recipient_deleted, created_at)
       values (?, ?, ?, ?, ?, ?, ?, 0, 0, ?)`,
    );
    const bump = db.prepare(
      `insert into message_counters (member_id, inbox_total, inbox_unread, sent_total) values (?, ?, ?, ?)
       on conflict (member_id) do update set
         inbox_total = inbox_total + excluded.inbox_total,
         inbox_unread = inbox_unread + excluded.inbox_unread,
         sent_total = sent_total + excluded.sent_total`,
    );
    const first = Date.UTC(2024, 0, 1);
    let unread = 0;
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const at = new Date(first + i * 60_000).toISOString();
        const read = i % READ_EVERY === 0;
        if (!read) unread++;
        insert.run(
          randomUUID(),
          senderId,
          recipientId,
          `Message ${i + 1}`,
          `<p>Message ${i + 1}: <strong>see you</strong> at the track.</p>`,
          read ? 1 : 0,
          read ? at : null,
          at,
        );
      }
      bump.run(recipientId, count, unread, 0);
      bump.run(senderId, 0, 0, count);
    })();
    return { total: count + already };
  } finally {
    db.close();
  }
}

/** Two members made friends through the API, and one message sent the real way. */
async function seed(dataDir, log) {
  const server = await startServer({ dataDir, env: { ARGON2_MEMORY_KIB: '4096' } });
  try {
    const sender = await signUpViaApi(server.baseUrl, newMember('bench_from'));
    const recipient = await signUpViaApi(server.baseUrl, newMember('bench_to'));
    const asked = await apiCall(
      server.baseUrl,
      'POST',
      '/friends/request',
      { userId: recipient.user.id },
      sender.token,
    );
    if (asked.status !== 201) throw new Error(`POST /friends/request answered ${asked.status}`);
    const requestId = asked.json.data.request.id;
    const accepted = await apiCall(
      server.baseUrl,
      'PUT',
      `/friends/request/${requestId}`,
      { action: 'accept' },
      recipient.token,
    );
    if (accepted.status !== 200) throw new Error(`PUT /friends/request answered ${accepted.status}`);
    const sent = await apiCall(
      server.baseUrl,
      'POST',
      '/messages',
      { recipientId: recipient.user.id, subject: 'Hello', content: '<p>First!</p>' },
      sender.token,
    );
    if (sent.status !== 201) throw new Error(`POST /messages answered ${sent.status}`);
    await server.dispose(); // the DATA_DIR is ours, dispose() keeps it
    const started = performance.now();
    seedMessages(dataDir, {
      senderId: sender.user.id,
      recipientId: recipient.user.id,
      count: SEED_MESSAGES - 1,
      already: 1,
    });
    log(`${SEED_MESSAGES} messages written in ${(performance.now() - started).toFixed(0)} ms`);
    return { sender: sender.member, recipient: recipient.member };
  } catch (err) {
    await server.dispose();
    throw err;
  }
}

async function login(baseUrl, member) {
  const res = await apiCall(baseUrl, 'POST', '/auth/login', {
    email: member.email,
    password: member.password,
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  return res.json.data.token;
}

/** One autocannon run on a page of a folder, after checking the page is what it should be. */
async function benchPage(baseUrl, token, query, expectedTotal, log) {
  const pagePath = `/messages?${query}`;
  const check = await apiCall(baseUrl, 'GET', pagePath, undefined, token);
  const items = check.json?.data?.length;
  const total = check.json?.meta?.total;
  if (check.status !== 200 || items !== MESSAGES_PAGE_SIZE || total !== expectedTotal)
    throw new Error(`GET ${pagePath} answered ${check.status} with ${items} items of ${total}`);
  const url = `${baseUrl}/api/v1.0${pagePath}`;
  const headers = { authorization: `Bearer ${token}` };
  await cannon({ url, duration: 2, headers }); // warm-up
  const run = await cannon({ url, headers });
  log(
    `GET ${pagePath} (${expectedTotal}): ${run.requests.average.toFixed(0)} req/s, p99 ${run.latency.p99} ms, ` +
      `non-2xx ${run.non2xx}`,
  );
  return {
    reqPerSec: run.requests.average,
    p99Ms: run.latency.p99,
    p50Ms: run.latency.p50,
    non2xx: run.non2xx,
    errors: run.errors,
    query,
    total: expectedTotal,
  };
}

export async function benchMessages(log) {
  const dataDir = newDataDir('paddock-bench-messages-');
  log(`seeding two friends and ${SEED_MESSAGES} messages…`);
  try {
    const { sender, recipient } = await seed(dataDir, log);
    const server = await startServer({ dataDir, env: PRODUCTION_ENV });
    try {
      const recipientToken = await login(server.baseUrl, recipient);
      const senderToken = await login(server.baseUrl, sender);
      const size = `limit=${MESSAGES_PAGE_SIZE}`;
      // The same server's cheapest signed-in call, for scale: a busy machine lowers both alike.
      const meUrl = `${server.baseUrl}/api/v1.0/auth/me`;
      const meHeaders = { authorization: `Bearer ${recipientToken}` };
      await cannon({ url: meUrl, duration: 2, headers: meHeaders });
      const me = await cannon({ url: meUrl, headers: meHeaders });
      log(`GET /auth/me (for scale): ${me.requests.average.toFixed(0)} req/s, p99 ${me.latency.p99} ms`);
      return {
        meForScale: { reqPerSec: me.requests.average, p99Ms: me.latency.p99 },
        inboxFirstPage: await benchPage(
          server.baseUrl,
          recipientToken,
          `folder=inbox&offset=0&${size}`,
          SEED_MESSAGES,
          log,
        ),
        inboxDeepPage: await benchPage(
          server.baseUrl,
          recipientToken,
          `folder=inbox&offset=${MESSAGES_DEEP_OFFSET}&${size}`,
          SEED_MESSAGES,
          log,
        ),
        sentFirstPage: await benchPage(
          server.baseUrl,
          senderToken,
          `folder=sent&offset=0&${size}`,
          SEED_MESSAGES,
          log,
        ),
      };
    } finally {
      await server.dispose();
    }
  } finally {
    await import('node:fs').then(({ rmSync }) => rmSync(dataDir, { recursive: true, force: true }));
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const results = await benchMessages((text) => console.log(`  · ${text}`));
  console.log(JSON.stringify(results, null, 2));
}
