// The feed: "GET /posts/feed with 100,000 posts and 10,000 members of about 50 friends
// each (the measured member's friends among the most prolific authors, so the feed holds thousands
// of posts): ≥ 1,000 req/s at 10 connections, p99 ≤ 25 ms; the 500th page by cursor no slower than
// 1.5× the first (by offset it is about 9× slower)."
//
// One member signs up through the API (a real password, a real token); everything else is written
// straight into the SQLite file in one transaction while the server is stopped: 9,999 members,
// about 50 friends each (random pairs), 100,000 posts over two years (the measured member's 50
// friends write 400 down to 155 posts each, the member 20, the rest are spread over everyone
// else), and 0 to 5 likes per post. The triggers of migration 0009 keep the counters as they would
// for rows the API writes. Also runnable alone: `node tests/bench/feed-bench.mjs` (after a build).
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { apiCall, newMember, signUpViaApi } from '../browser/support/api.mjs';
import { newDataDir, startServer } from '../browser/support/server-process.mjs';
import { PRODUCTION_ENV } from './bench-support.mjs';

/** The budget's figures (docs/BENCHMARKS.md). */
export const FEED_POSTS = 100_000;
export const FEED_MEMBERS = 10_000;
export const FRIENDS_OF_MEASURED = 50;
export const FEED_PAGE = 20;
/** "The 500th page": offset 9,980 (the spec's (page - 1) * limit), or 499 cursors down. */
export const DEEP_PAGE = 500;
export const FEED_BUDGET = { reqPerSec: 1_000, p99Ms: 25, deepRatio: 1.5 };

/** Every other member befriends this many at random: about 50 friends each. */
const PAIRS_PER_MEMBER = 25;
const MEASURED_OWN_POSTS = 20;
const MAX_LIKES_PER_POST = 5;
const cannon = (options) => autocannon({ connections: 10, duration: 10, ...options });

/** A small seeded generator: the same site on every run. */
function generator(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return Math.floor((state / 2 ** 32) * n);
  };
}

/** Posts of the measured member's friends: 400 for the most prolific, 5 fewer for each next. */
const prolificPosts = (rank) => 400 - rank * 5;

/**
 * Writes the site into the SQLite file of `dataDir` (the server must be stopped): members,
 * friendships, posts and likes. `memberId` exists already (signed up through the API).
 */
export function seedFeed(dataDir, memberId) {
  const db = new Database(path.join(dataDir, 'paddock.db'));
  const random = generator(6);
  try {
    const insertUser = db.prepare(
      `insert into users (id, email, username, username_lower, password_hash, first_name, last_name,
         city, bio, avatar, created_at, updated_at)
       values (?, ?, ?, ?, null, ?, ?, null, null, null, ?, ?)`,
    );
    const insertFriend = db.prepare(
      'insert or ignore into friendships (member_id, friend_id, created_at) values (?, ?, ?)',
    );
    const insertPost = db.prepare(
      `insert into posts (id, author_id, content, image_id, image_width, image_height, car_id,
         created_at, updated_at)
       values (?, ?, ?, null, null, null, null, ?, ?)`,
    );
    const insertLike = db.prepare(
      'insert or ignore into post_likes (post_id, member_id, created_at) values (?, ?, ?)',
    );
    const since = Date.UTC(2024, 0, 1);
    const span = 2 * 365 * 24 * 3600 * 1000;
    const at = (ms) => new Date(ms).toISOString();
    const members = [memberId];
    let posts = 0;
    let likes = 0;
    db.transaction(() => {
      for (let i = 1; i < FEED_MEMBERS; i++) {
        const id = randomUUID();
        const name = `bench_feed_${i}`;
        insertUser.run(id, `${name}@example.test`, name, name, 'Member', String(i), at(since), at(since));
        members.push(id);
      }
      const befriend = (a, b) => {
        insertFriend.run(a, b, at(since));
        insertFriend.run(b, a, at(since));
      };
      // The measured member's friends: members 1..50, the most prolific authors.
      for (let r = 1; r <= FRIENDS_OF_MEASURED; r++) befriend(memberId, members[r]);
      for (let i = 1; i < FEED_MEMBERS; i++) {
        for (let k = 0; k < PAIRS_PER_MEMBER; k++) {
          const j = 1 + random(FEED_MEMBERS - 1);
          if (j !== i) befriend(members[i], members[j]);
        }
      }
      const write = (authorId) => {
        const id = randomUUID();
        const created = at(since + random(span));
        insertPost.run(
          id,
          authorId,
          `<p>Post ${posts + 1}: <strong>track day</strong> at Magny-Cours, new tyres and a ` +
            `<em>much</em> better lap time.</p><p class="ql-align-center">See you there!</p>`,
          created,
          created,
        );
        posts++;
        const n = random(MAX_LIKES_PER_POST + 1);
        for (let l = 0; l < n; l++) {
          insertLike.run(id, members[random(FEED_MEMBERS)], created);
          likes++;
        }
      };
      for (let r = 0; r < FRIENDS_OF_MEASURED; r++)
        for (let k = 0; k < prolificPosts(r); k++) write(members[r + 1]);
      for (let k = 0; k < MEASURED_OWN_POSTS; k++) write(memberId);
      while (posts < FEED_POSTS)
        write(members[FRIENDS_OF_MEASURED + 1 + random(FEED_MEMBERS - FRIENDS_OF_MEASURED - 1)]);
    })();
    // No ANALYZE: production never runs it, and the bench measures the plans members get. With
    // statistics, the bundled SQLite (STAT4) re-prepares every statement that binds an indexed
    // column's value on each call; the hot paths' plans are pinned by their SQL (INDEXED BY, `+`)
    // and checked without statistics by the plan tests.
    const feedSize = db
      .prepare(
        `select count(*) as n from posts where author_id in
           (select friend_id from friendships where member_id = ? union all select ?)`,
      )
      .get(memberId, memberId).n;
    const friendships = db.prepare('select count(*) as n from friendships').get().n / 2;
    return { posts, likes, friendships, feedSize };
  } finally {
    db.close();
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

async function page(baseUrl, token, query) {
  const res = await apiCall(baseUrl, 'GET', `/posts/feed?${query}`, undefined, token);
  if (res.status !== 200) throw new Error(`GET /posts/feed?${query} answered ${res.status}`);
  return res.json;
}

/** One autocannon run on a feed query, after a warm-up. */
async function run(baseUrl, token, query, log, label) {
  const url = `${baseUrl}/api/v1.0/posts/feed?${query}`;
  const headers = { authorization: `Bearer ${token}` };
  await cannon({ url, duration: 2, headers }); // warm-up
  const r = await cannon({ url, headers });
  const result = {
    reqPerSec: r.requests.average,
    p50Ms: r.latency.p50,
    meanMs: r.latency.average,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
  log(
    `${label}: ${result.reqPerSec.toFixed(0)} req/s, mean ${result.meanMs.toFixed(2)} ms, p99 ${result.p99Ms} ms, ` +
      `non-2xx ${result.non2xx}`,
  );
  return result;
}

export async function benchFeed(log) {
  const dataDir = newDataDir('paddock-bench-feed-');
  try {
    const member = newMember('bench_feed');
    const seeding = await startServer({ dataDir, env: { ARGON2_MEMORY_KIB: '4096' } });
    let memberId;
    try {
      memberId = (await signUpViaApi(seeding.baseUrl, member)).user.id;
    } finally {
      await seeding.dispose(); // the DATA_DIR is ours, dispose() keeps it
    }
    log(`seeding ${FEED_MEMBERS} members and ${FEED_POSTS} posts…`);
    const started = performance.now();
    const seeded = seedFeed(dataDir, memberId);
    log(
      `${seeded.posts} posts, ${seeded.likes} likes, ${seeded.friendships} friendships written in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s; the measured feed holds ${seeded.feedSize} posts`,
    );
    if (seeded.feedSize < DEEP_PAGE * FEED_PAGE)
      throw new Error(`The feed holds only ${seeded.feedSize} posts`);

    const server = await startServer({ dataDir, env: PRODUCTION_ENV });
    try {
      const token = await login(server.baseUrl, member);
      // Checked once: a full first page, the feed's size, and the 500th page the same both ways.
      const first = await page(server.baseUrl, token, `limit=${FEED_PAGE}`);
      if (first.data.length !== FEED_PAGE || first.meta.total !== seeded.feedSize)
        throw new Error(`page 1 has ${first.data.length} posts of ${first.meta.total}`);
      let cursor = first.meta.nextCursor;
      for (let p = 2; p < DEEP_PAGE; p++)
        cursor = (await page(server.baseUrl, token, `limit=${FEED_PAGE}&before=${cursor}`)).meta.nextCursor;
      const deepOffset = (DEEP_PAGE - 1) * FEED_PAGE;
      const byCursor = await page(server.baseUrl, token, `limit=${FEED_PAGE}&before=${cursor}`);
      const byOffset = await page(server.baseUrl, token, `limit=${FEED_PAGE}&offset=${deepOffset}`);
      const same =
        JSON.stringify(byCursor.data.map((p) => p.id)) === JSON.stringify(byOffset.data.map((p) => p.id));
      if (!same || byCursor.data.length !== FEED_PAGE)
        throw new Error('page 500 differs by cursor and by offset');

      const meUrl = `${server.baseUrl}/api/v1.0/auth/me`;
      const headers = { authorization: `Bearer ${token}` };
      await cannon({ url: meUrl, duration: 2, headers });
      const me = await cannon({ url: meUrl, headers });
      log(`GET /auth/me (for scale): ${me.requests.average.toFixed(0)} req/s, p99 ${me.latency.p99} ms`);

      const firstPage = await run(server.baseUrl, token, `limit=${FEED_PAGE}`, log, 'feed page 1');
      const deepCursor = await run(
        server.baseUrl,
        token,
        `limit=${FEED_PAGE}&before=${cursor}`,
        log,
        `feed page ${DEEP_PAGE} by cursor`,
      );
      const deepByOffset = await run(
        server.baseUrl,
        token,
        `limit=${FEED_PAGE}&offset=${deepOffset}`,
        log,
        `feed page ${DEEP_PAGE} by offset`,
      );
      return {
        seeded,
        meForScale: { reqPerSec: me.requests.average, p99Ms: me.latency.p99 },
        firstPage,
        deepCursor,
        deepOffset: deepByOffset,
        // How much slower a deep page is than the first: mean latency, and throughput.
        cursorRatio: deepCursor.meanMs / firstPage.meanMs,
        offsetRatio: deepByOffset.meanMs / firstPage.meanMs,
      };
    } finally {
      await server.dispose();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------- the rows of the bench table (report.mjs calls this) ----------

const ms = (value) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const rate = (run) => `${run.reqPerSec.toFixed(0)} req/s (non-2xx ${run.non2xx}, errors ${run.errors})`;

/** Adds the feed rows with report.mjs's `add(metric, value, figure, budget, ok)`. */
export function addFeedRows(r, add) {
  const f = r.feed;
  const missing = r.errors.feed ?? 'no result';
  const first = f?.firstPage;
  const scale = f
    ? `; feed of ${f.seeded.feedSize} posts; /auth/me on the same server ${f.meForScale.reqPerSec.toFixed(0)} req/s`
    : '';
  add(
    'GET /posts/feed, page 1 of 20 (100,000 posts, 10,000 members, ~50 friends each; 10 connections, 10 s)',
    first,
    first ? `${rate(first)}${scale}` : missing,
    '≥ 1,000 req/s',
    first?.reqPerSec >= FEED_BUDGET.reqPerSec && first?.non2xx === 0,
  );
  add(
    'GET /posts/feed p99 latency (same run)',
    first,
    first ? ms(first.p99Ms) : missing,
    '≤ 25 ms',
    first?.p99Ms <= FEED_BUDGET.p99Ms,
  );
  add(
    'GET /posts/feed, 500th page by cursor vs the first (mean latency)',
    f?.deepCursor,
    f
      ? `${f.cursorRatio.toFixed(2)}× (${rate(f.deepCursor)}, p99 ${ms(f.deepCursor.p99Ms)}); ` +
          `by offset ${f.offsetRatio.toFixed(1)}× (${f.deepOffset.reqPerSec.toFixed(0)} req/s)`
      : missing,
    '≤ 1.5×',
    f?.cursorRatio <= FEED_BUDGET.deepRatio && f?.deepCursor.non2xx === 0,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const results = await benchFeed((text) => console.log(`  · ${text}`));
  console.log(JSON.stringify(results, null, 2));
}
